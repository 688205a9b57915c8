"""Which modules the install compiles with mypyc, and which of them run compiled now.

Why compiled: a game's rules run thousands of times a second in simulations
and searches, and mypyc turns the type-checked modules into C extensions that
run them two to three times faster, with the same source. Why groups: a module
is compiled only once it is written in the subset mypyc compiles (no
monkeypatching of its classes, no ``object.__new__`` on them, no attribute
retyped in a subclass, one base class), and a compiled engine needs every
game's state, step and action classes compiled too (copying or pickling an
interpreted subclass of a compiled class loses the subclass's fields). So the
engine and the games switch on together, once every game's group is listed;
until then only the search runs compiled. Everything works the same either
way. ``CARDTABLE_PURE=1`` at install time compiles nothing, and the test
command runs the rules tests once more on the pure-Python sources, so the
fallback stays tested.

``CARDTABLE_COMPILE=contest,chez`` (at build and at test time) compiles the
engine with only the named games, to work on one game's compiled build; the
other games do not run correctly in such a build.

``setup.py`` and ``scripts/compiled_stale.py`` run this file on its own
(``runpy``), without importing the package.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

HERE = Path(__file__).parent


def rule_modules(package: str) -> tuple[str, ...]:
    """Every module of a game's ``rules/`` folder, in name order.

    Read from the folder, so that a new rule module is compiled by being there:
    a rule is its module and one registry line, not a line here as well.
    """
    folder = HERE / "games" / package / "rules"
    stems = sorted(p.stem for p in folder.glob("*.py") if p.stem != "__init__")
    return tuple(f"cardtable.games.{package}.rules.{stem}" for stem in stems)


SEARCH: tuple[str, ...] = (
    "cardtable.bots.infoset",
    "cardtable.bots.ismcts",
)
ENGINE: tuple[str, ...] = (
    "cardtable.engine.draws",
    "cardtable.engine.game",
    "cardtable.engine.steps",
)
# each game's modules in an order of dependence; an empty group is not ready yet
GAMES: dict[str, tuple[str, ...]] = {
    "contest": (
        "cardtable.games.contest.pieces",
        "cardtable.games.contest.phases",
        "cardtable.games.contest.actions",
        "cardtable.games.contest.deals",
        "cardtable.games.contest.core",
        *rule_modules("contest"),
        "cardtable.games.contest.view",
        "cardtable.games.contest.flow",
        "cardtable.games.contest.resample",
        "cardtable.games.contest.state",
        "cardtable.rl.games.contest",
    ),
    "chai-tea-jazz": (
        "cardtable.games.chai_tea_jazz.cards",
        "cardtable.games.chai_tea_jazz.records",
        "cardtable.games.chai_tea_jazz.actions",
        "cardtable.games.chai_tea_jazz.tables",
        "cardtable.games.chai_tea_jazz.core",
        "cardtable.games.chai_tea_jazz.tricks",
        "cardtable.games.chai_tea_jazz.picking",
        "cardtable.games.chai_tea_jazz.resample",
        "cardtable.games.chai_tea_jazz.scoring",
        "cardtable.games.chai_tea_jazz.flow",
        "cardtable.games.chai_tea_jazz.view",
        "cardtable.games.chai_tea_jazz.state",
        "cardtable.games.chai_tea_jazz.game",
        "cardtable.games.chai_tea_jazz.ai.solver",
        "cardtable.rl.games.chai_tea_jazz",
    ),
    "chez": (
        "cardtable.games.chez.dice",
        "cardtable.games.chez.plague",
        "cardtable.games.chez.leaderboard",
        "cardtable.games.chez.piles",
        "cardtable.games.chez.steps",
        "cardtable.games.chez.actions",
        "cardtable.games.chez.core",
        *rule_modules("chez"),
        "cardtable.games.chez.ruleset",
        "cardtable.games.chez.deals",
        "cardtable.games.chez.view",
        "cardtable.games.chez.specials",
        "cardtable.games.chez.nopes",
        "cardtable.games.chez.plays",
        "cardtable.games.chez.turn",
        "cardtable.games.chez.flow",
        "cardtable.games.chez.resample",
        "cardtable.games.chez.state",
        "cardtable.games.chez.game",
        "cardtable.rl.games.chez",
    ),
    "chez-geek": (
        "cardtable.games.chez_geek.cards",
        "cardtable.games.chez_geek.phases",
        "cardtable.games.chez_geek.codes",
        "cardtable.games.chez_geek.steps",
        "cardtable.games.chez_geek.actions",
        "cardtable.games.chez_geek.core",
        "cardtable.games.chez_geek.zones",
        "cardtable.games.chez_geek.budget",
        "cardtable.games.chez_geek.people",
        *rule_modules("chez_geek"),
        "cardtable.games.chez_geek.whenevers",
        "cardtable.games.chez_geek.flow",
        "cardtable.games.chez_geek.plays",
        "cardtable.games.chez_geek.notation",
        "cardtable.games.chez_geek.view",
        "cardtable.games.chez_geek.explain",
        "cardtable.games.chez_geek.resample",
        "cardtable.games.chez_geek.state",
        "cardtable.games.chez_geek.game",
        "cardtable.rl.games.chez_geek",
    ),
}


def chosen(override: str | None) -> tuple[str, ...]:
    """The modules to compile: the search, plus the engine and games when all are ready."""
    if override:
        names = [name.strip() for name in override.split(",") if name.strip()]
        unknown = [name for name in names if name not in GAMES]
        if unknown:
            known = ", ".join(sorted(GAMES))
            raise ValueError(f"CARDTABLE_COMPILE names unknown games {unknown}; known: {known}")
        return SEARCH + ENGINE + tuple(m for name in names for m in GAMES[name])
    if all(GAMES.values()):
        return SEARCH + ENGINE + tuple(m for group in GAMES.values() for m in group)
    return SEARCH


MODULES: tuple[str, ...] = chosen(os.environ.get("CARDTABLE_COMPILE"))


def compiled_now() -> list[str]:
    """The modules of ``MODULES`` that were loaded from a compiled extension."""
    out = []
    for name in MODULES:
        path = getattr(importlib.import_module(name), "__file__", "") or ""
        if not path.endswith(".py"):
            out.append(name)
    return out
