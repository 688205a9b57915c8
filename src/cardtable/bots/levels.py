"""Levels offered to people: what each is, how strong it measured, how long it thinks.

Each game maps ``easy`` / ``medium`` / ``hard`` / ``expert`` to a bot spec in
``Game.bot_levels``; the ratings here are the measured ones of the ladder in
docs/bots.md (OpenSkill ordinal, mu - 3 sigma, in arena games against the
game's other bots), so the lobby can show them. ``hard`` is chosen to answer
within about a second on a small machine; ``expert`` may think for several.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.bots.specs import LEVELS
from cardtable.engine.game import Game

NOTES = {
    "easy": "a short search: quick, and makes mistakes",
    "medium": "the game's rule-of-thumb player: instant",
    "hard": "searches; at most about a second a move",
    "expert": "the strongest search; may take several seconds a move",
}

# measured ratings: game -> level -> text shown, copied from the ladders in docs/bots.md;
# a level measured head to head against the one below it (benchmarks/ladder.py, "The
# ladder, head to head") shows that, the others their arena figures until they are
RATINGS: dict[str, dict[str, str]] = {
    "chai-tea-jazz": {
        "expert": "first in 49.6% of 240 games against two hard (43.3–55.9%)",
        "hard": "first in 76.0% of 300 games against two medium (70.9–80.5%)",
        "medium": "first in 72.0% of 300 games against two easy (66.7–76.8%)",
        "easy": "first in 98.7% of 300 games against two random (96.6–99.5%)",
    },
    "contest": {
        "expert": "wins 57.2% of 400 games against hard (52.4–62.0%)",
        "hard": "wins 73.0% of 100 games against medium (63.6–80.7%)",
        "medium": "wins 62.5% of 400 games against easy (57.7–67.1%)",
        "easy": "wins 68.5% of 400 games against random (63.8–72.9%)",
    },
    "chez": {
        "expert": "first in 34.2% of 120 games against three hard (26.3–43.0%)",
        "hard": "first in 33.3% of 300 games against three medium (28.2–38.8%)",
        "medium": "first in 38.0% of 400 games against three easy (33.4–42.8%)",
        "easy": "first in 74.0% of 400 games against three random (69.5–78.1%)",
    },
    "chez-geek": {
        # head to head (benchmarks/ladder.py), docs/bots.md "The ladder, head to head"
        "hard": "first in 38.5% of 400 games against three medium (33.9–43.4%)",
        "medium": "first in 40.5% of 200 games against three easy (33.9–47.4%)",
        "easy": "first in 81.8% of 400 games against three random (77.7–85.2%)",
        "expert": (
            "first in 30.8% of 640 games against three hard (27.3–34.5%), "
            "40.6% against three medium (36.9–44.5%)"
        ),
    },
}


@dataclass(frozen=True)
class Level:
    level: str
    spec: str
    note: str
    rating: str | None

    def as_dict(self) -> dict[str, Any]:
        return {"level": self.level, "spec": self.spec, "note": self.note, "rating": self.rating}


def levels_of(game: Game) -> list[Level]:
    """Each level's spec, note and rating; a game's ``bot_level_notes`` replace the
    general notes where its level is not what they describe (a ``hard`` that does
    not search)."""
    table: dict[str, str] = game.level_specs()
    notes = {**NOTES, **game.bot_level_notes}
    # measured at the game's usual count; other counts are in docs/bots.md's ladder
    usual = game.num_players == game.info.default_players
    ratings = RATINGS.get(game.name, {}) if usual else {}
    return [
        Level(level, table[level], notes[level], ratings.get(level))
        for level in LEVELS
        if level in table
    ]
