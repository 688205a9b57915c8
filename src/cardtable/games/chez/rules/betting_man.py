"""The Betting Man (front combo): two Jokers, name 1-12, roll a d12.

A match empties the hand at once; otherwise its player picks up the
difference. A complete front-combo module (its ``RULE``, a ``FrontCombo``).
"""

from __future__ import annotations

from cardtable.engine.game import Action
from cardtable.games.chez.actions import BET, Bet
from cardtable.games.chez.cards import JOKER
from cardtable.games.chez.core import ChezCore
from cardtable.games.chez.rules._shape import FrontCombo, FrontOffer
from cardtable.games.chez.steps import R_BET, DrawStep, RollStep

NEEDS = 1 << 0  # Jokers
DIE = 12


def applies(state: ChezCore, seat: int, mask: int, repeats: bool) -> bool:
    return repeats  # two Jokers at least


def options(state: ChezCore, seat: int, mask: int, dup: int, out: list[Action]) -> None:
    """Two Jokers at least: the Jokers' value held more than once."""
    if dup & 1:
        out.extend(BET[1:13])


def possible(state: ChezCore, seat: int, size: int, unseen: list[int]) -> bool:
    """From public facts: two cards in hand and two Jokers out of sight."""
    return size >= 2 and unseen[0] >= 2


def owns(action: Action) -> bool:
    return type(action) is Bet


def apply(state: ChezCore, action: Action) -> None:
    """Both Jokers go to the secondary pile; the d12 decides (``settle``)."""
    assert isinstance(action, Bet), "owns() said so"
    p = state.turn
    jokers = [state._remove_kind(p, JOKER), state._remove_kind(p, JOKER)]
    state._to_secondary(jokers)
    state.bonus_used = True
    state._count("betting_man")
    state._log("bet", p, action.number)
    state.stack.append(RollStep((DIE,), R_BET, p, data=action.number))


def settle(state: ChezCore, seat: int, number: int, total: int) -> None:
    """The roll: a match wins at once, else pick up the difference."""
    if total == number:
        state._win_now(seat, "won The Betting Man")
    else:
        state.stack.append(DrawStep(seat, abs(number - total)))


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
    name="betting_man", title="The Betting Man (front combo)", offer=_Front(NEEDS)
)
