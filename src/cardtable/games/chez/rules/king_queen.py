"""The King-Queen Combo: King and Queen of one suit; exchange whole hands.

A complete rule module: everything the game needs to know about this combo is
its ``RULE`` (a ``DiscardCombo``), and the turn (``turn``), the play (``plays``)
and the resolution (``specials``) ask the registry (``rules.DISCARD``) for it.

- when it applies: its setting is on and the hand holds the values in ``needs``;
- what it offers: ``options`` (the legal plays);
- how a play is recognised: ``recognises`` (the sorted values of its cards);
- how it is played: ``targeted``, ``targets_empty_hands``, ``dice``, ``nopeable``,
  ``pickup_if_emptied``;
- what it does once no nope cancels it: ``resolve`` (and ``noped`` if one does).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.games.chez.actions import Play, play_of
from cardtable.games.chez.cards import KING, QUEEN, make_kind
from cardtable.games.chez.core import ChezCore
from cardtable.games.chez.rules._shape import DiscardCombo, Offer, kinds_of
from cardtable.games.chez.steps import Pending

RANKS = (QUEEN, KING)


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


RULE: DiscardCombo = DiscardCombo(
    name="king_queen",  # its setting and its statistics counter
    label="King-Queen",
    title="The King-Queen combo",
    needs=(1 << QUEEN) | (1 << KING),  # value bits the hand must hold: they say it all
    values=2,  # distinct values in hand
    offer=_Offer(kinds_of(RANKS)),  # its plays depend on these kinds alone
    recognises=recognises,
    resolve=resolve,
    noped=noped,
    targeted=True,  # its player names the other player first
    pickup_if_emptied=True,  # a special may not empty the hand: pick up one card at once
)
