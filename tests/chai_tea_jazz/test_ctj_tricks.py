"""Trick-taking: following, trumping, every contract's strength order, Jokers, twins."""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.cards import HIGH, LOW, MIDDLE, middle_order
from cardtable.games.chai_tea_jazz.plays import Play

from .ctj_helpers import do, state_with, texts

H, L = HIGH, LOW


def first(state, count: int = 1) -> None:
    for _ in range(count):
        state.apply_action(state.legal_actions()[0])


def test_must_follow_suit() -> None:
    s = state_with(hands=[["5C"], ["2C"], []])
    do(s, "pick under", "pass", "pass", "5C")
    assert texts(s) and all(t.endswith("C") for t in texts(s))


def test_a_player_who_cannot_follow_may_play_any_card() -> None:
    clubs = [f"{r}C" for r in range(1, 10)]
    s = state_with(hands=[clubs, [], []])
    do(s, "pick under", "pass", "pass", "1C")
    assert len(texts(s)) == 12


def test_may_trump_even_when_able_to_follow() -> None:
    s = state_with(hands=[["5C"], ["2C", "2H"], []])
    do(s, "pick trump H", "pass", "pass", "5C")
    legal = texts(s)
    assert "2H" in legal and "2C" in legal
    assert not any(t.endswith(("D", "S")) for t in legal)


def test_must_trump_when_trump_is_led() -> None:
    s = state_with(hands=[["1H"], ["2H", "3H"], []])
    do(s, "pick trump H", "pass", "pass", "1H")
    assert all(t.endswith("H") for t in texts(s))


def test_trump_led_without_trumps_any_card() -> None:
    hearts = [f"{r}H" for r in range(1, 10)]
    s = state_with(hands=[hearts, [], []])
    do(s, "pick trump H", "pass", "pass", "1H")
    assert len(texts(s)) == 12


def _lead_trick(contract: str, **settings) -> int:
    s = state_with(hands=[["5C"], ["1C"], ["9C"]], **settings)
    do(s, contract, "pass", "pass", "5C", "1C", "9C")
    winner = s.tricks_log[-1][2]
    assert s.current_player() == winner  # the winner leads the next trick
    return winner


def test_under_lowest_card_wins() -> None:
    assert _lead_trick("pick under") == 1


def test_slalom_high_start_first_trick_high() -> None:
    assert _lead_trick("pick slalom high") == 2


def test_slalom_low_start_first_trick_low() -> None:
    assert _lead_trick("pick slalom low") == 1


def test_trump_contract_high_cards_win_the_led_suit() -> None:
    assert _lead_trick("pick trump D") == 2


def test_over_middle_and_pyramid_in_a_long_setup() -> None:
    assert _lead_trick("pick over", setup="long") == 2
    assert _lead_trick("pick pyramid low", setup="long") == 1
    middle = [{"name": "Middle", "contract": "middle", "value": 2}]
    assert _lead_trick("pick middle", setup=middle) == 0  # 5 beats 1 and 9


def test_an_off_suit_card_never_wins() -> None:
    clubs = [f"{r}C" for r in range(1, 10)]
    s = state_with(hands=[clubs, ["9D"], ["9S"]], setup="long")
    do(s, "pick over", "pass", "pass", "1C", "9D", "9S")
    assert s.tricks_log[-1][2] == 0


def test_trump_under_lowest_trump_wins() -> None:
    setup = [{"name": "Trump Under", "contract": "trump-under", "value": 2}]
    s = state_with(hands=[["5C"], ["9H"], ["1H"]], setup=setup)
    do(s, "pick trump-under H", "pass", "pass", "5C", "9H", "1H")
    assert s.tricks_log[-1][2] == 2


def test_middle_strength_orders() -> None:
    assert middle_order(9) == [5, 4, 6, 3, 7, 2, 8, 1, 9]
    assert middle_order(13) == [7, 6, 8, 5, 9, 4, 10, 3, 11, 2, 12, 1, 13]


def test_slalom_directions_alternate_from_either_start() -> None:
    assert Play("slalom", -1, True).directions(12) == (H, L) * 6
    assert Play("slalom", -1, False).directions(12) == (L, H) * 6
    assert Play("slalom", -1, True).directions(9) == (H, L, H, L, H, L, H, L, H)


def test_pyramid_directions_half_then_half() -> None:
    assert Play("pyramid", -1, True).directions(12) == (H,) * 6 + (L,) * 6
    assert Play("pyramid", -1, False).directions(12) == (L,) * 6 + (H,) * 6
    assert Play("pyramid", -1, True).directions(9) == (H,) * 5 + (L,) * 4
    assert Play("pyramid", -1, False).directions(17) == (L,) * 9 + (H,) * 8


def test_trump_combinations_directions() -> None:
    assert Play("trump-under", 2).directions(3) == (L, L, L)
    assert Play("trump-slalom", 2, False).directions(4) == (L, H, L, H)
    assert Play("trump-pyramid", 2, True).directions(4) == (H, H, L, L)
    assert Play("middle").directions(2) == (MIDDLE, MIDDLE)


def test_joker_beats_trump_is_always_playable_and_the_later_joker_wins() -> None:
    s = state_with(players=6, hands=[["1C"], ["JK", "2C"], [], ["JK"], [], []])
    do(s, "pick trump H")
    first(s, 5)  # everyone else passes
    assert s.declarer == 0
    do(s, "1C")
    assert "JK" in texts(s) and "2C" in texts(s)
    do(s, "JK")
    first(s)
    do(s, "JK")
    first(s, 2)
    assert s.tricks_log[-1][2] == 3


def test_a_led_joker_leaves_the_led_suit_to_the_next_card() -> None:
    s = state_with(players=6, hands=[["JK"], ["5D"], ["6D"], [], [], []])
    do(s, "pick under")
    first(s, 5)
    do(s, "JK")
    assert len(texts(s)) == 9  # no led suit yet
    do(s, "5D")
    assert all(t.endswith("D") or t == "JK" for t in texts(s))


def test_double_deck_the_later_of_two_equal_cards_wins() -> None:
    s = state_with(
        players=6, hands=[["9C"], ["9C"], [], [], [], []], double_deck=True, setup="long"
    )
    assert s.game.hand_size == 12 and len(s.game.deck_list) == 72
    do(s, "pick over")
    first(s, 5)
    do(s, "9C", "9C")
    first(s, 4)
    assert s.tricks_log[-1][2] == 1
