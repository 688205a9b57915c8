"""The Plague: what a 1 on the d6 and the d8 + d12 mean for a player's hand."""

from __future__ import annotations

from typing import Final

PLAGUE_DIE: Final = 6
PLAGUE_ROLL: Final = (8, 12)


def infection(cards: int, total: int, current: int) -> int:
    """Turns to live after a d8 + d12 roll of ``total`` with ``cards`` in hand.

    Safe (``current`` unchanged) when the hand is not larger than the roll;
    otherwise the difference, keeping the smaller count if already infected.
    """
    if cards <= total:
        return current
    left = cards - total
    return left if not current or left < current else current
