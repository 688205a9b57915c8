"""The King-Queen Combo: King and Queen of one suit; exchange whole hands.

A complete rule module (the shape is ``combos.DiscardCombo``): everything the
game needs to know about this combo is declared here, and the turn (``turn``),
the play (``plays``) and the resolution (``specials``) ask ``combos.DISCARD``
for it.

- when it applies: ``SETTING`` is on and the hand holds the ranks in ``NEEDS``;
- what it offers: ``options`` (the legal plays);
- how a play is recognised: ``recognises`` (the sorted values of its cards);
- how it is played: ``TARGETED``, ``TARGETS_EMPTY_HANDS``, ``DICE``, ``NOPEABLE``,
  ``PICKUP_IF_EMPTIED``;
- what it does once no nope cancels it: ``resolve`` (and ``noped`` if one does).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.engine.game import Setting
from cardtable.games.chez.actions import Play, play_of
from cardtable.games.chez.cards import KING, QUEEN, make_kind
from cardtable.games.chez.combos._shape import Offer, always, kinds_of
from cardtable.games.chez.steps import KQ, Pending

if TYPE_CHECKING:
    from cardtable.games.chez.core import ChezCore

SETTING: Setting = Setting("king_queen", True, "The King-Queen combo", (True, False), bool)
PTYPE = KQ  # its kind of play on the discard pile
NEEDS = (1 << QUEEN) | (1 << KING)  # value bits the hand must hold
VALUES = 2  # distinct values in hand
RANKS = (QUEEN, KING)
TARGETED = True  # its player names the other player first
TARGETS_EMPTY_HANDS = False
DICE: tuple[int, ...] = ()  # no dice before its window
NOPEABLE = True  # it opens a reaction window
PICKUP_IF_EMPTIED = True  # a special may not empty the hand: pick up one card at once
TALLY = "king_queen"  # the statistics counter


applies = always  # ``NEEDS`` says it all


def options(by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]) -> None:
    kings, queens = by_rank[KING], by_rank[QUEEN]
    if not kings or not queens:
        return
    for suit in range(4):
        k, q = make_kind(KING, suit), make_kind(QUEEN, suit)
        if k in kings and q in queens:
            if playable[k]:
                out.append(play_of((k, q)))
            if playable[q]:
                out.append(play_of((q, k)))


def recognises(ranks: Sequence[int], kinds: Sequence[int]) -> bool:
    return tuple(ranks) == RANKS


def resolve(state: ChezCore, play: Pending) -> None:
    """Exchange whole hands with the target (a Castle absorbs it); both see both hands."""
    target, p = play.target, play.seat
    if target < 0 or not state.active[target] or state._absorb(target):
        return
    hands = state.hands
    hands[p], hands[target] = hands[target], hands[p]
    both = (1 << p) | (1 << target)
    for cid in hands[p] + hands[target]:
        state.known[cid] |= both
    state._log("swap", p, target)


def noped(state: ChezCore, play: Pending) -> None:
    """Nothing happens."""


class _Offer(Offer):
    """This module's ``applies`` and ``options`` as compiled methods (see ``Offer``)."""

    def options(
        self, by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]
    ) -> None:
        options(by_rank, playable, out)


OFFER: Offer = _Offer(kinds_of(RANKS))  # its plays depend on these kinds alone
