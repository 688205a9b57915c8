"""The phases of a Chez Geek turn, defined once for the rules, the views and the tests."""

from __future__ import annotations

import enum
from typing import Final

from cardtable.games.chez_geek.schema import PhaseLabel


class Phase(enum.IntEnum):
    """Where the turn player is in their turn (SETUP: before the first turn, while dealing)."""

    SETUP = 0
    DRAW = 1
    ROLL = 2
    CALL = 3
    FREE = 4
    DISCARD = 5

    @property
    def label(self) -> PhaseLabel:
        """The name a player reads (and the observation carries)."""
        return _LABELS[self]


_LABELS: dict[Phase, PhaseLabel] = {
    Phase.SETUP: "setup",
    Phase.DRAW: "draw",
    Phase.ROLL: "roll",
    Phase.CALL: "call-people",
    Phase.FREE: "free-time",
    Phase.DISCARD: "discard",
}
# module-level names for the rules' hot paths (``Final``: compiled, statics)
SETUP: Final = Phase.SETUP
DRAW: Final = Phase.DRAW
ROLL: Final = Phase.ROLL
CALL: Final = Phase.CALL
FREE: Final = Phase.FREE
DISCARD: Final = Phase.DISCARD
PHASE_NAMES = tuple(p.label for p in Phase)
