"""The one bot interface used by the CLI, simulations and the server.

A bot is handed its seat's observation and the legal actions, never the
state, so it cannot peek at hidden cards by construction. Bots that keep
memory across decisions get every observation of their seat through
``observe`` (called after each action), which is all a person at that seat
would have seen.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from cardtable.engine.errors import SettingError
from cardtable.engine.game import Action, Game

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


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


Settings = TypeVar("Settings", bound="DataclassInstance")


def setting_names(defaults: type[DataclassInstance]) -> tuple[str, ...]:
    """The names a bot's settings dataclass declares, for ``SETTINGS`` (what specs accept)."""
    return tuple(f.name for f in dataclasses.fields(defaults))


def settings_from(kind: str, defaults: type[Settings], settings: dict[str, Any]) -> Settings:
    """A bot's frozen settings dataclass, its defaults overridden by the spec's settings.

    Why one declaration: the dataclass names every setting with its type and
    default once, so the spec check (``SETTINGS``), the bot and its tests
    cannot drift apart. An unknown name, or a value of another type (a word
    for a number, a number for a switch), is refused with a ``SettingError``
    naming it; an integer is taken for a float.
    """
    fields = {f.name: f for f in dataclasses.fields(defaults)}
    values: dict[str, Any] = {}
    for key, value in settings.items():
        if key not in fields:
            valid = ", ".join(fields)
            raise SettingError(f"unknown {kind} setting {key!r}; valid settings: {valid}")
        default = fields[key].default
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        elif isinstance(default, (int, float)):
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
            ok = ok and (isinstance(default, float) or isinstance(value, int))
            if ok and isinstance(default, float):
                value = float(value)
        else:
            ok = isinstance(value, type(default))
        if not ok:
            kinds = {bool: "true or false", int: "a whole number", float: "a number", str: "a word"}
            want = kinds.get(type(default), type(default).__name__)
            raise SettingError(f"{kind} setting {key!r} takes {want}, not {value!r}")
        values[key] = value
    return defaults(**values)


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
