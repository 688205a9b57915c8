"""Which modules the install compiles with mypyc, and which of them run compiled now.

Why compiled: a game's rules run thousands of times a second in simulations
and searches, and mypyc turns the type-checked modules into C extensions that
run them two to three times faster, with the same source. Why a list: a module
is compiled only once it is written in the subset mypyc compiles (no
monkeypatching of its classes, no ``object.__new__`` on them, no attribute
retyped in a subclass); the rest stays interpreted, and everything works the
same either way. ``CARDTABLE_PURE=1`` at install time compiles nothing, and
the test command runs the rules tests once more on the pure-Python sources, so
the fallback stays tested.

``setup.py`` reads ``MODULES`` from this file without importing the package.
"""

from __future__ import annotations

import importlib

MODULES: tuple[str, ...] = (
    # search, any game
    "cardtable.bots.infoset",
    "cardtable.bots.ismcts",
)
# Ready to compile once every game's state compiles (a compiled engine base needs each
# game's State, Step and Action classes compiled too: copying and pickling an interpreted
# subclass of a compiled class loses the subclass's fields). Contest's are ready.
READY: tuple[str, ...] = (
    "cardtable.engine.game",
    "cardtable.games.contest.pieces",
    "cardtable.games.contest.phases",
    "cardtable.games.contest.actions",
    "cardtable.games.contest.deals",
    "cardtable.games.contest.core",
    "cardtable.games.contest.call_ban",
    "cardtable.games.contest.consequences.show_pile",
    "cardtable.games.contest.consequences.show_top",
    "cardtable.games.contest.view",
    "cardtable.games.contest.flow",
    "cardtable.games.contest.resample",
    "cardtable.games.contest.state",
    "cardtable.rl.games.contest",
)


def compiled_now() -> list[str]:
    """The modules of ``MODULES`` that were loaded from a compiled extension."""
    out = []
    for name in MODULES:
        path = getattr(importlib.import_module(name), "__file__", "") or ""
        if not path.endswith(".py"):
            out.append(name)
    return out
