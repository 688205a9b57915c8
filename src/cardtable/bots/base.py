"""The one bot interface used by the CLI, simulations and the server.

A bot is handed its seat's observation and the legal actions, never the
state, so it cannot peek at hidden cards by construction. Bots that keep
memory across decisions get every observation of their seat through
``observe`` (called after each action), which is all a person at that seat
would have seen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.engine.errors import SettingError
from cardtable.engine.game import Action, Game


def apply_settings(bot: object, kind: str, names: Sequence[str], settings: dict[str, Any]) -> None:
    """Set a spec's keyword settings on ``bot``, refusing any name it does not take.

    A spec such as ``pimc(samples=6)`` comes from the command line or the lobby, so an
    unknown name is refused with the list of valid ones rather than silently kept.
    """
    for key, value in settings.items():
        if key not in names:
            valid = ", ".join(names)
            raise SettingError(f"unknown {kind} setting {key!r}; valid settings: {valid}")
        setattr(bot, key, value)


class Bot:
    """Base class: subclasses override ``act`` and, if they track history, ``observe``."""

    name = "bot"

    def __init__(self, game: Game, seat: int, seed: int | None = None) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)

    def observe(self, observation: dict[str, Any]) -> None:
        """Told what the seat sees after every action; default: remember nothing."""

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniform over the legal actions: the baseline every other bot must beat."""

    name = "random"

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
