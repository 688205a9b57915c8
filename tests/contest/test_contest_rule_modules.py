"""How Contest is cut: consequences as rule modules the flow asks, phases as an enum,
actions as values, views of their declared shape and clones that share nothing mutable."""

from __future__ import annotations

import dataclasses
from typing import get_args

import pytest

from cardtable import load_game
from cardtable.engine.conformance import check_clone_shares_nothing_mutable
from cardtable.engine.schema import check_schema
from cardtable.games.contest import actions as act
from cardtable.games.contest.consequences import RULES, show_pile, show_top
from cardtable.games.contest.phases import PHASE_NAMES, Phase, PhaseName
from cardtable.games.contest.schema import ContestObservation, ContestPublicObservation
from cardtable.rl.games.contest import PHASES
from tests.contest.helpers import legal, new_state, play

BLACK, WHITE = 0, 1


def test_the_consequence_phase_offers_what_the_rule_modules_offer_in_their_order():
    state = play(new_state("RP", "PN"), "R", "Q", "pass", "call")
    assert state.observation(WHITE)["phase"] == "consequence"
    assert legal(state) == [str(rule.ACTION) for rule in RULES] == ["pile", "top"]


def test_a_consequence_is_changed_by_editing_its_module_alone(monkeypatch):
    # a consequence whose module says it does not apply is not offered
    monkeypatch.setattr(show_top, "applies", lambda state, taker: False)
    state = play(new_state("RP", "PN"), "R", "Q", "pass", "call")
    assert legal(state) == ["pile"]


def test_the_chosen_consequence_runs_its_module(monkeypatch):
    taken: list[int] = []
    monkeypatch.setattr(show_pile, "take", lambda state, taker: taken.append(taker))
    state = play(new_state("RP", "PN"), "R", "Q", "pass", "call", "pile")
    assert taken == [WHITE]
    assert state.observation(BLACK)["phase"] == "declare-first"  # the flow goes on


def test_phase_labels_are_defined_once_and_read_by_the_rl_codec():
    assert get_args(PhaseName) == PHASE_NAMES
    assert [p.label for p in Phase] == [p.name.lower().replace("_", "-") for p in Phase]
    assert list(PHASES) == list(PHASE_NAMES)


def _every_action() -> list[act.Action]:
    singles = [act.CALL, act.PASS, act.SHOW_PILE, act.SHOW_TOP]
    return [*act.DECLARE, *singles, *(d for seat in act.DEAL for d in seat)]


@pytest.mark.parametrize("action", _every_action(), ids=str)
def test_every_action_equals_and_hashes_like_its_value(action):
    cls = type(action)
    try:
        twin = object.__new__(cls)
    except TypeError:  # compiled, the Action base allocates: its own allocator, the same bypass
        twin = cls.__new__(cls)
    for f in dataclasses.fields(action):
        object.__setattr__(twin, f.name, getattr(action, f.name))
    assert twin is not action and twin == action and hash(twin) == hash(action)
    assert act.parse(str(action)) is action


def _positions():
    yield new_state("R", "N")  # an explicit deal, legal actions not yet asked
    state = new_state("RP", "PN")
    state.legal_actions()
    yield state  # the cached legal actions too
    yield play(new_state("RP", "PN"), "R", "Q", "pass", "call")  # a consequence to take
    yield play(new_state("RPQ", "PNR"), "R", "Q", "pass", "call", "top")  # a top card shown
    yield play(new_state("NQ", "BP"), "N", "B", "pass", "pass")  # cards left on the table
    yield play(new_state("K", "R"), "P", "R", "call")  # the end


@pytest.mark.parametrize("index", range(6))
def test_views_have_their_declared_shape_and_clones_share_nothing_mutable(index):
    state = list(_positions())[index]
    for seat in (BLACK, WHITE):
        check_schema(state.observation(seat), ContestObservation)
    check_schema(state.public_observation(), ContestPublicObservation)
    check_clone_shares_nothing_mutable(state.game, 0, state)


def test_an_explicit_deal_is_the_states_own_copy():
    deal = {"black": list("RNBQKPPPPPPPPRNB"), "white": list("NRBQKPPPPPPPPRNB")}
    state = load_game("contest").new_initial_state(deal=deal)
    deal["black"][0] = "X"
    assert state.to_record()["deal"]["black"][0] == "R"
