"""The Revolution: one each of 2, 3, 4, 5; overthrows a royal-heavy opponent.

A complete rule module (the shape is ``combos.DiscardCombo``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.engine.game import Setting
from cardtable.games.chez.actions import Play
from cardtable.games.chez.cards import RANK
from cardtable.games.chez.combos._shape import Offer, always, kinds_of, one_of_each
from cardtable.games.chez.steps import REVOLUTION, DrawStep, Pending

if TYPE_CHECKING:
    from cardtable.games.chez.core import ChezCore

SETTING: Setting = Setting("revolution", True, "The Revolution combo", (True, False), bool)
PTYPE = REVOLUTION
RANKS = (2, 3, 4, 5)
NEEDS = sum(1 << r for r in RANKS)
VALUES = 4  # distinct values in hand
TARGETED = True
TARGETS_EMPTY_HANDS = True  # any other player still in, even one without cards
DICE: tuple[int, ...] = ()
NOPEABLE = True
PICKUP_IF_EMPTIED = False
TALLY = "revolution"


applies = always  # ``NEEDS`` says it all


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


OFFER: Offer = _Offer(kinds_of(RANKS))  # its plays depend on these kinds alone
