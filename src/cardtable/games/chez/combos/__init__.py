"""Combos: one rule module each, each switched by a game setting of its own name.

A module publishes ``SETTING`` and a generator of the actions it makes legal;
a module in ``RULES`` is complete: it also says when it applies, how its play
is recognised and what it does (see ``king_queen``), so changing that combo is
an edit of its module alone.
Discard-pile combos (``DISCARD``) are offered with the turn's action; front
combos (``FRONT``) with the bonus action. The state only asks the enabled
modules, so switching a combo off removes it from the game entirely.
"""

from __future__ import annotations

from cardtable.engine.game import Setting
from cardtable.games.chez.combos import (
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

DISCARD = (doubles, red_sixes, revolution, royal_court, king_queen, transformation)
FRONT = (castle, siege, betting_man)
# combos written as complete rule modules (when, what it offers, what it does): the turn,
# the play and the resolution ask these instead of naming them; the others move here one
# by one (each publishes SETTING, PTYPE, NEEDS, RANKS, TARGETED, TALLY, options, resolve)
RULES = (king_queen,)
BY_PTYPE = {rule.PTYPE: rule for rule in RULES}
SETTINGS: tuple[Setting, ...] = tuple(m.SETTING for m in DISCARD + FRONT)
