"""The Revolution: one each of 2, 3, 4, 5; overthrows a royal-heavy opponent.

A complete rule module: its ``RULE`` (a ``DiscardCombo``) is all the game knows of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.games.chez.actions import Play
from cardtable.games.chez.cards import RANK
from cardtable.games.chez.core import ChezCore
from cardtable.games.chez.rules._shape import DiscardCombo, Offer, kinds_of, one_of_each
from cardtable.games.chez.steps import DrawStep, Pending

RANKS = (2, 3, 4, 5)


def options(by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]) -> None:
    one_of_each([by_rank[r] for r in RANKS], playable, out)


def recognises(ranks: Sequence[int], kinds: Sequence[int]) -> bool:
    return tuple(ranks) == RANKS


def overthrows(target_ranks: Sequence[int]) -> bool:
    """More Jacks, Queens and Kings than 2s-5s in the shown hand."""
    royals = sum(1 for r in target_ranks if r >= 11)
    lows = sum(1 for r in target_ranks if 2 <= r <= 5)
    return royals > lows


def resolve(state: ChezCore, play: Pending) -> None:
    """The target shows their hand; overthrown (a Castle absorbs it) or you pick up 2."""
    target = play.target
    if target < 0 or not state.active[target]:
        state.stack.append(DrawStep(play.seat, 2))
        return
    hand = state.hands[target]
    everyone = state.all_bits
    for cid in hand:
        state.known[cid] = everyone
    state._log("shows", target, tuple(state.kind[c] for c in hand))
    if overthrows([RANK[state.kind[c]] for c in hand]):
        if not state._absorb(target):
            state._knock_out(target, "was overthrown by a Revolution")
    else:
        state._log("revolution_fails", play.seat)
        state.stack.append(DrawStep(play.seat, 2))


def noped(state: ChezCore, play: Pending) -> None:
    """Nothing happens."""


class _Offer(Offer):
    """This module's ``applies`` and ``options`` as compiled methods (see ``Offer``)."""

    def options(
        self, by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]
    ) -> None:
        options(by_rank, playable, out)


RULE: DiscardCombo = DiscardCombo(
    name="revolution",
    label="Revolution",
    title="The Revolution combo",
    needs=sum(1 << r for r in RANKS),  # they say it all
    values=4,  # distinct values in hand
    offer=_Offer(kinds_of(RANKS)),  # its plays depend on these kinds alone
    recognises=recognises,
    resolve=resolve,
    noped=noped,
    targeted=True,
    targets_empty_hands=True,  # any other player still in, even one without cards
)
