"""The Two Red Sixes: 6H and 6D together; a d8 roll of 6 empties your hand at once.

Otherwise it acts as a double 6 with that roll. A complete rule module: its
``RULE`` (a ``DiscardCombo``) is all the game knows of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.games.chez.actions import Play, play_of
from cardtable.games.chez.cards import SIX_DIAMONDS, SIX_HEARTS
from cardtable.games.chez.core import ChezCore
from cardtable.games.chez.dice import SIX_DIE, upgraded
from cardtable.games.chez.rules._shape import DiscardCombo, Offer
from cardtable.games.chez.steps import FX_SIX, DrawStep, FxStep, Pending

PAIR = frozenset({SIX_HEARTS, SIX_DIAMONDS})


def applies(mask: int, kinds: int, repeats: bool) -> bool:
    return repeats


def options(by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]) -> None:
    sixes = by_rank[6]
    if SIX_HEARTS in sixes and SIX_DIAMONDS in sixes:
        if playable[SIX_HEARTS]:
            out.append(play_of((SIX_HEARTS, SIX_DIAMONDS)))
        if playable[SIX_DIAMONDS]:
            out.append(play_of((SIX_DIAMONDS, SIX_HEARTS)))


def recognises(ranks: Sequence[int], kinds: Sequence[int]) -> bool:
    return len(kinds) == 2 and set(kinds) == PAIR


def resolve(state: ChezCore, play: Pending) -> None:
    """A 6 wins at once; any other roll is a 6 with that roll (and the pick-up if emptied)."""
    p = play.seat
    if play.dice[0] == 6:
        state._win_now(p, "won with the Two Red Sixes")
        return
    state.stack.append(FxStep(FX_SIX, play))
    if not state.hands[p]:
        state._log("no_finish", p)
        state.stack.append(DrawStep(p, 1))


def noped(state: ChezCore, play: Pending) -> None:
    """Only a *winning* Two Red Sixes may leave the hand empty."""
    p = play.seat
    if state.active[p] and not state.hands[p]:
        state._log("no_finish", p)
        state.stack.append(DrawStep(p, 1))


class _Offer(Offer):
    """This module's ``applies`` and ``options`` as compiled methods (see ``Offer``)."""

    def applies(self, mask: int, kinds: int, repeats: bool) -> bool:
        return applies(mask, kinds, repeats)

    def options(
        self, by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]
    ) -> None:
        options(by_rank, playable, out)


RULE: DiscardCombo = DiscardCombo(
    name="two_red_sixes",
    label="Two Red Sixes",
    title="The Two Red Sixes combo",
    needs=1 << 6,
    values=1,  # distinct values in hand
    offer=_Offer((1 << SIX_HEARTS) | (1 << SIX_DIAMONDS)),  # its plays: these two kinds
    recognises=recognises,
    resolve=resolve,
    noped=noped,
    asks_applies=True,  # a pair of sixes, not one
    dice=upgraded(SIX_DIE, 1),  # a double 6's die
    # a winning one may empty the hand; ``resolve`` and ``noped`` decide
    pickup_if_emptied=False,
)
