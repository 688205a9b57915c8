"""Combos: one rule module each, each switched by a game setting of its own name.

A module publishes ``SETTING`` and a generator of the actions it makes legal.
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
SETTINGS: tuple[Setting, ...] = tuple(m.SETTING for m in DISCARD + FRONT)
