"""Every combo of the rulings, and the setting that switches each one off."""

from __future__ import annotations

import pytest

from tests.chez.chez_helpers import deal, do, hand, legal, passes, step


def test_doubles_first_card_must_be_playable_last_card_is_the_top():
    state = deal(["7S 7H 2C", "3C 4C"], top="8S")
    assert {"7S+7H", "7H+7S"} <= set(legal(state))
    do(state, "7S+7H")
    assert state.observation(1)["top"] == "7H"
    assert state.current_player() == 1  # two non-special cards: nothing to nope, no window


def test_doubles_of_a_value_the_top_card_refuses_are_not_offered():
    state = deal(["9S 9H 2C", "3C 4C"], top="8S")
    assert not any(a.startswith("9") for a in legal(state))


def test_two_red_sixes_on_a_six_win_at_once():
    state = deal(["6H 6D 5C", "2C 3C", "4C 4D"], top="5H")
    assert "6H+6D" in legal(state)
    do(state, "6H+6D")
    assert state.observation(0)["prompt"]["dice"] == [8]
    do(state, "d8=6")
    passes(state)
    assert state.board.places[0] == 1
    assert "5C" in state.observation(1)["secondary"]


def test_two_red_sixes_otherwise_act_as_a_double_six():
    state = deal(["6H 6D 5C", "2C 3C", "4C 4D"], top="5H", draw="2D 3D 4H")
    do(state, "6D+6H", "d8=3")
    passes(state)
    assert hand(state, 0) == ["5C", "2D", "3D", "4H"]


def test_revolution_overthrows_a_royal_heavy_hand():
    state = deal(["2H 3H 4H 5H 9C", "JC QC KC 2D", "8C 8D"], top="2S")
    do(state, "2H+3H+4H+5H", "target P1")
    passes(state)
    assert state.board.places == [0, 3, 0]
    assert sorted(state.observation(0)["secondary"]) == sorted(["JC", "QC", "KC", "2D"])


def test_revolution_fails_and_its_player_picks_up_two():
    state = deal(["2H 3H 4H 5H 9C", "2D 3D JC", "8C 8D"], top="2S", draw="6S 7S")
    do(state, "2H+3H+4H+5H", "target P1")
    passes(state)
    assert state.board.places == [0, 0, 0]
    assert hand(state, 0) == ["9C", "6S", "7S"]


def test_royal_court_king_then_queen_then_jack_with_a_d6():
    state = deal(["JH QH KS 5C", "2C 3C"], top="9H")
    do(state, "JH+QH+KS", "target P1", "d6=3")
    passes(state)
    do(state, "take 2C", "give 5C")
    # two players, the Queen was on the last action: +1; the Jack: +3
    assert state.actions_left == 4
    assert hand(state, 0) == ["2C"] and hand(state, 1) == ["3C", "5C"]


def test_king_queen_combo_exchanges_whole_hands():
    state = deal(["KH QH 5C", "2C 3C 4C"], top="9H")
    assert {"KH+QH", "QH+KH"} <= set(legal(state))
    do(state, "KH+QH", "target P1")
    passes(state)
    assert hand(state, 1) == ["5C"]
    assert state.current_player() == 0 and hand(state, 0) == ["2C", "3C", "4C"]


def test_true_transformation_cannot_be_noped_and_names_the_top():
    state = deal(["5H 6H 7H 8H 9H 2C", "AC 3C AS"], top="4H")
    do(state, "5H+6H+7H+8H+9H")
    assert step(state) == "name"  # no reaction window
    do(state, "name A black")
    assert state.observation(1)["top_counts_as"] == ["A", "black"]
    assert state.current_player() == 1
    assert [a for a in legal(state) if "+" not in a] == ["AC", "AS", "pick"]


def test_castle_is_a_bonus_action_and_absorbs_the_next_attack():
    state = deal(["7C 8C 9C 10C 5D 2D", "6H 3C 4C"], top="5S")
    assert {"castle", "castle 10"} <= set(legal(state))
    do(state, "castle 10")
    assert state.observation(1)["castles"][0] == {"walls": 2, "cards": ["7C", "8C", "9C", "10C"]}
    assert step(state) == "turn"  # front combos cannot be noped: no window
    do(state, "5D")
    do(state, "6H", "d6=4")
    passes(state)
    assert hand(state, 0) == ["2D"]  # the pick-up of two was absorbed
    assert state.castle[0] is not None and state.castle[0].walls == 1


def test_siege_knocks_a_wall_and_a_castle_without_walls_falls():
    state = deal(["7C 8C 9C 5D 2D", "10S 3C 4C"], top="5S")
    do(state, "castle", "5D")
    assert "siege P0" in legal(state)
    do(state, "siege P0")
    assert state.castle[0] is None
    assert sorted(state.observation(1)["secondary"]) == ["10S", "7C", "8C", "9C"]


def test_betting_man_match_empties_the_hand():
    state = deal(["JK JK 5C 6C", "2C 3C", "4C 4D"], top="9S")
    do(state, "bet 7", "d12=7")
    assert state.board.places[0] == 1


def test_betting_man_miss_picks_up_the_difference():
    state = deal(["JK JK 5C 6C", "2C 3C"], top="9S", draw="2D 3D 4D")
    do(state, "bet 7", "d12=4")
    assert hand(state, 0) == ["5C", "6C", "2D", "3D", "4D"]
    assert state.observation(1)["secondary"] == ["JK", "JK"]


OFF = [
    ("doubles", ["7S+7H+2C", "3C"], "8S", "7S+7H"),
    ("revolution", ["2H+3H+4H+5H+9C", "3C"], "2S", "2H+3H+4H+5H"),
    ("royal_court", ["JH+QH+KS+5C", "3C"], "9H", "JH+QH+KS"),
    ("king_queen", ["KH+QH+5C", "3C"], "9H", "KH+QH"),
    ("true_transformation", ["5H+6H+7H+8H+9H", "3C"], "4H", "5H+6H+7H+8H+9H"),
    ("castle", ["7C+8C+9C+2D", "3C"], "9S", "castle"),
    ("betting_man", ["JK+JK+2D", "3C"], "9S", "bet 1"),
]


@pytest.mark.parametrize(("setting", "hands", "top", "action"), OFF)
def test_each_combo_has_a_setting_that_switches_it_off(setting, hands, top, action):
    assert action in legal(deal(hands, top=top))
    assert action not in legal(deal(hands, top=top, **{setting: False}))


def test_siege_setting_switches_siege_off():
    state = deal(["7C 8C 9C 5D 2D", "10S 3C 4C"], top="5S", siege=False)
    do(state, "castle", "5D")
    assert not any(a.startswith("siege") for a in legal(state))


def test_two_red_sixes_off_makes_the_pair_a_double_six():
    state = deal(["6H 6D 5C", "2C 3C"], top="5H", two_red_sixes=False)
    do(state, "6H+6D")
    assert state.observation(0)["prompt"]["dice"] == [8]
    do(state, "d8=6")
    passes(state)
    assert len(hand(state, 1)) == 5  # no win: an even d8 makes the next player pick up 3


def test_a_player_may_hold_only_one_castle():
    state = deal(["7C 8C 9C 7D 8D 9D 2D", "3C 4C"], top="9S")
    do(state, "castle")
    do(state, "2D")
    assert "castle" not in legal(state)


def test_a_castle_absorbs_a_revolution_that_would_overthrow():
    state = deal(["2H 3H 4H 5H 9D", "7C 8C 9C JC QC KC 3S", "8D 8H"], top="5S", first=1)
    do(state, "castle", "3S")  # P1 builds a Castle, then plays; the bonus is used: turn over
    do(state, "pick", "end")  # P2 cannot play
    do(state, "2H+3H+4H+5H", "target P1")
    passes(state)
    assert state.board.places == [0, 0, 0] and state.castle[1] is None
    assert "JC" in hand(state, 1)


def test_a_castle_absorbs_a_king():
    state = deal(["KH 5C 6C", "7C 8C 9C 9D 3C"], top="JK", first=1)
    do(state, "castle", "9D")
    do(state, "KH", "target P1")
    passes(state)
    assert hand(state, 1) == ["3C"] and hand(state, 0) == ["5C", "6C"]


def test_two_tens_recycle_twice():
    state = deal(["10H 10S 5C 6C", "2C 3C"], top="9H", draw="2D 3D 4D 5D")
    do(state, "10H+10S")
    passes(state)
    assert hand(state, 0) == ["4D", "5D"]


def test_king_queen_needs_a_target_with_cards():
    state = deal(["KH QH 5C", "2C 3C", "4C"], top="9H")
    do(state, "KH+QH")
    assert legal(state) == ["target P1", "target P2"]


@pytest.mark.parametrize("roll", ["d8=3", "d8=6"])
def test_noped_two_red_sixes_that_empty_the_hand_pick_up_one_card(roll: str):
    """Only a *winning* Two Red Sixes may leave the hand empty; a noped one never wins."""
    state = deal(
        ["6H 6D", "AH 2C 3C 4C 2D 3D 4D", "3H 4H 2S 3S 4S 5C 5D"], top="5H", draw="9C 9D 9H"
    )
    do(state, "6H+6D", roll, "nope AH")
    passes(state)
    assert state.board.places == [0, 0, 0]
    assert hand(state, 0) == ["9C"]
    assert state.active[0]


def test_a_straight_flush_is_five_values_of_one_suit_and_never_wraps_into_the_next() -> None:
    from cardtable.games.chez.cards import JOKER, make_kind
    from cardtable.games.chez.rules import transformation

    def bits(*cards: tuple[int, int]) -> int:
        return sum(1 << make_kind(rank, suit) for rank, suit in cards)

    hearts, clubs, diamonds = 2, 0, 1
    ace_low = bits(*((r, hearts) for r in range(1, 6)))
    assert transformation.applies(0, ace_low, False)
    assert transformation.applies(0, bits(*((r, clubs) for r in range(9, 14))), False)
    # King of Clubs then Ace-4 of Diamonds sit side by side in the kind bits
    wrapped = bits((13, clubs), (1, diamonds), (2, diamonds), (3, diamonds), (4, diamonds))
    assert not transformation.applies(0, wrapped, False)
    four_and_a_joker = bits(*((r, hearts) for r in range(1, 5))) | (1 << JOKER)
    assert not transformation.applies(0, four_and_a_joker, False)
    mixed = bits((1, hearts), (2, hearts), (3, clubs), (4, hearts), (5, hearts))
    assert not transformation.applies(0, mixed, False)
