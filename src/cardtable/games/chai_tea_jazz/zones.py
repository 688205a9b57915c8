"""Where a dealt card goes: the zones of the deal layout.

Its own module because the game (which builds the layout), the deal parser
and the resampler all read it, and none of them should import another for it.
"""

from __future__ import annotations

from enum import IntEnum


class Zone(IntEnum):
    HAND = 0
    DOWN = 1  # two players: a face-down straw card
    UP = 2  # two players: a face-up straw card, on top of its face-down one
    ASIDE = 3  # two players: the two set-aside cards


HAND, DOWN, UP, ASIDE = Zone.HAND, Zone.DOWN, Zone.UP, Zone.ASIDE

__all__ = ["ASIDE", "DOWN", "HAND", "UP", "Zone"]
