"""Row scoring, final ranking and the tie-breaks, as pure functions.

Pure so that each rule (best +value / worst -value, ties to the earlier
finisher, Avoidance, Get second place, Cumulative) is tested on its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.games.chai_tea_jazz.setups import Row


def rank_row(scores: Sequence[int], orders: Sequence[int], avoid: bool) -> list[int]:
    """Sides best first: highest score (lowest for Avoidance); ties to the earlier finisher.

    An insertion sort of a few sides (stable, as ``sorted`` is): searches score
    rows thousands of times a second, and ``sorted`` with a key builds a tuple per side.
    """
    sign = 1 if avoid else -1
    ranked: list[int] = []
    for s in range(len(scores)):
        key, order = sign * scores[s], orders[s]
        at = len(ranked)
        while at > 0:
            t = ranked[at - 1]
            other = sign * scores[t]
            if other < key or (other == key and orders[t] <= order):
                break
            at -= 1
        ranked.insert(at, s)
    return ranked


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
