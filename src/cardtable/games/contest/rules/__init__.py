"""Contest's rules: the consequences of a reveal (one module each) and the call ban.

The flow asks ``CONSEQUENCES`` (a ``cardtable.engine.rules.Registry`` of
``Consequence`` values, in the order they are offered) and never names one; the
call ban is asked through ``call_ban``. A new consequence is one module holding
its ``RULE`` and one line below; its word becomes its notation, its prompt, its
refusal text and its entry in the RL action table. A game takes its registry
from ``ContestGame.consequences``, so a test can play a toy rule
(``CONSEQUENCES.with_rule(...)``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, cast

from cardtable.engine.game import Action
from cardtable.engine.rules import Registry
from cardtable.games.contest.core import ContestCore
from cardtable.games.contest.rules import show_pile, show_top
from cardtable.games.contest.rules.consequence import Consequence

CONSEQUENCES: Registry[Consequence] = Registry("consequence", (show_pile.RULE, show_top.RULE))


class WithConsequences(Protocol):
    """A game that carries its registry (``ContestGame``), as the rules see it."""

    consequences: Registry[Consequence]


def consequences_of(state: ContestCore) -> Registry[Consequence]:
    """The registry of the game ``state`` is a position of."""
    return cast(WithConsequences, state.game).consequences


def draw_hooks(registry: Registry[Consequence]) -> tuple[Callable[[ContestCore], None], ...]:
    """What the consequences do at each draw, in the registry's order."""
    return tuple(hook for rule in registry if (hook := rule.at_draw) is not None)


def choices(registry: Registry[Consequence]) -> dict[str, Action]:
    """Each consequence's action by its word, for the notation."""
    return {rule.name: rule.action for rule in registry}


def prompt(registry: Registry[Consequence]) -> str:
    """What choosing a consequence offers, in words."""
    return "Take a consequence: " + ", ".join(rule.help for rule in registry) + "."


__all__ = ["CONSEQUENCES", "Consequence", "choices", "consequences_of", "draw_hooks", "prompt"]
