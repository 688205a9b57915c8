"""Castle (front combo): 7, 8, 9 make one wall, with a 10 two; absorbs attacks.

A complete front-combo module (its ``RULE``, a ``FrontCombo``); what a
Castle absorbs is the attacks' own business (``ChezCore._absorb``).
"""

from __future__ import annotations

from cardtable.engine.game import Action
from cardtable.games.chez.actions import CASTLE, CASTLE_TEN
from cardtable.games.chez.core import ChezCore
from cardtable.games.chez.piles import Castle
from cardtable.games.chez.rules._shape import FrontCombo, FrontOffer

RANKS = (7, 8, 9)
NEEDS = sum(1 << r for r in RANKS)


def applies(state: ChezCore, seat: int, mask: int, repeats: bool) -> bool:
    return state.castle[seat] is None


def options(state: ChezCore, seat: int, mask: int, dup: int, out: list[Action]) -> None:
    """``NEEDS`` put a 7, 8 and 9 in the hand; a 10 too makes the two-wall Castle."""
    out.append(CASTLE)
    if mask & 1 << 10:
        out.append(CASTLE_TEN)


def possible(state: ChezCore, seat: int, size: int, unseen: list[int]) -> bool:
    """From public facts: room for one, cards enough, and a 7, 8 and 9 out of sight."""
    return size >= 3 and state.castle[seat] is None and bool(unseen[7] and unseen[8] and unseen[9])


def owns(action: Action) -> bool:
    return action is CASTLE or action is CASTLE_TEN


def apply(state: ChezCore, action: Action) -> None:
    """The lowest 7, 8, 9 (and 10) of the hand go face up in front of their player."""
    p = state.turn
    with_ten = action is CASTLE_TEN
    ranks = (*RANKS, 10) if with_ten else RANKS
    ids = [state._take_rank(p, r) for r in ranks]
    state._note_canonical(p, tuple(state.kind[c] for c in ids))
    everyone = state.all_bits
    for cid in ids:
        state.known[cid] = everyone
    state.castle[p] = Castle(ids, 2 if with_ten else 1)
    state.bonus_used = True
    state._count("castle")
    state._log("castle", p, tuple(state.kind[c] for c in ids))


class _Front(FrontOffer):
    """This module's questions as compiled methods (see ``FrontOffer``)."""

    def applies(self, state: ChezCore, seat: int, mask: int, repeats: bool) -> bool:
        return applies(state, seat, mask, repeats)

    def options(self, state: ChezCore, seat: int, mask: int, dup: int, out: list[Action]) -> None:
        options(state, seat, mask, dup, out)

    def possible(self, state: ChezCore, seat: int, size: int, unseen: list[int]) -> bool:
        return possible(state, seat, size, unseen)

    def owns(self, action: Action) -> bool:
        return owns(action)

    def apply(self, state: ChezCore, action: Action) -> None:
        apply(state, action)


RULE: FrontCombo = FrontCombo(name="castle", title="Castles (front combo)", offer=_Front(NEEDS))
