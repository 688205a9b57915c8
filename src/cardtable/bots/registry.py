"""Bot names to bot classes, and the two calls everything uses to get a bot.

``random`` and the ISMCTS family work for every game; each game adds its own
(``heuristic``, ``pimc`` …) through ``Game.bots``, a mapping of name to
``"module:Class"``, and its levels through ``Game.bot_levels``, so nothing here
needs to know which game it is. Specs with settings are parsed in
``cardtable.bots.specs``.
"""

from __future__ import annotations

from cardtable.bots.base import Bot
from cardtable.bots.specs import GENERIC, available_names, parse_spec
from cardtable.engine.errors import UnknownBotError
from cardtable.engine.game import Game

__all__ = ["GENERIC", "available_bots", "default_bot", "make_bot"]


def available_bots(game: Game) -> list[str]:
    """Names a spec may start with: the game's levels, then every bot class."""
    return available_names(game)


def default_bot(game: Game) -> str:
    """The bot that fills a seat nobody chose a bot for: the one the game declares."""
    name = game.default_bot
    if name not in available_bots(game):
        raise UnknownBotError(f"{game.name} declares default bot {name!r}, which it does not offer")
    return name


def make_bot(spec: str, game: Game, seat: int, seed: int | None = None) -> Bot:
    """A bot from a spec such as ``heuristic``, ``hard`` or ``ismcts(iterations=2000)``."""
    return parse_spec(spec).make(game, seat, seed)
