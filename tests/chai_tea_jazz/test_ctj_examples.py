"""Every worked example of the rulebook, with Aslan = P0, Leo = P1, Mufasa = P2."""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.games.chai_tea_jazz.scoring import row_game_points
from cardtable.games.chai_tea_jazz.setups import build_rows

from .ctj_helpers import do, hand, state_with, texts

ASLAN, LEO, MUFASA = 0, 1, 2


def test_example_pick_trump_diamonds_others_pass() -> None:
    s = state_with()
    assert s.current_player() == ASLAN  # the Barrel holder decides first
    do(s, "pick trump D", "pass", "pass")
    assert s.declarer == ASLAN
    assert str(s.pick.play) == "trump D" and s.pick.debt == 0
    assert s.current_player() == ASLAN  # the declarer leads the first trick


def test_example_all_pass_forced_pick_under() -> None:
    s = state_with()
    do(s, "pass", "pass", "pass")
    assert s.current_player() == ASLAN and s.forced
    assert "pass" not in texts(s)
    assert all(not t.endswith(("debt 5", "debt 35")) for t in texts(s))  # a forced pick is free
    do(s, "pick under")
    assert s.declarer == ASLAN and s.game.rows[s.pick.row].name == "Under"


def test_example_bidding_war_trump_hearts_at_20() -> None:
    s = state_with()
    do(s, "pass")
    do(s, "pick under")  # Leo takes the Current Bet card
    do(s, "pick trump H debt 5")  # Mufasa: Bet Debt 5
    assert s.current_player() == LEO  # Aslan passed, so he is skipped
    do(s, "pick under debt 10")
    do(s, "pick trump H debt 20")
    assert s.current_player() == LEO
    do(s, "pass")
    assert s.declarer == MUFASA
    assert str(s.pick.play) == "trump H" and s.pick.debt == 20


def test_example_joker_under_then_aslan_changes_to_under_at_10() -> None:
    s = state_with()
    do(s, "pick joker under", "pass", "pick slalom high debt 5")
    assert s.current_player() == ASLAN
    do(s, "pick under debt 10")
    assert s.current_player() == MUFASA  # Leo passed and is skipped
    do(s, "pass")
    assert s.declarer == ASLAN
    assert s.game.rows[s.pick.row].name == "Under" and s.pick.debt == 10


def test_example_trump_trick_captures_16_points() -> None:
    hands = [
        hand("9C 1C 3C 4C 1D 2D 3D 4D 5D 6D 7D 8D"),
        hand("2C 2H 1H 3H 4H 5H 6H 7H 8H 9H 9D 1S"),  # Leo: Clubs and Hearts
        hand("7C 5C 6C 8C 2S 3S 4S 5S 6S 7S 8S 9S"),  # Mufasa: Clubs, no Hearts
    ]
    s = state_with(hands=hands)
    do(s, "pick trump H", "pass", "pass", "9C")
    assert "2H" in texts(s)  # may trump although Leo can follow suit
    do(s, "2H")
    assert texts(s) == ["5C", "6C", "7C", "8C"]  # must follow
    do(s, "7C")
    assert s.tricks_log[-1][2] == LEO
    assert s.points[LEO] == 16


def test_example_under_scoring_and_tie_break() -> None:
    (trump, under, slalom, joker) = build_rows("standard", 3)
    assert under.value == 2
    scores = [59, 75, 33]  # Aslan, Leo, Mufasa
    orders = [1, 3, 2]  # Leo completed Under last
    assert row_game_points(under, scores, orders) == [0, 2, -2]
    tied = [59, 59, 33]
    assert row_game_points(under, tied, orders) == [2, 0, -2]  # Aslan finished earlier


def test_example_six_player_deck_holds_200_points() -> None:
    game = ChaiTeaJazzGame(6)
    from cardtable.games.chai_tea_jazz.cards import POINTS

    assert sum(POINTS[c] for c in game.deck_list) == 200
    assert len(game.deck_list) == 54 and game.hand_size == 9
