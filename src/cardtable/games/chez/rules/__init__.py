"""Chez's combos: one rule module each, listed once in the two registries below.

A rule module holds one frozen value, ``RULE``: a ``DiscardCombo`` (played onto
the discard pile) or a ``FrontCombo`` (laid in front of its player with the
bonus action), both declared in ``_shape``. Its name is its game setting, its
statistics counter and, for a discard combo, its play's label in the views; the
game's settings, the schema's ``PlayName`` (``play_names``), the RL action
table and the compiled module list (every module of this folder) all follow
these registries, so a new combo is its module and one line here.

The game keeps the rules switched on by its settings (``ChezRuleset``); its
class names the registries it reads (``ChezRuleset.discard_rules`` and
``front_rules``), which is where a test swaps in a registry with a rule of its
own (``Registry.with_rule``).

``doubles`` (several cards of one value, and Joker stacks) is the one combo
outside the registries: its effect is its card's special repeated, so it is
part of how every special is played rather than a rule of its own shape.
"""

from __future__ import annotations

from cardtable.engine.game import Setting
from cardtable.engine.rules import Registry
from cardtable.games.chez.rules import (
    betting_man,
    castle,
    doubles,
    king_queen,
    red_sixes,
    revolution,
    royal_court,
    siege,
    transformation,
)
from cardtable.games.chez.rules._shape import DiscardCombo, FrontCombo
from cardtable.games.chez.steps import PLAY_NAMES

# in the order a play is recognised
DISCARD: Registry[DiscardCombo] = Registry(
    "discard combo",
    (
        red_sixes.RULE,
        revolution.RULE,
        royal_court.RULE,
        king_queen.RULE,
        transformation.RULE,
    ),
)
# in the order bonus actions are offered
FRONT: Registry[FrontCombo] = Registry(
    "front combo",
    (
        castle.RULE,
        siege.RULE,
        betting_man.RULE,
    ),
)


def play_names() -> tuple[str, ...]:
    """What a view may call a play: the kinds' labels, then each discard combo's."""
    return (*PLAY_NAMES, *(rule.label for rule in DISCARD))


def settings_of(
    discard: Registry[DiscardCombo], front: Registry[FrontCombo]
) -> tuple[Setting, ...]:
    """The game settings that switch the combos of these registries (Doubles first)."""
    return (
        doubles.SETTING,
        *(rule.setting for rule in discard),
        *(rule.setting for rule in front),
    )
