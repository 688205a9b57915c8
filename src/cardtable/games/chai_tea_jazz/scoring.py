"""Row scoring, final ranking and the tie-breaks, as pure functions.

Pure so that each rule (best +value / worst -value, ties to the earlier
finisher, Avoidance, Get second place, Cumulative) is tested on its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.games.chai_tea_jazz.setups import Row


def rank_row(scores: Sequence[int], orders: Sequence[int], avoid: bool) -> list[int]:
    """Sides best first: highest score (lowest for Avoidance); ties to the earlier finisher."""
    sign = 1 if avoid else -1
    return sorted(range(len(scores)), key=lambda s: (sign * scores[s], orders[s]))


def row_game_points(row: Row, scores: Sequence[int], orders: Sequence[int]) -> list[int]:
    """Game points each side gets when a row is complete."""
    ranked = rank_row(scores, orders, row.avoid)
    out = [0] * len(scores)
    v = row.value
    if row.meta == "second":
        # three sides: the middle score wins, the best loses, the lowest gets nothing
        out[ranked[0]] = -v
        out[ranked[1]] = v
        return out
    out[ranked[0]] = v
    out[ranked[-1]] = -v
    return out


def cumulative_total(rows: Sequence[Row], scores: Sequence[int | None]) -> int:
    """The Cumulative meta contract: every row's score, Avoidance rows counted negatively."""
    total = 0
    for row, score in zip(rows, scores, strict=True):
        if score is not None:
            total += -score if row.avoid else score
    return total


def final_ranking(totals: Sequence[int], finish: Sequence[int]) -> list[int]:
    """Sides best first: the most points; a tie goes to whoever finished all rows first."""
    return sorted(range(len(totals)), key=lambda s: (-totals[s], finish[s]))
