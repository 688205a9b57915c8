"""True Transformation: a five-card straight flush (Ace low); the top becomes what you name.

It cannot be noped. The named value and colour hold until the next card is
played. A complete rule module: its ``RULE`` (a ``DiscardCombo``) is all the game
knows of it, and ``name`` is what its naming step does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardtable.games.chez.actions import Play
from cardtable.games.chez.cards import JOKER, RANK, SUIT, make_kind
from cardtable.games.chez.core import ChezCore
from cardtable.games.chez.playability import top_key
from cardtable.games.chez.rules._shape import DiscardCombo, Offer, run_orders
from cardtable.games.chez.steps import NameStep, Pending

LANE: Final = (1 << 13) - 1  # one suit's 13 kinds in the kind bits (Ace lowest)


def applies(mask: int, kinds: int, repeats: bool) -> bool:
    """Five consecutive values of one suit among these kinds (bit tricks on each suit's
    13 bits of the kind bits, so a run never wraps from one suit into the next)."""
    for suit in range(4):
        m = (kinds >> (13 * suit)) & LANE
        if m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4):
            return True
    return False


def options(by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]) -> None:
    suits = [0, 0, 0, 0]
    for rank in range(1, 14):
        for k in set(by_rank[rank]):
            suits[k // 13] += 1
    for suit in range(4):
        if suits[suit] < 5:
            continue
        present = [make_kind(r, suit) in by_rank[r] for r in range(1, 14)]
        for start in range(1, 10):
            if all(present[start - 1 : start + 4]):
                kinds = [make_kind(r, suit) for r in range(start, start + 5)]
                run_orders(kinds, playable, out)


def recognises(ranks: Sequence[int], kinds: Sequence[int]) -> bool:
    return is_straight_flush(kinds)


def is_straight_flush(kinds: Sequence[int]) -> bool:
    if len(kinds) != 5 or JOKER in kinds or len({SUIT[k] for k in kinds}) != 1:
        return False
    ranks = sorted(RANK[k] for k in kinds)
    return ranks == list(range(ranks[0], ranks[0] + 5))


def resolve(state: ChezCore, play: Pending) -> None:
    """Its player names a value and a colour next (``name``)."""
    state.stack.append(NameStep(play))


def name(state: ChezCore, value: int, red: bool) -> None:
    """The top counts as the named value and colour (no suit) until the next card."""
    state.stack.pop()
    state.override = (value, red)
    state.topkey = top_key(value, red, -1)
    state._log("name", state.turn, value, red)


def noped(state: ChezCore, play: Pending) -> None:
    """Never noped: it opens no window."""


class _Offer(Offer):
    """This module's ``applies`` and ``options`` as compiled methods (see ``Offer``)."""

    def applies(self, mask: int, kinds: int, repeats: bool) -> bool:
        return applies(mask, kinds, repeats)

    def options(
        self, by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]
    ) -> None:
        options(by_rank, playable, out)


RULE: DiscardCombo = DiscardCombo(
    name="true_transformation",
    label="True Transformation",
    title="The True Transformation combo",
    needs=0,  # five values of one suit: ``applies`` looks
    values=5,  # distinct values in hand, at least
    offer=_Offer(),
    recognises=recognises,
    resolve=resolve,
    noped=noped,
    asks_applies=True,
    nopeable=False,
    pickup_if_emptied=True,
)
