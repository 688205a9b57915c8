"""Bot names to bot classes.

``random`` works for every game; each game adds its own (``heuristic`` …)
through ``Game.bots``, a mapping of name to ``"module:Class"``, so nothing
here needs to know which game it is.
"""

from __future__ import annotations

import importlib

from cardtable.bots.base import Bot, RandomBot
from cardtable.bots.ismcts import (
    FastISMCTSBot,
    HeuristicRolloutISMCTSBot,
    InferringISMCTSBot,
    ISMCTSBot,
    StrongISMCTSBot,
    TimedISMCTSBot,
)
from cardtable.engine.errors import UnknownBotError
from cardtable.engine.game import Game

GENERIC: dict[str, type[Bot]] = {
    "random": RandomBot,
    "ismcts": ISMCTSBot,
    "ismcts-fast": FastISMCTSBot,
    "ismcts-strong": StrongISMCTSBot,
    "ismcts-0.5s": TimedISMCTSBot,
    "ismcts-infer": InferringISMCTSBot,
    "ismcts-h": HeuristicRolloutISMCTSBot,
}


def available_bots(game: Game) -> list[str]:
    return sorted(set(GENERIC) | set(getattr(game, "bots", {})))


def default_bot(game: Game) -> str:
    """The bot that fills a seat nobody chose a bot for: the one the game declares."""
    name = game.default_bot
    if name not in available_bots(game):
        raise UnknownBotError(
            f"{game.name} declares default bot {name!r}, which it does not offer"
        )
    return name


def make_bot(name: str, game: Game, seat: int, seed: int | None = None) -> Bot:
    specific: dict[str, str] = getattr(game, "bots", {})
    if name in specific:
        module_name, _, attr = specific[name].partition(":")
        cls: type[Bot] = getattr(importlib.import_module(module_name), attr)
        return cls(game, seat, seed)
    if name in GENERIC:
        return GENERIC[name](game, seat, seed)
    valid = ", ".join(available_bots(game))
    raise UnknownBotError(f"unknown bot {name!r} for {game.name}; available bots: {valid}")
