"""The ``top`` consequence: play the next round with your top card shown face up.

The card is shown as it is drawn, before anyone declares; a King shown so is
found and its owner loses at once (the rulebook's "find your opponent's King
at any time"). With an empty Main Pile it may still be chosen: the player then
loses when they must draw.
"""

from __future__ import annotations

from cardtable.games.contest.core import ContestCore
from cardtable.games.contest.pieces import KING, SEAT_NAMES
from cardtable.games.contest.rules.consequence import Consequence


def applies(state: ContestCore, taker: int) -> bool:
    """Always, an empty Main Pile included (see above)."""
    return True


def take(state: ContestCore, taker: int) -> None:
    state.show_next[taker] = True
    state.events.append(("will-show-top", taker))


def at_draw(state: ContestCore) -> None:
    """Show each marked seat's card just drawn to its opponent; a King is found."""
    show_next = state.show_next
    if not (show_next[0] or show_next[1]):
        state.shown_now = [False, False]
        return
    shown = state.shown_now = [False, False]
    for s in (0, 1):
        if show_next[s]:
            show_next[s] = False
            shown[s] = True
            card = state.table[s][-1]
            state.known[1 - s][s].add(card)
            state.events.append(("shown-top", s, state.piece[s][card]))
    for s in (0, 1):
        if shown[s] and state.piece[s][state.table[s][-1]] == KING:
            state._end(1 - s, f"{SEAT_NAMES[s]}'s King was shown as the top card")
            return


RULE: Consequence = Consequence(
    name="top",
    help="'top' plays next round with your top card face up",
    applies=applies,
    take=take,
    at_draw=at_draw,
)
