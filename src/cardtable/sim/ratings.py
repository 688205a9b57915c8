"""OpenSkill ratings of bots from game outcomes.

Why OpenSkill (Plackett-Luce): it is a maintained, MIT-licensed library that
rates free-for-all games of any size with ties, which a win rate alone cannot
compare across tables of different make-up. Games are rated in index order,
so a run gives the same ratings whatever the number of workers.

A bot that sits at several seats of one game (``ismcts,heuristic,heuristic``)
is one rated player: each seat is rated as its own team with the bot's current
rating, and the bot's new rating is the mean of its seats' updates.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from openskill.models import PlackettLuce

from cardtable.sim.runner import GameOutcome


@dataclass(frozen=True)
class BotRating:
    name: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """A conservative skill estimate (mu - 3 sigma), the usual sort key for leaderboards."""
        return self.mu - 3 * self.sigma

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "ordinal": self.ordinal}


def ranks_of(outcome: GameOutcome) -> list[int]:
    """1-based ranks per seat (ties share a rank): places if the game has them, else returns."""
    if outcome.places is not None:
        return list(outcome.places)
    r = outcome.returns
    return [1 + sum(1 for other in r if other > mine) for mine in r]


def rate(outcomes: Sequence[GameOutcome]) -> list[BotRating]:
    """Ratings per bot name, best (by ordinal) first."""
    model = PlackettLuce()
    current: dict[str, Any] = {}
    games: dict[str, int] = defaultdict(int)
    for outcome in sorted(outcomes, key=lambda o: o.index):
        names = outcome.seating
        for name in set(names):
            if name not in current:
                current[name] = model.rating(name=name)
            games[name] += 1
        if len(set(names)) < 2:
            continue  # a bot against itself teaches nothing about it
        teams = [[current[name]] for name in names]
        updated = model.rate(teams, ranks=[float(r) for r in ranks_of(outcome)])
        mus: dict[str, list[float]] = defaultdict(list)
        sigmas: dict[str, list[float]] = defaultdict(list)
        for name, team in zip(names, updated, strict=True):
            mus[name].append(team[0].mu)
            sigmas[name].append(team[0].sigma)
        for name in mus:
            current[name] = model.rating(
                mu=sum(mus[name]) / len(mus[name]),
                sigma=sum(sigmas[name]) / len(sigmas[name]),
                name=name,
            )
    ratings = [BotRating(name, r.mu, r.sigma, games[name]) for name, r in current.items()]
    return sorted(ratings, key=lambda b: (-b.ordinal, b.name))


def format_ratings(ratings: Sequence[BotRating]) -> str:
    lines = [
        "OpenSkill (Plackett-Luce) ratings",
        f"{'':<16}{'games':>7}{'mu':>9}{'sigma':>8}{'ordinal':>9}",
    ]
    for r in ratings:
        lines.append(f"{r.name:<16}{r.games:>7}{r.mu:>9.2f}{r.sigma:>8.2f}{r.ordinal:>9.2f}")
    return "\n".join(lines)
