"""The Royal Court: Jack, Queen and King together; King, then Queen, then Jack (d6).

A complete rule module (its ``RULE``, a ``DiscardCombo``). It counts as
one copy of each: one card swapped, one Queen effect, the Jack's die stepped up.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.games.chez.actions import Play
from cardtable.games.chez.cards import JACK, KING, QUEEN
from cardtable.games.chez.core import ChezCore
from cardtable.games.chez.dice import JACK_DIE, upgraded
from cardtable.games.chez.rules._shape import DiscardCombo, Offer, kinds_of, one_of_each
from cardtable.games.chez.steps import FX_JACK, FX_QUEEN, FxStep, Pending

RANKS = (JACK, QUEEN, KING)


def options(by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]) -> None:
    one_of_each([by_rank[r] for r in RANKS], playable, out)


def recognises(ranks: Sequence[int], kinds: Sequence[int]) -> bool:
    return tuple(ranks) == RANKS


def resolve(state: ChezCore, play: Pending) -> None:
    """The King's swap now; the Queen and then the Jack run after it (queued below it)."""
    state.stack.append(FxStep(FX_JACK, play))
    state.stack.append(FxStep(FX_QUEEN, play))
    state._king(play, 1)


def noped(state: ChezCore, play: Pending) -> None:
    """Nothing happens."""


class _Offer(Offer):
    """This module's ``applies`` and ``options`` as compiled methods (see ``Offer``)."""

    def options(
        self, by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]
    ) -> None:
        options(by_rank, playable, out)


RULE: DiscardCombo = DiscardCombo(
    name="royal_court",
    label="Royal Court",
    title="The Royal Court combo",
    needs=sum(1 << r for r in RANKS),  # they say it all
    values=3,  # distinct values in hand
    offer=_Offer(kinds_of(RANKS)),  # its plays depend on these kinds alone
    recognises=recognises,
    resolve=resolve,
    noped=noped,
    targeted=True,
    dice=upgraded(JACK_DIE, 1),  # rolled before the window
)
