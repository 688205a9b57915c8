"""How Contest is cut: consequences as rule values in a registry the flow asks, phases
as an enum, actions as values, views of their declared shape and clones that share
nothing mutable."""

from __future__ import annotations

import dataclasses
from typing import get_args

import pytest

from cardtable import load_game
from cardtable.engine.conformance import check_clone_shares_nothing_mutable
from cardtable.engine.schema import check_schema
from cardtable.games.contest import actions as act
from cardtable.games.contest.core import ContestCore
from cardtable.games.contest.phases import PHASE_NAMES, Phase, PhaseName
from cardtable.games.contest.rules import CONSEQUENCES, Consequence, choices, show_pile
from cardtable.games.contest.schema import ContestObservation, ContestPublicObservation
from cardtable.rl.games.contest import PHASES, ContestCodec
from tests.contest.helpers import legal, new_state, pile, play

BLACK, WHITE = 0, 1


def test_the_consequence_phase_offers_what_the_registry_offers_in_its_order():
    state = play(new_state("RP", "PN"), "R", "Q", "pass", "call")
    assert state.observation(WHITE)["phase"] == "consequence"
    assert legal(state) == [str(rule.action) for rule in CONSEQUENCES] == ["pile", "top"]


def _confess(state: ContestCore, taker: int) -> None:
    """A toy consequence: the top card of the taker's Main Pile is shown to the other seat."""
    card = state.main[taker][0]
    state.known[1 - taker][taker].add(card)
    state.events.append(("confessed", taker))


TOY = Consequence(
    name="confess", help="'confess' shows your next card", applies=lambda s, t: True, take=_confess
)


def _toy_game():
    game = load_game("contest")
    game.consequences = CONSEQUENCES.with_rule(TOY)
    return game


def test_a_new_consequence_is_one_rule_value_and_one_registry_line():
    game = _toy_game()
    state = game.new_initial_state(deal={"black": pile("RP"), "white": pile("PN")})
    state = play(state, "R", "Q", "pass", "call")
    assert legal(state) == ["pile", "top", "confess"]
    # its word is its notation, its refusal text and its RL action id
    assert "confess" in state.why_illegal(act.CALL)
    table = ContestCodec(game).actions
    assert table.labels[-1] == "confess"
    card = state.main[WHITE][0]
    state.apply_action(state.parse_action("confess"))
    assert card in state.known[BLACK][WHITE]
    assert state.observation(BLACK)["phase"] == "declare-first"  # the flow goes on
    # the game's own registry is unchanged
    assert load_game("contest").consequences.names() == ("pile", "top")
    with pytest.raises(ValueError, match="not a Contest action"):
        load_game("contest").new_initial_state().parse_action("confess")


def test_a_consequence_that_does_not_apply_is_not_offered():
    game = load_game("contest")
    never = Consequence(name="pile", help="", applies=lambda s, t: False, take=show_pile.take)
    top = CONSEQUENCES["top"]
    game.consequences = type(CONSEQUENCES)("consequence", (never, top))
    state = game.new_initial_state(deal={"black": pile("RP"), "white": pile("PN")})
    state = play(state, "R", "Q", "pass", "call")
    assert legal(state) == ["top"]


def test_phase_labels_are_defined_once_and_read_by_the_rl_codec():
    assert get_args(PhaseName) == PHASE_NAMES
    assert [p.label for p in Phase] == [p.name.lower().replace("_", "-") for p in Phase]
    assert list(PHASES) == list(PHASE_NAMES)


def _every_action() -> list[act.Action]:
    singles = [act.CALL, act.PASS, *(rule.action for rule in CONSEQUENCES)]
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
    parsed = act.parse(str(action), choices(CONSEQUENCES))
    assert parsed is action


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
