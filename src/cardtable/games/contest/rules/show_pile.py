"""The ``pile`` consequence: show your Defeated Pile; you lose if your King is in it.

Taken after the duel is settled, so the shown pile includes the card just lost.
"""

from __future__ import annotations

from cardtable.games.contest.core import ContestCore
from cardtable.games.contest.pieces import KING, SEAT_NAMES
from cardtable.games.contest.rules.consequence import Consequence


def applies(state: ContestCore, taker: int) -> bool:
    """Always: an empty Defeated Pile is shown as nothing."""
    return True


def take(state: ContestCore, taker: int) -> None:
    """Both see every card of the pile; a King there is found."""
    pile = state.defeated[taker]
    pieces = state.piece[taker]
    state.known[1 - taker][taker].update(pile)
    state.events.append(("shown-pile", taker, tuple(pieces[i] for i in pile)))
    if any(pieces[i] == KING for i in pile):
        state._end(1 - taker, f"{SEAT_NAMES[taker]}'s King was in the shown Defeated Pile")


RULE: Consequence = Consequence(
    name="pile",
    help="'pile' shows your Defeated Pile (you lose if your King is there)",
    applies=applies,
    take=take,
)
