"""Game names to game classes.

Games are imported lazily by dotted path so that loading one game never pays
for the others, and so that adding a game is one line here.
"""

from __future__ import annotations

import importlib
from typing import Any

from cardtable.engine.errors import UnknownGameError
from cardtable.engine.game import Game, GameInfo

GAMES: dict[str, str] = {
    "contest": "cardtable.games.contest.game:ContestGame",
    "chez": "cardtable.games.chez.game:ChezGame",
    "chez-geek": "cardtable.games.chez_geek.game:ChezGeekGame",
    "chai-tea-jazz": "cardtable.games.chai_tea_jazz.game:ChaiTeaJazzGame",
}


def available_games() -> list[str]:
    return sorted(GAMES)


def game_class(name: str) -> type[Game]:
    path = GAMES.get(name)
    if path is None:
        valid = ", ".join(available_games())
        raise UnknownGameError(f"unknown game {name!r}; available games: {valid}")
    module_name, _, attr = path.partition(":")
    cls: type[Game] = getattr(importlib.import_module(module_name), attr)
    return cls


def game_info(name: str) -> GameInfo:
    return game_class(name).info


def load_game(name: str, players: int | None = None, **settings: Any) -> Game:
    """The entry point: ``load_game("contest")`` or ``load_game("chez", players=4)``."""
    return game_class(name)(players=players, **settings)
