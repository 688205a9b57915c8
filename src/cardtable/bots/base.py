"""The one bot interface used by the CLI, simulations and the server.

A bot is handed its seat's observation and the legal actions, never the
state, so it cannot peek at hidden cards by construction. Bots that keep
memory across decisions get every observation of their seat through
``observe`` (called after each action), which is all a person at that seat
would have seen.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic

from typing_extensions import TypeVar

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


# the observation a game's bots read: the game's ``observation_schema`` TypedDict
# (``Bot[ChezObservation]``); a bot for every game reads the engine's plain dict
Obs = TypeVar("Obs", default=Any)


class Bot(Generic[Obs]):
    """Base class: subclasses override ``act`` and, if they track history, ``observe``.

    Generic in the observation so that a game's own bot is type-checked against
    that game's observation: a key it reads that the game does not send, or reads
    as the wrong type, is a type error rather than a ``KeyError`` mid-game.
    """

    name = "bot"

    def __init__(self, game: Game, seat: int, seed: int | None = None) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)

    def observe(self, observation: Obs) -> None:
        """Told what the seat sees after every action; default: remember nothing."""

    def act(self, observation: Obs, legal: Sequence[Action]) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniform over the legal actions: the baseline every other bot must beat."""

    name = "random"

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


def game_bot_class(name: str, game: Game) -> type[Bot] | None:
    """The game's own bot class called ``name`` (``Game.bots``), or ``None``.

    Here rather than in the registry so that a searching bot can make the game's
    policy bots (rollouts, widening, inference) without importing the registry
    that lists the searching bots themselves.
    """
    target = game.bots.get(name)
    if target is None:
        return None
    module_name, _, attr = target.partition(":")
    cls: type[Bot] = getattr(importlib.import_module(module_name), attr)
    return cls


def game_bot(name: str, game: Game, seat: int, seed: int | None = None) -> Bot:
    """One of the game's own bots, with its default settings."""
    cls = game_bot_class(name, game)
    if cls is None:
        raise SettingError(f"{game.name} has no bot {name!r}")
    return cls(game, seat, seed)
