"""Scoring: card points, last trick, Bet Debt, rows, Avoidance, meta contracts, game end."""

from __future__ import annotations

import pytest

from cardtable.engine.errors import SettingError
from cardtable.games.chai_tea_jazz.cards import JOKER, POINTS, code
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.games.chai_tea_jazz.scoring import (
    cumulative_total,
    final_ranking,
    rank_row,
    row_game_points,
)
from cardtable.games.chai_tea_jazz.setups import build_rows

from .ctj_helpers import do, finish_round, state_with

ONE_ROW = [{"name": "Under", "contract": "under", "value": 2}]


def _captured(state, seats: set[int]) -> int:
    return sum(sum(POINTS[c] for c in cards) for _, cards, w in state.tricks_log if w in seats)


def test_odd_cards_score_their_rank_even_cards_nothing_jokers_two() -> None:
    assert [POINTS[code(0, r)] for r in range(1, 14)] == [1, 0, 3, 0, 5, 0, 7, 0, 9, 0, 11, 0, 13]
    assert POINTS[JOKER] == 2
    assert sum(POINTS[c] for c in ChaiTeaJazzGame(3).deck_list) == 100


def _play_to_last_card(state) -> None:
    while not (state.trick_no == state.game.tricks - 1 and len(state.trick_cards) == 2):
        state.apply_action(state.legal_actions()[0])


def test_declarer_scores_captured_points_plus_last_trick_minus_bet_debt() -> None:
    s = state_with(rounds=2)
    do(s, "pick under", "pick slalom high debt 5", "pass", "pick under debt 10", "pass")
    assert s.declarer == 0
    _play_to_last_card(s)
    before = _captured(s, {0})
    table = list(s.trick_cards)
    s.apply_action(s.legal_actions()[0])
    last_winner = s.summaries[-1]["last_trick"] > 0
    table_points = sum(POINTS[c] for c in table) + POINTS[s.game.code_of[str(s.history()[-1])]]
    expected = before + (table_points + 10 if last_winner else 0) - 10
    summary = s.summaries[-1]
    assert summary["bet_debt"] == 10 and summary["score"] == expected
    assert s.row_score[1][0] == expected and s.row_order[1][0] == 1


def test_six_players_last_trick_is_worth_20() -> None:
    s = state_with(players=6)
    do(s, "pick under")
    for _ in range(5):
        s.apply_action(s.legal_actions()[0])
    finish_round(s)
    assert s.summaries[-1]["last_trick"] in (0, 20)
    assert ChaiTeaJazzGame(6).last_bonus == 20 and ChaiTeaJazzGame(4).last_bonus == 10


def test_row_best_gets_value_worst_loses_it_middle_zero() -> None:
    under = build_rows("standard", 3)[1]
    assert row_game_points(under, [40, 70, 10], [1, 2, 3]) == [0, 2, -2]


def test_row_ties_go_to_the_earlier_finisher() -> None:
    under = build_rows("standard", 3)[1]
    assert row_game_points(under, [50, 50, 50], [3, 1, 2]) == [-2, 2, 0]


def test_two_sides_plus_and_minus_value() -> None:
    trump = build_rows("standard", 4)[0]
    assert row_game_points(trump, [80, 120], [2, 1]) == [-1, 1]


def test_avoidance_row_lowest_score_is_best() -> None:
    rows = build_rows([{"name": "Avoid", "contract": "under", "value": 3, "avoid": True}], 3)
    assert rank_row([10, 50, 30], [1, 2, 3], True) == [0, 2, 1]
    assert row_game_points(rows[0], [10, 50, 30], [1, 2, 3]) == [3, -3, 0]


def test_get_second_place_middle_wins_first_loses_lowest_zero() -> None:
    rows = build_rows([{"name": "2nd", "contract": "over", "value": 2, "meta": "second"}], 3)
    assert row_game_points(rows[0], [90, 50, 10], [1, 2, 3]) == [-2, 2, 0]


def test_get_second_place_only_with_three_players() -> None:
    with pytest.raises(SettingError, match=r"setup row 1 \('2nd'\).*three players"):
        ChaiTeaJazzGame(
            4, setup=[{"name": "2nd", "contract": "over", "value": 2, "meta": "second"}]
        )


def test_cumulative_totals_every_row_avoidance_counted_negatively() -> None:
    rows = build_rows(
        [
            {"name": "Over", "contract": "over", "value": 2},
            {"name": "Avoid", "contract": "under", "value": 2, "avoid": True},
        ],
        3,
    )
    assert cumulative_total(rows, [70, 20]) == 50
    assert cumulative_total(rows, [70, None]) == 70


def test_final_ranking_most_points_tie_to_whoever_finished_first() -> None:
    assert final_ranking([3, 3, -6], [2, 1, 3]) == [1, 0, 2]
    assert final_ranking([5, 3, -8], [3, 1, 2]) == [0, 1, 2]


def test_a_row_is_scored_when_every_side_completed_it_and_the_game_ends() -> None:
    s = state_with(setup=ONE_ROW, rounds=3)
    do(s, "pick under", "pass", "pass")
    finish_round(s)
    assert s.row_points[0] is None  # not complete yet
    do(s, "pick under", "pass")
    finish_round(s)
    assert s.row_points[0] is None
    do(s, "pick under")  # P2 is the only one left: P0 and P1 always pass
    finish_round(s)
    assert s.is_terminal()
    scores, orders = s.row_score[0], s.row_order[0]
    assert orders == [1, 2, 3]
    expected = row_game_points(s.game.rows[0], scores, orders)
    assert s.row_points[0] == expected and s.game_points == expected
    assert s.returns() == [float(x) for x in expected]
    assert s.finish == [1, 2, 3]
    ranking = final_ranking(expected, [1, 2, 3])
    assert s.places() == [ranking.index(p) + 1 for p in range(3)]


def test_standard_game_is_twelve_rounds_with_three_players() -> None:
    assert ChaiTeaJazzGame(3).rounds == 12
    assert ChaiTeaJazzGame(2).rounds == 8
    assert ChaiTeaJazzGame(4).rounds == 8 and ChaiTeaJazzGame(6).rounds == 8


def test_teammates_share_returns_and_places() -> None:
    s = state_with(players=4, setup=ONE_ROW, rounds=2)
    do(s, "pick under", "pass", "pass", "pass")
    finish_round(s)
    do(s, "pick under")  # P1 (Team B): the only side left
    finish_round(s)
    assert s.is_terminal()
    r = s.returns()
    assert r[0] == r[2] and r[1] == r[3] and r[0] == -r[1]
    p = s.places()
    assert p[0] == p[2] and p[1] == p[3] and sorted({p[0], p[1]}) == [1, 2]


def test_jass_match_point_for_taking_every_trick() -> None:
    hearts = ["6H", "7H", "8H", "9H", "10H", "UH", "OH", "KH", "AH"]
    s = state_with(hands=[[*hearts, "AC", "AD", "AS"], [], []], jass=True)
    do(s, "pick trump H", "pass", "pass")
    finish_round(s)
    summary = s.summaries[-1]
    assert summary["score"] == 110 and summary["match_point"] == 0
    assert s.game_points == [1, 0, 0]


def test_jass_deck_labels_and_points() -> None:
    game = ChaiTeaJazzGame(3, jass=True)
    names = sorted(set(game.deck().elements()))
    assert {"6C", "10C", "UC", "OC", "KC", "AC"} <= set(names) and "1C" not in names
    assert POINTS[game.code_of["AC"]] == 9 and POINTS[game.code_of["10C"]] == 5
    assert POINTS[game.code_of["6C"]] == 1 and POINTS[game.code_of["UC"]] == 0


BIG_AND_SMALL = [
    {"name": "Big", "contract": "under", "value": 10},
    {"name": "Small", "contract": "over", "value": 1},
]


def _play_big_row(state) -> None:
    do(state, "pick big", "pass", "pass")
    finish_round(state)
    do(state, "pick big", "pass")
    finish_round(state)
    do(state, "pick big")
    finish_round(state)


def test_early_end_when_no_result_can_change_the_winner() -> None:
    s = state_with(setup=BIG_AND_SMALL, rounds=3, early_end=True)
    _play_big_row(s)
    assert s.is_terminal() and s.round_no == 2
    assert sorted(s.game_points) == [-10, 0, 10]
    assert s.places()[s.game_points.index(10)] == 1


def test_without_early_end_every_row_is_played() -> None:
    s = state_with(setup=BIG_AND_SMALL, rounds=3)
    _play_big_row(s)
    assert not s.is_terminal()


def test_early_end_is_not_combined_with_cumulative() -> None:
    with pytest.raises(SettingError, match="early_end"):
        ChaiTeaJazzGame(3, early_end=True, cumulative=True)


def test_rank_row_orders_as_sorting_by_score_then_finish_order() -> None:
    """The hand-written insertion sort against ``sorted`` on random rows, ties included."""
    import random

    rng = random.Random(11)
    for _ in range(3000):
        n = rng.randint(1, 6)
        scores = [rng.randint(-2, 2) for _ in range(n)]
        orders = [rng.randint(0, 2) for _ in range(n)]
        avoid = rng.random() < 0.5
        sign = 1 if avoid else -1
        expected = sorted(range(n), key=lambda s: (sign * scores[s], orders[s]))
        assert rank_row(scores, orders, avoid) == expected
