"""Every special card and the Dice Law, from explicit deals and dice."""

from __future__ import annotations

from cardtable.games.chez.dice import upgraded
from tests.chez.chez_helpers import deal, do, hand, legal, passes, step

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def test_six_odd_roll_you_pick_up_that_many():
    state = deal(["6H 9C 9D", "2C 3C 4C"], top="5H", draw="2D 3D 4D")
    do(state, "6H", "d6=3")
    assert step(state) == "window"  # after the dice, before the effect
    assert passes(state) == 2
    assert hand(state, 0) == ["9C", "2D", "3D", "4D", "9D"]


def test_six_even_roll_next_player_picks_up_half():
    state = deal(["6H 9C 9D", "2C 3C 4C"], top="5H", draw="2D 3D 4D")
    do(state, "6H", "d6=4")
    passes(state)
    assert hand(state, 1) == ["2C", "3C", "4C", "2D", "3D"]


def test_ten_puts_the_hand_under_the_pile_and_draws_as_many():
    state = deal(["10H 5C 6C", "2C 3C 4C"], top="9H", draw="2D 3D")
    size = state.pile_size
    do(state, "10H")
    passes(state)
    assert hand(state, 0) == ["2D", "3D"]
    assert state.pile_size == size


def test_ten_draws_your_own_cards_back_when_the_pile_is_small():
    mine = {"10H", "5C", "6C", "9H", "2D"}
    rest = [f"{r}{s}" for s in "CDHS" for r in RANKS if f"{r}{s}" not in mine] + ["JK", "JK"]
    state = deal(["10H 5C 6C", " ".join(rest)], top="9H", draw="2D")
    do(state, "10H")
    passes(state)
    assert state.is_chance_node()  # 2D came first; then one of P0's own cards, at random
    assert [str(a) for a, _ in state.chance_outcomes()] == ["draw 5C", "draw 6C"]
    do(state, "draw 6C")
    assert hand(state, 0) == ["6C", "2D"]


def test_jack_rolls_a_d4_of_extra_actions():
    state = deal(["JS 5C 7C 8D", "2C 3C 4C"], top="9H")
    do(state, "JS", "d4=2")
    passes(state)
    assert state.actions_left == 2
    do(state, "7C")
    assert state.current_player() == 0 and state.actions_left == 1
    do(state, "5C")
    assert state.current_player() == 1  # both extra actions used, one card: the turn ends


def test_queen_reverses_the_direction_with_more_than_two_players():
    state = deal(["QH 5C 6C", "2C", "3C"], top="9H")
    do(state, "QH")
    passes(state)
    assert state.direction == -1
    do(state, "end")
    assert state.current_player() == 2


def test_queen_with_two_players_on_the_last_action_grants_an_extra_action():
    state = deal(["QH 5C 6C", "2C 3C"], top="9H")
    do(state, "QH")
    passes(state)
    assert state.actions_left == 1 and state.direction == 1


def test_queen_with_two_players_not_on_the_last_action_grants_nothing():
    state = deal(["JH QH 5C 6C", "2C 3C"], top="9H")
    do(state, "JH", "d4=2")
    passes(state)
    do(state, "QH")
    passes(state)
    assert state.actions_left == 1


def test_king_takes_a_card_blind_and_gives_one_back_from_the_original_hand():
    state = deal(["KH 5C 6C", "2C 3C 4C"], top="9H")
    do(state, "KH")
    assert legal(state) == ["target P1"]
    do(state, "target P1")
    passes(state)
    assert state.is_chance_node()
    assert [str(a) for a, _ in state.chance_outcomes()] == ["take 2C", "take 3C", "take 4C"]
    do(state, "take 3C")
    assert legal(state) == ["give 5C", "give 6C"]  # never the card just taken
    do(state, "give 5C")
    assert hand(state, 0) == ["3C", "6C"]
    assert hand(state, 1) == ["2C", "4C", "5C"]


def test_two_kings_swap_two_cards_and_a_short_target_draws_first():
    state = deal(["KH KS 5C 8D", "2C"], top="9H", draw="2D")
    do(state, "KH+KS", "target P1")
    passes(state)
    do(state, "take 2D")
    assert legal(state) == ["give 5C", "give 8D"]
    do(state, "give 5C", "give 8D")
    assert hand(state, 0) == ["2C", "2D"]
    assert hand(state, 1) == ["5C", "8D"]


def test_a_king_cannot_target_a_player_without_cards():
    state = deal(["KH 5C 6C", "2C 3C", "4C"], top="9H")
    do(state, "KH")
    assert legal(state) == ["target P1", "target P2"]


def test_joker_ends_the_turn_and_the_next_player_rolls_a_d10_to_pick_up():
    state = deal(["JK 5C 6C", "2C 3C", "4C 4D"], top="9H", draw="2D 3D 5D")
    do(state, "JK")
    passes(state)
    assert state.current_player() == 1  # remaining actions and the bonus are lost
    assert legal(state) == ["accept"]
    do(state, "accept", "d10=3")
    assert hand(state, 1) == ["2C", "3C", "2D", "3D", "5D"]
    assert step(state) == "turn" and "5C" not in legal(state)
    assert {"2C", "3C"} <= set(legal(state))  # anything goes on a Joker


def test_jokers_stack_and_the_next_player_rolls_the_upgraded_die():
    state = deal(["JK 5C 6C", "JK 3C", "4C 4D"], top="9H")
    do(state, "JK")
    passes(state)
    assert legal(state) == ["accept", "JK"]
    do(state, "JK")
    passes(state)
    assert state.current_player() == 2
    do(state, "accept")
    assert state.observation(2)["prompt"]["dice"] == [12]


def test_dice_law_ladder():
    assert upgraded(4, 1) == (6,)  # two Jacks: d6
    assert upgraded(4, 3) == (10,)  # four Jacks: d10
    assert upgraded(10, 1) == (12,)  # two Jokers: d12
    assert upgraded(10, 2) == (20,)  # three Jokers: d20
    assert upgraded(10, 3) == (20, 10)  # four Jokers: d20 + d10, not a d100
    assert upgraded(10, 4) == (20, 12)  # further steps step up the smaller die
    assert upgraded(6, 1) == (8,)  # two 6s: d8


def test_three_jacks_roll_a_d8():
    state = deal(["JS JH JD 5C", "2C 3C"], top="9H")
    do(state, "JS+JD+JH")
    assert state.observation(0)["prompt"]["dice"] == [8]
    do(state, "d8=7")
    passes(state)
    assert state.actions_left == 7


def test_four_jokers_roll_d20_plus_d10_in_two_deck_games():
    players = ["JK JK JK JK 5C", "2C", "3C", "4C", "5D", "6D", "7D"]
    state = deal(players, top="9H")
    do(state, "JK+JK+JK+JK")
    passes(state)
    do(state, "accept")
    assert state.observation(1)["prompt"]["dice"] == [20, 10]


def test_the_public_log_says_what_a_king_a_ten_and_an_emptied_hand_did_without_the_cards():
    # a newcomer read "Bo gave you 2C" beside two cards gone, and a bot's hand shrink and
    # grow with no line for it: the moves are public, the cards only their holders'
    state = deal(["KH KS 5C 8D", "2C"], top="9H", draw="2D")
    do(state, "KH+KS", "target P1")
    passes(state)
    do(state, "take 2D", "give 5C", "give 8D")
    assert "P0's King takes 2 cards from P1, who gets as many back." in state.public_log()
    state = deal(["10H 5C 6C", "2C 3C 4C"], top="9H", draw="2D 3D")
    do(state, "10H")
    passes(state)
    assert "P0's 10 puts their 2 cards under the draw pile; they draw as many." in (
        state.public_log()
    )
    state = deal(["6H", "2C 3C"], top="5H", draw="2D 3D 4D 5D 6D 7D")
    do(state, "6H")
    passes(state)
    log = state.public_log()
    assert "P0 may not finish on a special card and picks up a card." in log
    for line in log[1:]:
        assert not any(card in line for card in ("2C", "3C", "2D", "5C", "8D")), line
