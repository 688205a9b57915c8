"""Observations keep secrets; bad actions, deals and settings are refused cleanly."""

from __future__ import annotations

import json
import random

import pytest

from cardtable import load_game
from cardtable.engine import BadDealError, IllegalActionError, MalformedActionError, SettingError
from cardtable.engine.conformance import check_record_round_trip, check_view_secrecy
from cardtable.engine.record import replay
from tests.chez.chez_helpers import deal, do, legal, step


def test_observation_shows_own_hand_sizes_and_public_piles_only():
    state = deal(["7H 8S 2C", "9D 3C 4H"], top="8H")
    obs = state.observation(1)
    json.dumps(obs)
    assert obs["hand"] == ["3C", "9D", "4H"] and obs["hand_sizes"] == [3, 3]
    assert "7H" not in json.dumps(obs) and "8S" not in json.dumps(obs)


def test_whether_a_seat_holds_an_ace_never_shows_in_what_others_see():
    with_ace = deal(["QH 5C 6C", "AC 3C", "4C 4D"], top="9H")
    without = deal(["QH 5C 6C", "2C 3C", "4C 4D"], top="9H")
    for state in (with_ace, without):
        do(state, "QH")
    seen = []
    for state in (with_ace, without):
        trail = []
        while state.observation(0)["prompt"]["step"] == "window":
            trail.append((state.current_player(), state.observation(2)))
            do(state, "pass")
        seen.append(trail)
    assert seen[0] == seen[1]


def test_render_shows_hand_top_sizes_plague_and_prompt():
    state = deal(["QH 5C 6C", "AC 3C", "4C 4D"], top="9H")
    do(state, "QH")
    text = state.game.render(state.observation(1))
    assert "Your hand: AC 3C" in text and "Top card: QH" in text
    assert "Reaction window" in text and "P2: 2 cards" in text


def test_public_log_tells_the_story():
    state = deal(["6H 9C 9D", "AC 2C"], top="5H")
    do(state, "6H", "d6=4", "nope AC")
    log = state.public_log()
    assert log[0] == "The first top card is 5H."
    assert "P0 plays 6H." in log and "P1 nopes with AC (the 1st nope in the chain)." in log


def _snapshot(state):
    return json.dumps([state.observation(s) for s in range(state.game.num_players)]), [
        str(a) for a in state.history()
    ]


@pytest.mark.parametrize("text", ["", "   ", "hello", "7X", "nope", "target", "d7=3", "bet 13"])
def test_malformed_actions_raise_typed_errors_and_change_nothing(text):
    state = deal(["7H 8S 2C", "9D 3C 4H"], top="8H")
    before = _snapshot(state)
    with pytest.raises(MalformedActionError):
        state.apply_text(text)
    assert _snapshot(state) == before


@pytest.mark.parametrize("text", ["7H", "2C", "9D", "end", "pass", "d6=3", "draw 7H", "castle"])
def test_illegal_actions_raise_typed_errors_and_change_nothing(text):
    state = deal(["7H 8S 2C", "9D 3C 4H"], top="8H")
    before = _snapshot(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply_text(text)
    assert "chez, move 0, P0 to act" in str(err.value)
    assert _snapshot(state) == before


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ([1, 2], "a Chez deal is"),
        ({"hands": [["7H"]], "top": "8H"}, "one hand per seat"),
        ({"hands": [["7H"], ["7X"]], "top": "8H"}, "is not a card"),
        ({"hands": [["7H"], ["7H"]], "top": "8H"}, "dealt 2 times"),
        ({"hands": [["7H"], ["2C"]], "top": "8H", "first": 5}, "first must be a seat"),
        ({"hands": [["7H"], ["2C"]], "top": "8H", "extra": 1}, "unknown deal field"),
        ({"hands": [["7H"], ["2C"]], "top": "8H", "draw": "2D"}, "draw must be a list"),
    ],
)
def test_bad_deals_are_refused(bad, message):
    with pytest.raises(BadDealError, match=message):
        load_game("chez", players=2).new_initial_state(deal=bad)


@pytest.mark.parametrize(
    ("players", "settings", "message"),
    [
        (1, {}, "played by"),
        (11, {}, "played by"),
        (4, {"jokers": True}, "unknown setting"),
        (4, {"doubles": "yes"}, "must be of type bool"),
        (4, {"nope_window": "nobody"}, "not allowed"),
    ],
)
def test_bad_settings_are_refused(players, settings, message):
    with pytest.raises(SettingError, match=message):
        load_game("chez", players=players, **settings)


def test_explicit_deal_records_replay_and_resample_keeps_secrets():
    state = deal(["KH 5C 6C 9S", "2C 3C 4C 8D", "AC 7C 8C 10D"], top="9H", draw="2D 3D 4D")
    do(state, "KH", "target P1", "pass", "pass", "pass", "take 3C", "give 5C")
    assert replay(state.to_record()).observation(0) == state.observation(0)
    check_record_round_trip(state.game, 0, state)
    rng = random.Random(3)
    changed = [check_view_secrecy(state.game, 0, state, seat, rng) for seat in range(3)]
    assert any(changed)
    other = state.resample(2, rng)
    assert other.observation(2) == state.observation(2)


def test_resample_keeps_what_a_king_showed():
    state = deal(["KH 5C 6C", "2C 3C 4C 8D", "AC 7C 8C"], top="9H")
    do(state, "KH", "target P1", "pass", "pass", "pass", "take 3C", "give 5C")
    for seed in range(20):
        other = state.resample(1, random.Random(seed))
        assert "3C" in other.observation(0)["hand"]  # P1 knows P0 took its 3C
        assert other.observation(1) == state.observation(1)


def test_legal_actions_in_a_window_are_pass_and_the_usable_aces():
    state = deal(["6H 9C 9D", "AC AD 2C"], top="5H")
    do(state, "6H", "d6=2")
    assert legal(state) == ["pass", "nope AC", "nope AD"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("7H", "cannot go onto 8 of Hearts"),
        ("KD", "you do not hold KD"),
        ("end", "you must use your action first"),
        ("d6=3", "chance outcome"),
        ("pass", "not possible in your turn"),
    ],
)
def test_illegal_actions_say_why(text, reason):
    state = deal(["7H 8S 2C", "9D 3C 4H"], top="8H")
    with pytest.raises(IllegalActionError, match=reason):
        state.apply_text(text)


def test_a_window_refuses_turn_actions_naming_who_must_react():
    state = deal(["6H 9C 9D", "AC 2C"], top="5H")
    do(state, "6H", "d6=2")
    with pytest.raises(IllegalActionError, match="reaction window is open: P1"):
        state.apply_text("2C")


def _same_then_play_on(state, copy):
    assert type(copy) is type(state)
    assert copy.to_record() == state.to_record()
    for seat in range(state.game.num_players):
        assert copy.observation(seat) == state.observation(seat)
    assert copy.public_log() == state.public_log()
    assert copy.cards() == state.cards()
    while not state.is_terminal():
        action = state.legal_actions()[0]
        state.apply_action(action)
        copy.apply_action(copy.parse_action(str(action)))
        state.resolve_chance()
        copy.resolve_chance()
        assert copy.observation(0) == state.observation(0)
    assert copy.returns() == state.returns()
    assert copy.statistics() == state.statistics()


@pytest.mark.parametrize("moves", [0, 7, 40, 120])
def test_a_state_pickles_and_plays_on_the_same(moves):
    # the server pickles states (snapshots, the bot process pool), compiled or not
    import pickle

    state = load_game("chez", players=4).new_initial_state(seed=11)
    rng = random.Random(moves)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.resolve_chance()
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    _same_then_play_on(state, pickle.loads(pickle.dumps(state)))


def test_a_state_mid_effect_pickles_with_its_pending_play_shared():
    # a King opens a window; the window, the target and the resolution share one play
    import pickle

    state = deal(["KH 5C 6C", "AC 3C 9S", "4C 4D 2S"], top="9H")
    do(state, "KH")
    assert step(state) == "target"
    copy = pickle.loads(pickle.dumps(state))
    plays = {id(s.play) for s in copy.stack if hasattr(s, "play")}
    assert len(plays) == 1
    _same_then_play_on(state, copy)
    game = pickle.loads(pickle.dumps(state.game))
    assert game.num_players == 3 and game.settings == state.game.settings
