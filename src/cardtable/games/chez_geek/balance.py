"""Per-Job balance figures: each Job's win rate with a 95% confidence interval.

The generic simulator knows nothing of Jobs (the engine contract has no
per-game breakdown), so this lives with the game for the simulator to call:
``job_report(games=5000)``. It plays bots through the engine's public API only.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from cardtable.bots.registry import make_bot
from cardtable.engine.registry import load_game
from cardtable.games.chez_geek.state import ChezGeekState
from cardtable.sim.match import play_match

Z95 = 1.959964


@dataclass(frozen=True)
class JobRate:
    job: str
    games: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """Wilson score interval: sound at small counts and near 0 or 1."""
        n = self.games
        if not n:
            return (0.0, 1.0)
        p = self.rate
        centre = (p + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)
        return (max(0.0, centre - half), min(1.0, centre + half))


def job_rates(
    games: int, players: int = 4, bot: str = "heuristic", seed: int = 0
) -> tuple[list[JobRate], float]:
    """Each Job's wins over ``games`` seeded games of ``players`` bots; and the mean length."""
    game = load_game("chez-geek", players=players)
    wins: Counter[str] = Counter()
    seats: Counter[str] = Counter()
    moves = 0
    for i in range(games):
        bots = [make_bot(bot, game, s, seed=(seed + i) * 31 + s) for s in range(players)]
        state = play_match(game, bots, seed + i, observe=False)
        assert isinstance(state, ChezGeekState)  # noqa: S101 - this module is Chez Geek's own
        moves += state.move_number()
        for s in range(players):
            name = state.jobdefs[state.job_of[s]].name
            seats[name] += 1
            if state.returns()[s] == 1.0:
                wins[name] += 1
    rates = sorted((JobRate(j, seats[j], wins[j]) for j in seats), key=lambda r: r.rate)
    return rates, moves / max(1, games)


def job_report(games: int, players: int = 4, bot: str = "heuristic", seed: int = 0) -> str:
    """A printable table of Job win rates against the mean, with 95% intervals."""
    rates, length = job_rates(games, players, bot, seed)
    mean = 1 / players
    lines = [f"{games} games, {players} x {bot}; mean game length {length:.0f} moves"]
    for r in rates:
        lo, hi = r.interval()
        flag = "" if abs(r.rate - mean) <= 0.10 else "  <- more than 10 points off"
        lines.append(
            f"  {r.job:18s} {100 * r.rate:5.1f}%  [{100 * lo:4.1f}, {100 * hi:4.1f}]"
            f"  ({r.wins}/{r.games}){flag}"
        )
    return "\n".join(lines)
