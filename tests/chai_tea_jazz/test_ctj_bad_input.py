"""Bad input: malformed and illegal actions change nothing; bad deals name the problem."""

from __future__ import annotations

import json

import pytest

from cardtable.engine.errors import BadDealError, IllegalActionError, MalformedActionError
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame

from .ctj_helpers import do, fill_hands, state_with


def snapshot(state) -> str:
    return json.dumps(
        [state.observation(p) for p in range(state.game.num_players)]
        + [[str(a) for a in state.history()], [str(a) for a in state.legal_actions()]]
    )


@pytest.mark.parametrize("text", ["", "   ", "bid 7", "pick", "pick nothing", "play 10Z", "99C"])
def test_malformed_actions_raise_and_leave_the_state_unchanged(text) -> None:
    s = state_with()
    before = snapshot(s)
    with pytest.raises(MalformedActionError):
        s.apply_text(text)
    assert snapshot(s) == before


@pytest.mark.parametrize(
    ("setup_moves", "text", "reason"),
    [
        ([], "9C", "contract is still being picked"),
        (["pick under"], "pick under", "at least 5"),
        (["pick under", "pass", "pass"], "pass", "must play a card"),
        (["pick under", "pass", "pass"], "9S", "does not hold 9S"),
        (["pick under", "pass", "pass", "5C"], "5D", "must follow suit"),
        ([], "deal 9C", "only deal outcomes|being dealt|not legal"),
        ([], "accept", "not legal now"),
    ],
)
def test_illegal_actions_raise_with_a_reason_and_change_nothing(setup_moves, text, reason) -> None:
    s = state_with(hands=[["5C", "1D"], ["2C"], ["9S"]])
    do(s, *setup_moves)
    before = snapshot(s)
    with pytest.raises(IllegalActionError, match=reason):
        s.apply_text(text)
    assert snapshot(s) == before


def test_parsing_is_case_and_space_insensitive_with_optional_play_word() -> None:
    s = state_with(hands=[["5C"], [], []])
    assert str(s.parse_action("  PICK   Trump   h ")) == "pick trump H"
    do(s, "pick under", "pass", "pass")
    assert str(s.parse_action("play 5c")) == "5C"


def test_deal_with_a_missing_card_is_refused() -> None:
    game = ChaiTeaJazzGame(3)
    hands = fill_hands(game, [[], [], []])
    hands[0][0] = hands[1][0]
    with pytest.raises(BadDealError, match=r"duplicate cards \['1C'\].*missing cards \['1C'\]|dup"):
        game.new_initial_state(deal=[{"hands": hands}])


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ("cards", "list of rounds"),
        ([{"hands": [["1C"]]}], "hands must list 3 seats"),
        ([{"hands": [["1C"] * 12] * 3, "extra": 1}], "exactly the keys"),
        ([{"hands": [["ZZ"] * 12] * 3}], "'ZZ' is not a card"),
        ([{"hands": [["1C"] * 11] * 3}], "list of 12 cards"),
    ],
)
def test_bad_deals_name_the_problem(deal, message) -> None:
    with pytest.raises(BadDealError, match=message):
        ChaiTeaJazzGame(3).new_initial_state(deal=deal)


def test_too_many_rounds_in_a_deal() -> None:
    game = ChaiTeaJazzGame(3, setup=[{"name": "U", "contract": "under"}])
    hands = fill_hands(game, [[], [], []])
    with pytest.raises(BadDealError, match="4 rounds; this game has 3"):
        game.new_initial_state(deal=[{"hands": hands}] * 4)


def test_two_player_deal_needs_straw_and_aside() -> None:
    with pytest.raises(BadDealError, match="straw_down"):
        ChaiTeaJazzGame(2).new_initial_state(deal=[{"hands": [[], []]}])
