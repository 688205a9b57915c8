"""What each Contest seat sees, and how bad input is refused without changing anything."""

from __future__ import annotations

import json
import pickle

import pytest

from cardtable import load_game
from cardtable.engine import BadDealError, IllegalActionError, MalformedActionError
from tests.contest.helpers import new_state, pile, play

BLACK, WHITE = 0, 1


def test_a_seat_sees_its_own_card_but_not_the_opponents():
    state = new_state("R", "N")
    assert state.observation(BLACK)["you"]["card"] == "R"
    assert state.observation(BLACK)["opponent"]["card"] is None
    assert "N" not in json.dumps(state.observation(BLACK)["opponent"])


def test_both_declarations_are_public():
    state = play(new_state("R", "N"), "Q", "B")
    for seat in (BLACK, WHITE):
        assert state.observation(seat)["declared"] == ["Q", "B"]


def test_an_unrevealed_defeated_card_shows_only_its_declaration_to_the_opponent():
    state = play(new_state("R", "N"), "R", "P", "pass", "pass")
    assert state.observation(BLACK)["opponent"]["defeated"] == [{"declared": "P", "card": None}]
    assert state.observation(WHITE)["you"]["defeated"] == ["N"]


def test_own_main_pile_order_is_hidden_except_what_went_to_its_bottom():
    state = play(new_state("R", "N"), "R", "N", "pass", "pass")
    obs = state.observation(BLACK)["you"]
    assert obs["main_pile_known_bottom"] == ["R"]
    assert obs["main_pile"] == 15


def test_revealed_cards_are_known_to_both():
    state = play(new_state("R", "P"), "R", "Q", "pass", "call")
    assert state.observation(BLACK)["opponent"]["known_cards"] == {"P": 1}
    assert state.observation(WHITE)["opponent"]["known_cards"] == {"R": 1}


def test_observation_refuses_a_seat_not_at_the_table():
    with pytest.raises(ValueError, match="seats are 0..1"):
        new_state().observation(2)


def snapshot(state):
    return json.dumps([state.observation(s) for s in (0, 1)], sort_keys=True), len(state.history())


@pytest.mark.parametrize("text", ["", "   ", "X", "declare", "Q Q", "deal 5 Q", "deal 0 Z"])
def test_malformed_actions_are_refused_and_change_nothing(text):
    state = new_state("R", "N")
    before = snapshot(state)
    with pytest.raises(MalformedActionError) as info:
        state.parse_action(text)
    assert before == snapshot(state)
    assert "contest, move 0, Black to act" in str(info.value)


@pytest.mark.parametrize("text", ["call", "pass", "pile", "top", "K", "deal 0 Q"])
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(text):
    state = new_state("R", "N")
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply_text(text)
    assert before == snapshot(state)
    assert info.value.text == text and info.value.reason
    assert isinstance(info.value, ValueError)


def test_apply_action_refuses_an_action_value_from_another_phase():
    from cardtable.games.contest.rules import CONSEQUENCES

    state = play(new_state("R", "N"), "R")
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="White must declare"):
        state.apply_action(CONSEQUENCES["top"].action)
    assert before == snapshot(state)


def test_actions_after_the_end_are_refused():
    state = play(new_state("K", "R"), "P", "R", "call")
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply_text("Q")


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ({"black": pile("")}, "black"),
        ({"black": pile(""), "white": pile("")[:15]}, "16 cards"),
        ({"black": pile(""), "white": ["Q"] + pile("")[1:]}, "Queen"),
        ({"black": pile(""), "white": ["X"] + pile("")[1:]}, "'X'"),
        ("not a deal", "black"),
    ],
)
def test_bad_deals_are_refused_naming_the_problem(deal, message):
    with pytest.raises(BadDealError, match=message):
        load_game("contest").new_initial_state(deal=deal)


def test_clone_is_independent():
    state = new_state("R", "N")
    copy = state.clone()
    play(copy, "R", "N", "pass", "pass")
    assert state.observation(BLACK)["phase"] == "declare-first"
    assert state.history() == []


@pytest.mark.parametrize("seeded", [False, True])
def test_a_state_pickles_and_plays_on_the_same(seeded):
    # the server pickles states (snapshots, the bot process pool), compiled or not
    if seeded:
        state = load_game("contest").new_initial_state(seed=5)
        state.resolve_chance()
        play(state, "P", "Q", "call")
    else:
        state = play(new_state("RPQ", "PNR"), "R", "Q", "pass", "call", "top")
    copy = pickle.loads(pickle.dumps(state))
    assert type(copy) is type(state)
    assert copy.to_record() == state.to_record()
    for seat in (BLACK, WHITE):
        assert copy.observation(seat) == state.observation(seat)
    assert copy.public_log() == state.public_log()
    while not state.is_terminal():
        action = state.legal_actions()[0]
        state.apply_action(action)
        copy.apply_action(copy.parse_action(str(action)))
        state.resolve_chance()
        copy.resolve_chance()
        assert copy.observation(BLACK) == state.observation(BLACK)
    assert copy.returns() == state.returns()


def test_declarations_stay_visible_until_the_next_rounds_first_declaration():
    state = play(new_state("RB", "PN"), "R", "Q", "pass", "call")  # White bluffed: caught
    obs = state.observation(BLACK)
    assert obs["phase"] == "consequence"
    assert obs["declared"] == ["R", "Q"] and obs["declared_round"] == 1
    play(state, "top")
    for seat in (BLACK, WHITE):
        obs = state.observation(seat)
        assert (obs["round"], obs["phase"]) == (2, "declare-first")
        assert obs["declared"] == ["R", "Q"] and obs["declared_round"] == 1
    play(state, "N")  # White declares first in round 2
    for seat in (BLACK, WHITE):
        obs = state.observation(seat)
        assert obs["declared"] == [None, "N"] and obs["declared_round"] == 2


def test_declarations_are_empty_before_the_first_round_is_declared():
    obs = new_state("R", "N").observation(BLACK)
    assert obs["declared"] == [None, None] and obs["declared_round"] is None
