"""Bot specs: ``ismcts(iterations=2000, rollout=heuristic)`` parsed in one place.

A spec is a bot name with optional settings. The CLI (``--bots``), the arena,
simulations and the server all go through ``parse_spec``/``BotSpec.make``, so
a setting means the same everywhere and a typo is refused the same way.

Three kinds of names resolve to a spec:

* bot classes: ``random`` and ``ismcts`` for every game, each game's own
  (``heuristic``, ``pimc``) through ``Game.bots``;
* the fixed ISMCTS variants kept from before specs existed (``ismcts-fast``
  is ``ismcts(iterations=200)``), listed in ``GENERIC``;
* levels (``easy``, ``medium``, ``hard``, ``expert``), which each game maps
  to a spec in ``Game.bot_levels`` (see ``cardtable.bots.levels``).

Values are integers, floats, ``true``/``false``, ``none`` or bare words
(strings). Specs from the network are only accepted by name from the
listed bots (the server checks), so a client cannot set an arbitrary budget.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots.base import Bot, RandomBot, game_bot_class
from cardtable.bots.ismcts import (
    FastISMCTSBot,
    HeuristicRolloutISMCTSBot,
    InferringISMCTSBot,
    ISMCTSBot,
    StrongISMCTSBot,
    TimedISMCTSBot,
)
from cardtable.engine.errors import SettingError, UnknownBotError
from cardtable.engine.game import Game

MAX_SPEC = 200
# the bots every game has, by name (each game adds its own through ``Game.bots``)
GENERIC: dict[str, type[Bot]] = {
    "random": RandomBot,
    "ismcts": ISMCTSBot,
    "ismcts-fast": FastISMCTSBot,
    "ismcts-strong": StrongISMCTSBot,
    "ismcts-0.5s": TimedISMCTSBot,
    "ismcts-infer": InferringISMCTSBot,
    "ismcts-h": HeuristicRolloutISMCTSBot,
}
LEVELS = ("easy", "medium", "hard", "expert")

_NAME = re.compile(r"[a-z][a-z0-9_.-]*\Z")
_KEY = re.compile(r"[a-z_][a-z0-9_]*\Z")
_INT = re.compile(r"-?\d+\Z")
_FLOAT = re.compile(r"-?(\d+\.\d*|\.\d+|\d+(\.\d*)?e-?\d+)\Z")


@dataclass(frozen=True)
class BotSpec:
    """A bot name and its settings, as written."""

    name: str
    params: tuple[tuple[str, Any], ...] = field(default=())

    def __str__(self) -> str:
        if not self.params:
            return self.name
        inner = ", ".join(f"{k}={_format(v)}" for k, v in self.params)
        return f"{self.name}({inner})"

    def resolve(self, game: Game) -> BotSpec:
        """A level replaced by the spec it stands for (settings given here win)."""
        seen = set()
        spec = self
        while True:
            target = game.level_specs().get(spec.name)
            if target is None or spec.name in seen:
                return spec
            seen.add(spec.name)
            base = parse_spec(target)
            merged = dict(base.params)
            merged.update(spec.params)
            spec = BotSpec(base.name, tuple(merged.items()))

    def check(self, game: Game) -> tuple[type[Bot], dict[str, Any]]:
        """The bot class and settings this spec gives for ``game``, or a typed error."""
        spec = self.resolve(game)
        cls = bot_class(spec.name, game)
        params = dict(spec.params)
        allowed: tuple[str, ...] = getattr(cls, "SETTINGS", ())
        unknown = [k for k in params if k not in allowed]
        if unknown:
            valid = ", ".join(allowed) if allowed else "none"
            raise SettingError(
                f"bot {spec.name!r} has no setting {unknown[0]!r}; its settings: {valid}"
            )
        return cls, params

    def make(self, game: Game, seat: int, seed: int | None = None) -> Bot:
        cls, params = self.check(game)
        if not params:
            return cls(game, seat, seed)
        return cls(game, seat, seed, **params)


def _format(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    if _INT.match(text):
        return int(text)
    if _FLOAT.match(low):
        return float(text)
    if _KEY.match(low) or _NAME.match(low):
        return low
    raise SettingError(f"bot setting value {text!r}: use a number, true, false, none or a word")


def parse_spec(text: str) -> BotSpec:
    """``name`` or ``name(key=value, ...)``; a typed error naming what is wrong."""
    if not isinstance(text, str):
        raise SettingError(f"a bot spec is text, not {type(text).__name__}")
    if len(text) > MAX_SPEC:
        raise SettingError(f"bot spec longer than {MAX_SPEC} characters")
    raw = text.strip()
    name, paren, rest = raw.partition("(")
    name = name.strip().lower()
    if not _NAME.match(name):
        raise SettingError(
            f"bot spec {text!r}: a name such as heuristic or ismcts(iterations=2000, "
            "rollout=heuristic) was expected"
        )
    if not paren:
        return BotSpec(name)
    if not rest.endswith(")"):
        raise SettingError(f"bot spec {text!r}: missing closing parenthesis")
    params: dict[str, Any] = {}
    body = rest[:-1].strip()
    for part in body.split(",") if body else []:
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if not eq or not _KEY.match(key) or not value.strip():
            raise SettingError(f"bot spec {text!r}: write settings as key=value, got {part!r}")
        if key in params:
            raise SettingError(f"bot spec {text!r}: setting {key!r} given twice")
        params[key] = _value(value.strip())
    return BotSpec(name, tuple(params.items()))


def check_specs(game: Game, text: str) -> tuple[str, ...]:
    """``--bots`` text to a tuple of specs, each checked against ``game`` (typed errors)."""
    specs = tuple(split_specs(text))
    if not specs:
        raise SettingError("--bots needs at least one bot name")
    for spec in specs:
        parse_spec(spec).check(game)
    return specs


def split_specs(text: str) -> list[str]:
    """A comma-separated list of specs, commas inside parentheses kept: for ``--bots``."""
    out: list[str] = []
    depth = 0
    current = ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(current.strip())
            current = ""
        else:
            current += ch
    out.append(current.strip())
    return [s for s in out if s]


def bot_class(name: str, game: Game) -> type[Bot]:
    cls = game_bot_class(name, game)
    if cls is not None:
        return cls
    if name in GENERIC:
        return GENERIC[name]
    valid = ", ".join(available_names(game))
    raise UnknownBotError(f"unknown bot {name!r} for {game.name}; available bots: {valid}")


def available_names(game: Game) -> list[str]:
    """Every name a spec may start with for ``game``: its levels first, then bot classes."""
    levels = [lvl for lvl in LEVELS if lvl in game.level_specs()]
    return levels + sorted(set(GENERIC) | set(game.bots))
