"""Game-specific figures from ``State.statistics()``, summarised without knowing the game.

A number is averaged over games; a dict of numbers is averaged key by key
(e.g. Chai Tea Jazz's score per contract); a list holding one label per seat
becomes a win rate per label with its 95% interval (e.g. Chez Geek's per-Job
win rates).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from numbers import Real
from typing import Any

from cardtable.sim.runner import GameOutcome
from cardtable.sim.summary import is_win
from cardtable.stats import wilson_interval


def _is_number(value: Any) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def summarise(outcomes: Sequence[GameOutcome]) -> list[str]:
    """Printable lines, one block per statistic the games reported."""
    keys = sorted({k for o in outcomes for k in o.extra})
    lines: list[str] = []
    for key in keys:
        present = [o for o in outcomes if key in o.extra]
        values = [o.extra[key] for o in present]
        if all(_is_number(v) for v in values):
            lines.append(f"{key}: mean {sum(values) / len(values):.3f} over {len(values)} games")
        elif all(isinstance(v, dict) for v in values):
            lines.extend(_dict_means(key, values))
        elif all(
            isinstance(v, list) and len(v) == len(o.returns)
            for v, o in zip(values, present, strict=True)
        ):
            lines.extend(_label_win_rates(key, present))
    return lines


def _dict_means(key: str, values: list[dict[str, Any]]) -> list[str]:
    sums: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    for value in values:
        for k, v in value.items():
            if _is_number(v):
                sums[k] += v
                counts[k] += 1
    lines = [f"{key} (mean per game where it occurs):"]
    for k in sorted(sums):
        lines.append(f"  {k:<24}{sums[k] / counts[k]:>10.2f}   ({counts[k]} games)")
    return lines


def _label_win_rates(key: str, outcomes: list[GameOutcome]) -> list[str]:
    wins: dict[str, int] = defaultdict(int)
    seats: dict[str, int] = defaultdict(int)
    for o in outcomes:
        for seat, label in enumerate(o.extra[key]):
            seats[str(label)] += 1
            wins[str(label)] += is_win(o, seat)
    lines = [f"win rate by {key}:"]
    for label in sorted(seats, key=lambda lab: -wins[lab] / seats[lab]):
        low, high = wilson_interval(wins[label], seats[label])
        rate = wins[label] / seats[label]
        lines.append(
            f"  {label:<24}{rate:>7.1%}  [{low:5.1%}, {high:5.1%}]  ({wins[label]}/{seats[label]})"
        )
    return lines
