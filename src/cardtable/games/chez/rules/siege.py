"""Siege (bonus action): a 10 from your hand on another player's Castle knocks a wall.

A complete front-combo module (its ``RULE``, a ``FrontCombo``).
"""

from __future__ import annotations

from cardtable.engine.game import Action
from cardtable.games.chez.actions import SIEGE, Siege
from cardtable.games.chez.core import ChezCore
from cardtable.games.chez.rules._shape import FrontCombo, FrontOffer

NEEDS = 1 << 10


def _castle_seats(state: ChezCore, seat: int) -> list[int]:
    return [q for q, c in enumerate(state.castle) if c is not None and q != seat]


def applies(state: ChezCore, seat: int, mask: int, repeats: bool) -> bool:
    """Another player has a Castle (counted in C: this is asked on every turn with a 10)."""
    castles = state.castle
    return len(castles) - castles.count(None) > (castles[seat] is not None)


def options(state: ChezCore, seat: int, mask: int, dup: int, out: list[Action]) -> None:
    """``NEEDS`` put a 10 in the hand."""
    out.extend(SIEGE[s] for s in _castle_seats(state, seat))


def possible(state: ChezCore, seat: int, size: int, unseen: list[int]) -> bool:
    """From public facts: a 10 out of sight and another player's Castle."""
    return bool(unseen[10]) and applies(state, seat, 0, False)


def owns(action: Action) -> bool:
    return type(action) is Siege


def apply(state: ChezCore, action: Action) -> None:
    """The lowest 10 of the hand joins the target's Castle, which loses a wall."""
    assert isinstance(action, Siege), "owns() said so"
    p, target = state.turn, action.seat
    cid = state._take_rank(p, 10)
    state._note_canonical(p, (state.kind[cid],))
    state.known[cid] = state.all_bits
    fort = state.castle[target]
    assert fort is not None, "a Siege is offered only on a Castle"
    fort.ids.append(cid)
    state.bonus_used = True
    state._count("siege")
    state._log("siege", p, target, state.kind[cid])
    state._hit_wall(target)


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


RULE: FrontCombo = FrontCombo(
    name="siege", title="Siege on other players' Castles", offer=_Front(NEEDS)
)
