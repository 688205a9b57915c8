"""Every rule of the ChardZ Contest rulebook and rulings, each from an explicit deal."""

from __future__ import annotations

import pytest

from cardtable.engine import IllegalActionError, Marker
from tests.contest.helpers import legal, new_state, play

BLACK, WHITE = 0, 1


def test_each_pile_holds_the_sixteen_pieces_of_the_rulings():
    state = new_state()
    assert state.game.deck() == {"K": 2, "Q": 2, "R": 4, "N": 4, "B": 4, "P": 16}
    assert len(state.main[BLACK]) == 15 and len(state.main[WHITE]) == 15  # one card each in hand


def test_black_cards_declare_first_in_round_one():
    state = new_state("R", "N")
    assert state.current_player() == BLACK
    assert state.observation(BLACK)["phase"] == "declare-first"


def test_a_king_is_never_declared():
    state = new_state("K", "P")
    assert "K" not in legal(state)
    with pytest.raises(IllegalActionError, match="King is never declared"):
        state.parse_action("K")


def test_higher_declaration_wins_without_reveal_winner_to_bottom_loser_defeated():
    state = play(new_state("R", "N"), "R", "N", "pass", "pass")
    obs_black = state.observation(BLACK)
    assert obs_black["you"]["main_pile_known_bottom"] == ["R"]
    assert obs_black["you"]["main_pile"] == 15
    assert state.observation(WHITE)["you"]["defeated"] == ["N"]
    assert obs_black["last_round"]["winner"] == BLACK


def test_declarations_decide_even_when_they_are_bluffs():
    # White holds a Pawn but declares a Queen; nobody calls, so White wins.
    state = play(new_state("R", "P"), "R", "Q", "pass", "pass")
    assert state.observation(BLACK)["you"]["defeated"] == ["R"]
    assert state.observation(WHITE)["you"]["main_pile_known_bottom"] == ["P"]


def test_first_declarer_alternates_every_round():
    state = play(new_state("RR", "NN"), "R", "N", "pass", "pass")
    assert state.current_player() == WHITE
    assert state.observation(WHITE)["first_declarer"] == WHITE


def test_knight_against_bishop_ties_and_a_tie_break_round_follows_at_once():
    state = play(new_state("NQ", "BP"), "N", "B", "pass", "pass")
    obs = state.observation(BLACK)
    assert obs["last_round"]["winner"] is None
    assert obs["you"]["table"] == ["N", "Q"]  # tied card stays on the table
    assert state.current_player() == WHITE  # alternation includes tie-break rounds


def test_tie_break_winner_takes_all_tied_cards_in_order_played():
    state = play(new_state("NQ", "BP"), "N", "B", "pass", "pass", "P", "Q", "pass", "pass")
    assert state.observation(BLACK)["you"]["main_pile_known_bottom"] == ["N", "Q"]
    assert state.observation(WHITE)["you"]["defeated"] == ["B", "P"]


def test_second_declarer_may_call_first_then_the_first_declarer():
    state = play(new_state("R", "N"), "R", "N")
    assert state.current_player() == WHITE and legal(state) == ["call", "pass"]
    play(state, "pass")
    assert state.current_player() == BLACK and legal(state) == ["call", "pass"]


def test_at_most_one_reveal_per_round():
    state = play(new_state("RP", "NP"), "R", "Q", "call")
    # Black called, White bluffed: White takes the consequence; nobody else may call.
    assert state.observation(WHITE)["phase"] == "consequence"
    assert state.current_player() == WHITE


def test_reveal_decides_by_the_true_cards():
    # White declares Queen with a Pawn, Black calls: the true Rook beats the true Pawn.
    state = play(new_state("R", "P"), "P", "Q", "call")
    assert state.observation(BLACK)["last_round"]["winner"] == BLACK
    assert state.observation(WHITE)["you"]["defeated"] == ["P"]
    assert state.observation(BLACK)["last_round"]["revealed"] == ["R", "P"]


def test_a_revealed_king_is_found_and_its_owner_loses():
    state = play(new_state("K", "R"), "P", "R", "call")
    assert state.is_terminal()
    assert state.returns() == [-1.0, 1.0]


def test_both_kings_revealed_in_one_duel_is_a_draw():
    state = play(new_state("K", "K"), "P", "P", "call")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_caught_bluffer_takes_the_consequence():
    state = play(new_state("R", "P"), "R", "Q", "pass", "call")
    assert state.current_player() == WHITE
    assert legal(state) == ["pile", "top"]


def test_false_accuser_takes_the_consequence():
    state = play(new_state("R", "N"), "R", "N", "call")
    assert state.current_player() == WHITE  # White called an honest Rook
    assert state.observation(WHITE)["consequence_taker"] == WHITE


def test_showing_a_defeated_pile_without_king_shows_its_cards_and_play_goes_on():
    # round 1: White loses its Knight; round 2: White falsely accuses and shows its pile.
    state = play(new_state("RR", "NP"), "R", "N", "pass", "pass", "P", "R", "pass", "call", "pile")
    assert not state.is_terminal()
    seen = state.observation(BLACK)["opponent"]["defeated"]
    assert [d["card"] for d in seen] == ["N", "P"]


def test_showing_a_defeated_pile_that_holds_the_king_loses():
    # White bluffs its King away as a Pawn, then falsely accuses and shows its pile.
    state = play(new_state("RR", "KP"), "R", "P", "pass", "pass", "P", "R", "pass", "call", "pile")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_top_card_consequence_shows_next_card_before_anyone_declares():
    state = play(new_state("RQ", "NB"), "R", "N", "call", "top")
    obs_black = state.observation(BLACK)
    assert obs_black["opponent"]["card"] == "B" and obs_black["opponent"]["card_shown"]
    assert state.observation(WHITE)["you"]["card_shown"]


def test_top_card_consequence_that_shows_the_king_loses():
    state = play(new_state("RQ", "NK"), "R", "N", "call", "top")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def wrong_call(state, caller: int) -> None:
    """One round in which ``caller`` calls an honest declaration and shows its pile."""
    first = state.first
    play(state, "P", "P")  # both honest Pawns (every test pile starts with Pawns)
    if caller == 1 - first:
        play(state, "call")
    else:
        play(state, "pass", "call")
    play(state, "pile")


def test_two_wrong_calls_in_a_row_ban_calling_next_round():
    state = new_state("PPPPPP", "PPPPPP")
    wrong_call(state, BLACK)
    wrong_call(state, BLACK)
    assert state.observation(BLACK)["you"]["banned"]
    play(state, "P", "P")  # round 3: Black first, White second
    play(state, "pass")  # White passes, and Black may not call: the round is settled
    assert state.observation(BLACK)["round"] == 4
    assert not state.observation(BLACK)["you"]["banned"]  # the ban lasts one round


def test_ban_counts_consecutive_calls_even_with_rounds_without_calls_between():
    state = new_state("PPPPPP", "PPPPPP")
    wrong_call(state, BLACK)
    play(state, "P", "P", "pass", "pass")  # a round in which nobody calls
    wrong_call(state, BLACK)
    assert state.observation(BLACK)["you"]["banned"]


def test_a_right_call_resets_the_wrong_call_streak():
    state = new_state("PPPPP", "PPQPP")
    wrong_call(state, BLACK)
    play(state, "R", "P", "call", "pile")  # round 2: White first bluffs R with a Pawn; Black right
    wrong_call(state, BLACK)
    assert not state.observation(BLACK)["you"]["banned"]


def test_a_banned_first_declarer_is_not_asked():
    state = new_state("PPPPPP", "PPPPPP")
    wrong_call(state, WHITE)
    wrong_call(state, WHITE)
    play(state, "P", "P")  # round 3: Black first, White second and banned
    assert state.current_player() == BLACK and state.observation(BLACK)["phase"] == "call-first"


def test_all_sixteen_cards_defeated_loses():
    state = new_state()
    for rnd in range(16):
        first_is_black = rnd % 2 == 0
        play(state, *(["Q", "P"] if first_is_black else ["P", "Q"]), "pass", "pass")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert "all of White's cards are defeated" in state.end_reason


def test_drawing_from_an_empty_main_pile_loses():
    state = new_state()
    for rnd in range(15):
        play(state, *(["Q", "P"] if rnd % 2 == 0 else ["P", "Q"]), "pass", "pass")
    # White has one card left; a tie keeps it on the table, then White must draw from nothing.
    play(state, "P", "P", "pass", "pass")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert "empty Main Pile" in state.end_reason


def test_draw_bound_ends_in_a_draw():
    state = new_state(max_rounds=2)
    play(state, "P", "P", "pass", "pass", "P", "P", "pass", "pass")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_random_games_reach_the_500_round_bound_rarely():
    from cardtable.sim.runner import SimSpec, run_local

    spec = SimSpec("contest", 2, {}, ("heuristic", "heuristic"), seed=0)
    outcomes = run_local(spec, 300, workers=1)
    long_games = [o for o in outcomes if o.length > 2000]
    assert len(long_games) <= 3  # the bound exists for safety; measured: it is (almost) never hit


def test_chance_deal_probabilities_follow_the_remaining_cards():
    state = load_state_for_deal()
    outcomes = dict((str(a), p) for a, p in state.chance_outcomes())
    assert outcomes == {
        "deal 0 K": 1 / 16,
        "deal 0 Q": 1 / 16,
        "deal 0 R": 2 / 16,
        "deal 0 N": 2 / 16,
        "deal 0 B": 2 / 16,
        "deal 0 P": 8 / 16,
    }
    state.apply_text("deal 0 K")
    assert "deal 0 K" not in [str(a) for a, _ in state.chance_outcomes()]


def load_state_for_deal():
    from cardtable import load_game

    state = load_game("contest").new_initial_state(seed=1)
    assert state.current_player() is Marker.CHANCE
    return state
