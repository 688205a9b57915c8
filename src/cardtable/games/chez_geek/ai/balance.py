"""Per-Job balance figures: each Job's win rate with a 95% confidence interval.

``cardtable simulate chez-geek`` prints the same per-Job rates through
``State.statistics()``; this is the same study as a function, for tests and
notebooks: ``job_report(games=5000)``. It plays bots through the one match
loop (``bots.match``) and the engine's public API only.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from cardtable.bots.match import play_match
from cardtable.bots.registry import make_bot
from cardtable.engine.registry import load_game
from cardtable.games.chez_geek.state import ChezGeekState
from cardtable.stats import wilson_interval

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
        return wilson_interval(self.wins, self.games, z=Z95)


def job_rates(
    games: int, players: int = 4, bot: str | None = None, seed: int = 0
) -> tuple[list[JobRate], float]:
    """Each Job's wins over ``games`` seeded games of ``players`` bots; and the mean length."""
    game = load_game("chez-geek", players=players)
    bot = bot or game.default_bot
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


def job_report(games: int, players: int = 4, bot: str | None = None, seed: int = 0) -> str:
    """A printable table of Job win rates against the mean, with 95% intervals."""
    bot = bot or load_game("chez-geek", players=players).default_bot
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
