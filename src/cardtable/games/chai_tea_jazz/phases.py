"""The phases of a round, defined once: their numbers, their names in the views.

An ``IntEnum`` so that the hot path still compares small ints and a view
writes the name (``Phase.PLAY.label == "play"``).
"""

from __future__ import annotations

from enum import IntEnum
from typing import cast

from cardtable.games.chai_tea_jazz.schema import PhaseName


class Phase(IntEnum):
    DEAL = 0  # chance: the cards of the round are dealt one by one
    PICK = 1  # pass or pick a row (Bet Debt, Hard Pass, the forced pick)
    OFFER = 2  # Passing the Barrel: an opponent answers the holder's offer
    ACCEPT = 3  # Passing the Barrel: who accepted picks freely
    PLAY = 4  # the tricks
    OVER = 5  # the game has ended

    @property
    def label(self) -> PhaseName:
        """The phase's name in the views (``"deal"`` … ``"over"``)."""
        return cast(PhaseName, self.name.lower())


__all__ = ["Phase"]
