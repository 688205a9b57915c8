"""Nopes: the reaction window, chains, the Ace of Spades, Jokers, what can't be noped."""

from __future__ import annotations

from tests.chez.chez_helpers import deal, do, hand, legal, passes, step


def test_a_nope_cancels_a_six_and_the_ace_becomes_the_top_card():
    state = deal(["6H 9C 9D", "AC 2C", "3C 4C"], top="5H")
    do(state, "6H", "d6=4")
    assert state.current_player() == 1
    assert legal(state) == ["pass", "nope AC"]
    do(state, "nope AC")
    assert passes(state) == 3  # a new window on the nope: P2, P0, then P1
    assert hand(state, 1) == ["2C"]  # the even roll's pick-up was cancelled
    assert state.observation(0)["top"] == "AC"
    assert state.observation(0)["discard"][-2:] == ["6H", "AC"]  # noped cards stay


def test_a_nope_chain_of_two_lets_the_effect_happen():
    state = deal(["6H 9C 9D", "AC 2C", "AD 3C 4C"], top="5H", draw="5D 6D")
    do(state, "6H", "d6=4", "nope AC", "nope AD")
    assert passes(state) == 3
    assert hand(state, 1) == ["2C", "5D", "6D"]
    assert state.tally["nope_chain"] == 1


def test_the_ace_of_spades_cannot_be_noped():
    state = deal(["6H 9C 9D", "AS 2C", "AD 3C 4C"], top="5H")
    do(state, "6H", "d6=4", "nope AS")
    assert step(state) != "window"  # the chain resolves at once
    assert hand(state, 1) == ["2C"]


def test_a_joker_can_only_be_noped_by_the_ace_of_spades():
    state = deal(["JK 5C 6C", "AC AS 2C", "3C 4C"], top="9H")
    do(state, "JK")
    assert state.current_player() == 1
    assert legal(state) == ["pass", "nope AS"]


def test_noping_a_joker_in_a_stack_cancels_the_whole_stack():
    state = deal(["JK 5C 6C", "JK 3C", "AS 4C 4D"], top="9H")
    do(state, "JK")
    passes(state)
    do(state, "JK", "nope AS")
    assert state.current_player() == 2
    assert step(state) == "turn" and state.observation(2)["joker_stack"] == 0


def test_a_nope_that_empties_your_hand_makes_you_pick_up():
    state = deal(["6H 9C 9D", "AC", "3C 4C"], top="5H", draw="5D")
    do(state, "6H", "d6=4", "nope AC")
    assert hand(state, 1) == ["5D"]


def test_every_seat_still_playing_is_asked_in_turn_order_then_the_player():
    state = deal(["QH 5C 6C", "2C 3C", "4C 4D", "7C 7D"], top="9H")
    do(state, "QH")
    asked = []
    while step(state) == "window":
        asked.append(state.current_player())
        assert legal(state) == ["pass"]  # nobody holds an Ace: still asked
        do(state, "pass")
    assert asked == [1, 2, 3, 0]


def test_asking_only_ace_holders_is_a_setting():
    state = deal(["QH 5C 6C", "2C AC", "4C 4D", "7C 7D"], top="9H", nope_window="ace-holders")
    do(state, "QH")
    assert state.current_player() == 1
    do(state, "pass")
    assert step(state) == "turn"


def test_too_late_the_window_closes_before_extra_actions_are_taken():
    state = deal(["JS 5C 7C 8D", "AC 2C"], top="9H")
    do(state, "JS", "d4=3")
    assert step(state) == "window" and state.actions_left == 0
    assert state.observation(1)["last_roll"]["results"] == [3]  # the dice are seen first
    do(state, "nope AC")
    passes(state)
    assert state.actions_left == 0


def test_too_late_the_window_closes_before_a_king_sees_any_card():
    state = deal(["KH 5C", "AC 2C 3C"], top="9H")
    do(state, "KH", "target P1")
    assert step(state) == "window" and hand(state, 0) == ["5C"]


def test_front_combos_and_true_transformations_open_no_window():
    state = deal(["7C 8C 9C 5D 2D", "AC 3C"], top="5S")
    do(state, "castle")
    assert step(state) == "turn"
    state = deal(["5H 6H 7H 8H 9H 2C", "AC 3C"], top="4H")
    do(state, "5H+6H+7H+8H+9H")
    assert step(state) == "name"
