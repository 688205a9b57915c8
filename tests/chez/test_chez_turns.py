"""Setup, what can be played, the turn, picking up and the Plague, finishing, piles."""

from __future__ import annotations

from cardtable import load_game
from cardtable.games.chez.leaderboard import Leaderboard
from tests.chez.chez_helpers import deal, do, hand, legal, passes, step

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def test_setup_one_deck_for_two_to_six_players_two_decks_for_seven_to_ten():
    assert sum(load_game("chez", players=6).deck().values()) == 54
    assert sum(load_game("chez", players=7).deck().values()) == 108
    assert load_game("chez", players=10).deck()["JK"] == 4


def test_setup_deals_seven_each_turns_the_top_card_and_starts_left_of_dealer():
    for players in (2, 7, 10):
        state = load_game("chez", players=players).new_initial_state(seed=players)
        state.resolve_chance()
        obs = state.observation(0)
        assert obs["hand_sizes"] == [7] * players
        assert len(obs["discard"]) == 1 and obs["secondary"] == []
        assert obs["draw_pile"] == sum(state.game.deck().values()) - 7 * players - 1
        assert state.current_player() == 0 and obs["direction"] == 1


def test_a_special_card_turned_as_the_first_top_card_has_no_effect():
    state = deal(["5C 7C", "2C 3C"], top="JK")
    assert state.current_player() == 0 and step(state) == "turn"
    assert state.observation(0)["joker_stack"] == 0


def test_black_top_card_takes_lower_or_equal_aces_low():
    state = deal(["AC 8D 9C 10S", "2C"], top="8S")
    assert legal(state)[:2] == ["AC", "8D"] and "9C" not in legal(state)


def test_red_top_card_takes_higher_or_equal():
    state = deal(["AC 7D 8C KS", "2C"], top="8H")
    assert [a for a in legal(state) if len(a) <= 3] == ["8C", "KS"]


def test_ace_or_king_on_top_takes_the_ace_or_king_of_the_same_suit():
    state = deal(["KS 2D", "2C"], top="AS")
    assert "KS" in legal(state)  # a King onto a black Ace, only because the suit matches
    state = deal(["KD 2D", "2C"], top="AS")
    assert "KD" not in legal(state)
    state = deal(["AH 5H", "2C"], top="KH")
    assert "AH" in legal(state)


def test_jokers_onto_anything_and_anything_onto_jokers():
    state = deal(["JK 9C", "2C"], top="AC")
    assert "JK" in legal(state) and "9C" not in legal(state)
    state = deal(["KD 2D", "2C"], top="JK")
    assert {"KD", "2D"} <= set(legal(state))


def test_one_action_must_be_used_then_the_turn_ends_or_offers_the_bonus():
    state = deal(["5C 4C 3C", "2C 9D"], top="9S")
    assert "end" not in legal(state)
    do(state, "5C")
    assert legal(state) == ["end"]  # a bonus action could exist (two cards), none does
    do(state, "end")
    assert state.current_player() == 1


def test_the_turn_ends_by_itself_when_no_bonus_action_is_possible():
    state = deal(["5C 4C", "2C 9D"], top="9S")
    do(state, "5C")
    assert state.current_player() == 1


def test_forced_pick_up_when_nothing_can_be_played_has_no_plague_roll():
    state = deal(["9C 10C", "2C 3C"], top="5S", draw="4D")
    assert legal(state) == ["pick"]
    do(state, "pick")
    assert hand(state, 0) == ["9C", "10C", "4D"]
    assert not state.is_chance_node() and legal(state) == ["end"]


def test_picking_up_when_able_to_play_rolls_the_plague_d6_only_a_1_goes_on():
    state = deal(["5C 6C", "2C 3C"], top="9S", draw="4D")
    do(state, "pick")
    assert state.is_chance_node() and step(state) == "roll"
    do(state, "d6=2")
    assert state.observation(0)["plague"] == [0, 0]


def test_plague_counts_down_after_each_later_turn_and_kills():
    state = deal(["5C 6C 7C", "2C 3C 4C"], top="9S", draw="2D 3D")
    do(state, "pick", "d6=1", "d8=1", "d12=1")  # 4 cards > 1 + 1: two turns to live
    assert state.observation(1)["plague"] == [2, 0]
    do(state, "end")  # the turn it was caught does not count
    assert state.plague[0] == 2
    do(state, "2C", "end", "2D", "end")
    assert state.plague[0] == 1
    do(state, "3C")  # P1 has one card left: no bonus possible, the turn ends
    do(state, "pick", "end")  # forced pick-up: no new roll; the second turn ends: dead
    assert state.is_terminal()
    assert state.places() == [2, 1]
    assert state.observation(1)["status"] == ["out", "finished"]


def test_plague_sum_at_least_the_hand_is_safe():
    state = deal(["5C 6C 7C", "2C 3C 4C"], top="9S", draw="2D")
    do(state, "pick", "d6=1", "d8=2", "d12=2")
    assert state.plague[0] == 0


def test_a_reinfected_player_keeps_the_smaller_count():
    state = deal(["5C 6C 7C 8C 9C", "2C 3C 4C 5D"], top="9S", draw="2D 3D")
    do(state, "pick", "d6=1", "d8=1", "d12=1", "end")  # 6 cards - 2: four turns
    assert state.plague[0] == 4
    do(state, "2C", "end")
    do(state, "pick", "d6=1", "d8=2", "d12=2", "end")  # 7 - 4 = 3 < 4
    assert state.plague[0] == 3


def test_an_infected_player_who_empties_their_hand_has_finished():
    state = deal(["2D 3D 4D", "9C JC QC", "8C 8D 8H"], top="9S", draw="5D")
    do(state, "pick", "d6=1", "d8=1", "d12=1", "end")
    assert state.plague[0] == 2
    do(state, "9C", "end", "8C", "end")
    do(state, "2D+3D+4D+5D", "target P1")
    passes(state)  # P1 holds more royals than 2s-5s: overthrown; P0's hand is empty
    assert state.board.places[:2] == [1, 3]
    assert state.plague[0] == 0
    assert state.observation(2)["status"] == ["finished", "out", "finished"]  # P2 was left


def test_a_normal_last_card_finishes_first_and_the_last_player_takes_the_last_place():
    state = deal(["5C", "2C 3C", "4C 4D"], top="9S")
    do(state, "5C")
    assert state.board.places[0] == 1
    assert state.current_player() == 1


def test_you_may_not_finish_on_a_special_card():
    state = deal(["QC", "2C 3C", "4C 4D"], top="9H", draw="7D")
    do(state, "QC")
    assert hand(state, 0) == ["7D"]  # picked up at once, before the reaction window
    assert step(state) == "window"
    passes(state)
    assert state.board.places == [0, 0, 0]


def test_running_out_reshuffles_both_discard_piles_and_then_knocks_out():
    clubs_diamonds = " ".join(f"{r}{s}" for s in "CD" for r in RANKS)
    hearts_spades = " ".join(f"{r}{s}" for s in "HS" for r in RANKS)
    state = deal([clubs_diamonds, hearts_spades], top="JK", draw="JK")
    do(state, "5C", "end")
    do(state, "pick", "d6=2", "end")  # P1 takes the last card of the draw pile
    assert state.pile_size == 0
    do(state, "pick", "d6=2")  # only the old top (a Joker) can be reshuffled
    assert state.observation(0)["discard"] == ["5C"]
    assert "JK" in hand(state, 0) and state.pile_size == 0
    do(state, "end", "pick")  # nothing left at all: P1 is out
    assert state.is_terminal() and state.places() == [1, 2]


def test_leaderboard_example_grug_brug_norman():
    seats = {"Ann": 0, "Bo": 1, "Grug": 2, "Brug": 3, "Norman": 4}
    board = Leaderboard(5)
    board.knock_out(seats["Norman"])  # overthrown by a Revolution first
    board.knock_out(seats["Brug"])  # then Brug died of the Plague
    board.knock_out(seats["Grug"])  # and now Grug
    assert board.places[seats["Grug"]] == 3  # 3rd from last
    assert board.places[seats["Brug"]] == 4  # 2nd from last
    assert board.places[seats["Norman"]] == 5  # last
    board.finish(seats["Bo"])
    assert board.places[seats["Bo"]] == 1


def test_knocked_out_players_take_the_lowest_place_in_play():
    state = deal(["2H 3H 4H 5H 9C", "JC QC KC", "8C 8D"], top="2S")
    do(state, "2H+3H+4H+5H", "target P1", *["pass"] * 3)
    assert state.board.places == [0, 3, 0]
    assert state.observation(2)["secondary"] == ["JC", "QC", "KC"]
    assert state.current_player() == 2  # P0 has one card: no bonus, the turn ends
    assert not state.is_terminal()


def test_cards_an_effect_makes_you_pick_up_use_no_action_and_roll_no_plague():
    state = deal(["6H 9C 9D", "2C 3C 4C"], top="5H", draw="2D 3D 4D")
    do(state, "6H", "d6=1")
    passes(state)
    assert not state.is_chance_node() and state.plague == [0, 0]
    assert hand(state, 0) == ["9C", "2D", "9D"]


def test_no_window_opens_when_every_ace_is_on_the_table():
    state = deal(["AC AD AH KS QH 5C", "KH 2C 3C"], top="AS")
    do(state, "AC+AD+AH", "end")  # all four Aces are now on the discard pile
    do(state, "KH", "target P0")
    assert step(state) == "take"  # straight to the King's blind take: nobody can nope


def test_a_noped_joker_still_ends_the_turn():
    state = deal(["JK 5C 6C", "AS 2C", "3C 4C"], top="9H")
    do(state, "JK", "nope AS")
    assert state.current_player() == 1
    assert step(state) == "turn" and state.observation(1)["joker_stack"] == 0


def test_plague_infection_rule():
    from cardtable.games.chez.plague import infection

    assert infection(cards=9, total=9, current=0) == 0  # equal is safe
    assert infection(cards=12, total=9, current=0) == 3
    assert infection(cards=12, total=9, current=2) == 2  # keeps the smaller count
    assert infection(cards=12, total=10, current=5) == 2


def test_leaderboard_example_played_out_norman_brug_grug():
    """Norman (P3) is overthrown, then Brug (P2) and Grug (P1) die of the Plague."""
    state = deal(
        ["2H 3H 4H 5H 9C 9D 9H 9S", "7C 8C 2C", "7D 8D", "JC QC KC"],
        top="2S",
        draw="10S 10C KS KH KD",
    )
    do(state, "2H+3H+4H+5H", "target P3")
    passes(state)
    assert state.board.places[3] == 4  # Norman: last
    do(state, "end")
    do(state, "pick", "d6=1", "d8=1", "d12=1", "end")  # Grug: 4 cards > 2, two turns left
    do(state, "pick", "d6=1", "d8=1", "d12=1", "end")  # Brug: 3 cards > 2, one turn left
    assert state.plague == [0, 2, 1, 0]
    do(state, "9C", "end")
    do(state, "2C", "end")
    do(state, "pick", "end")  # Brug's last turn ends: dead
    assert state.board.places[2] == 3  # 2nd from last
    do(state, "pick", "end")
    do(state, "pick", "end")  # Grug's last turn ends: dead
    assert state.is_terminal()
    assert state.places() == [1, 2, 3, 4]  # Grug 3rd from last, Brug 2nd from last, Norman last
