"""Tables of results: per bot and per seat, with 95% confidence intervals."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.sim.runner import GameOutcome
from cardtable.stats import mean_interval, wilson_interval


def is_win(outcome: GameOutcome, seat: int) -> bool:
    """First place alone or shared with teammates; an all-equal result is a draw, not a win."""
    if outcome.places is not None:
        return outcome.places[seat] == 1 and len(set(outcome.places)) > 1
    best = max(outcome.returns)
    return outcome.returns[seat] == best and min(outcome.returns) < best


def is_draw(outcome: GameOutcome) -> bool:
    if outcome.places is not None:
        return len(set(outcome.places)) == 1
    return len(set(outcome.returns)) == 1


@dataclass
class Row:
    label: str
    games: int
    wins: int
    win_low: float
    win_high: float
    mean_return: float
    return_low: float
    return_high: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def _row(label: str, wins: int, returns: list[float]) -> Row:
    low, high = wilson_interval(wins, len(returns))
    mean, rlow, rhigh = mean_interval(returns)
    return Row(label, len(returns), wins, low, high, mean, rlow, rhigh)


def by_bot(outcomes: Sequence[GameOutcome]) -> list[Row]:
    wins: dict[str, int] = defaultdict(int)
    returns: dict[str, list[float]] = defaultdict(list)
    for o in outcomes:
        for seat, name in enumerate(o.seating):
            wins[name] += is_win(o, seat)
            returns[name].append(o.returns[seat])
    return [_row(name, wins[name], returns[name]) for name in sorted(returns)]


def by_seat(outcomes: Sequence[GameOutcome], seat_name: object = None) -> list[Row]:
    if not outcomes:
        return []
    n = len(outcomes[0].returns)
    rows = []
    for seat in range(n):
        label = seat_name(seat) if callable(seat_name) else f"seat {seat}"
        rows.append(
            _row(
                str(label),
                sum(is_win(o, seat) for o in outcomes),
                [o.returns[seat] for o in outcomes],
            )
        )
    return rows


def format_rows(title: str, rows: Sequence[Row]) -> str:
    lines = [
        title,
        f"{'':<14}{'games':>7}{'wins':>7}{'win rate':>10}  {'95% CI':<15}{'mean return':>12}"
        f"  {'95% CI':<17}",
    ]
    for r in rows:
        lines.append(
            f"{r.label:<14}{r.games:>7}{r.wins:>7}{r.win_rate:>9.1%}  "
            f"[{r.win_low:5.1%}, {r.win_high:5.1%}] {r.mean_return:>10.3f}  "
            f"[{r.return_low:7.3f}, {r.return_high:7.3f}]"
        )
    return "\n".join(lines)


def draws(outcomes: Sequence[GameOutcome]) -> int:
    return sum(is_draw(o) for o in outcomes)
