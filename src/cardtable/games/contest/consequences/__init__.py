"""The consequences of a reveal: one rule module each, asked by the flow through ``RULES``.

After a reveal, the accused player takes a consequence if they bluffed, the
accuser if the accused told the truth; the taker chooses one. A module here
declares everything about its consequence:

- ``ACTION``: what it offers, the action that chooses it (notation in ``actions``);
- ``HELP``: what it does, in words, for the prompt;
- ``applies(state, taker)``: when it applies, i.e. whether ``taker`` may choose it now;
- ``take(state, taker)``: what it does once chosen (it may end the game);
- ``at_draw``: what it does when the next round's cards are drawn, or ``None``.

The flow offers the ``ACTION`` of every rule that applies, in the order of
``RULES``, runs the chosen one's ``take`` and every ``at_draw`` hook at each
draw. A new consequence is one module added to ``RULES`` (and its action in
``actions``); nothing else names it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from cardtable.engine.game import Action
from cardtable.games.contest.consequences import show_pile, show_top
from cardtable.games.contest.core import ContestCore


class Consequence(Protocol):
    """The shape of a consequence module (modules satisfy it structurally)."""

    @property
    def ACTION(self) -> Action: ...  # noqa: N802 - a module constant

    @property
    def HELP(self) -> str: ...  # noqa: N802 - a module constant

    def applies(self, state: ContestCore, taker: int) -> bool: ...

    def take(self, state: ContestCore, taker: int) -> None: ...

    @property
    def at_draw(self) -> Callable[[ContestCore], None] | None: ...


RULES: tuple[Consequence, ...] = (show_pile, show_top)
BY_ACTION: dict[Action, Consequence] = {rule.ACTION: rule for rule in RULES}
DRAW_HOOKS: tuple[Callable[[ContestCore], None], ...] = tuple(
    hook for rule in RULES if (hook := rule.at_draw) is not None
)
