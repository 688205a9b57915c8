"""The phases of a Contest game: who acts at each point of a round.

``Phase`` is an ``IntEnum`` so that the flow compares phases as cheaply as
ints and the RL codec can one-hot them in this order; ``label`` is the name
the observation shows (``PhaseName``, the ``Literal`` its schema declares).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Literal, get_args

PhaseName = Literal[
    "deal",
    "declare-first",
    "declare-second",
    "call-second",
    "call-first",
    "consequence",
    "over",
]
# the labels, indexed by phase: the observation's ``phase`` values in the engine's order
PHASE_NAMES: tuple[PhaseName, ...] = get_args(PhaseName)


class Phase(IntEnum):
    """A point of the game; the members are in the order of ``PHASE_NAMES``."""

    DEAL = 0  # chance deals both piles, card by card
    DECLARE_FIRST = 1  # the first declarer names a piece
    DECLARE_SECOND = 2  # the other player names a piece, knowing the first
    CALL_SECOND = 3  # the second declarer may call for a reveal (a reaction window)
    CALL_FIRST = 4  # then the first declarer may (a reaction window)
    CONSEQUENCE = 5  # after a reveal, the bluffer or the false accuser chooses a consequence
    OVER = 6

    @property
    def label(self) -> PhaseName:
        return PHASE_NAMES[self]


DEAL, DECLARE_FIRST, DECLARE_SECOND, CALL_SECOND, CALL_FIRST, CONSEQUENCE, OVER = Phase
# the phases of a round in which the cards just drawn are in play
IN_ROUND = frozenset((DECLARE_FIRST, DECLARE_SECOND, CALL_SECOND, CALL_FIRST))
DECLARING = frozenset((DECLARE_FIRST, DECLARE_SECOND))
CALLING = frozenset((CALL_SECOND, CALL_FIRST))
