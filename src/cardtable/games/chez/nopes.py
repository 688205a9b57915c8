"""Nopes: reaction windows, chains and the Ace of Spades.

A window asks every seat still playing with cards, in turn order after the
player and then the player, whether or not it holds an Ace: who is asked
never depends on hidden cards. A nope opens a new window on itself, except the
Ace of Spades, which nothing can nope; Jokers only yield to the Ace of Spades.

Functions over ``ChezCore`` rather than a layer of the state: the flow calls
them for the window step.
"""

from __future__ import annotations

from typing import Final

from cardtable.engine.game import Action, Marker
from cardtable.games.chez import actions as act
from cardtable.games.chez import playability
from cardtable.games.chez.cards import ACE_OF_SPADES, ACES, NKINDS
from cardtable.games.chez.core import ChezCore
from cardtable.games.chez.steps import (
    DrawStep,
    WindowStep,
)

# the interpreted table module's tables as statics of this compiled one
KEY_OF_KIND: Final = playability.KEY_OF_KIND


CHANCE: Final = Marker.CHANCE
SPADES: Final = frozenset({ACE_OF_SPADES})
ANY_ACE: Final = frozenset(ACES)
IS_ACE: Final = tuple(k in ANY_ACE for k in range(NKINDS))
ACE_BITS: Final = sum(1 << k for k in ACES)  # the Aces as bits by kind
SPADES_BIT: Final = 1 << ACE_OF_SPADES


def usable_aces(state: ChezCore, seat: int, as_only: bool) -> list[int]:
    """The Aces the seat could nope with, in kind order (asked at every window)."""
    kind = state.kind
    found: list[int] = []
    for cid in state.hands[seat]:
        k = kind[cid]
        if IS_ACE[k] and k not in found and (k == ACE_OF_SPADES or not as_only):
            found.append(k)
    if len(found) > 1:
        found.sort()
    return found


def has_ace(state: ChezCore, seat: int, as_only: bool) -> bool:
    """Whether the seat holds an Ace it could nope with (asked of every seat at every
    window, where most hold none: no list is made for them)."""
    kind = state.kind
    aces = SPADES_BIT if as_only else ACE_BITS
    for cid in state.hands[seat]:  # noqa: SIM110 - a generator costs more here
        if aces >> kind[cid] & 1:
            return True
    return False


def run_window(state: ChezCore, step: WindowStep) -> int | None:
    order = step.order
    if order is None:
        if not state._ace_may_be_hidden(step.as_only):
            # every Ace that could nope is on the table: nobody can react
            state.stack.pop()
            return None
        n, d, o = state.n, state.direction, step.opener
        order = step.order = (*[(o + d * i) % n for i in range(1, n)], o)
    active, hands = state.active, state.hands
    while step.pos < len(order):
        q = order[step.pos]
        if active[q] and hands[q]:
            if state.nope_everyone:
                return q
            # asking only Ace holders shows who holds one: remember it for resampling
            asked = has_ace(state, q, step.as_only)
            state._remember(hands[q], SPADES if step.as_only else ANY_ACE, asked)
            if asked:
                return q
        step.pos += 1
    state.stack.pop()
    return None


def window_legal(state: ChezCore, step: WindowStep) -> list[Action]:
    order = step.order
    assert order is not None, "a window's order is fixed when it opens"
    q = order[step.pos]
    out: list[Action] = [act.PASS]
    for ace in usable_aces(state, q, step.as_only):
        out.append(act.NOPE[ace])
    return out


def window_act(state: ChezCore, step: WindowStep, action: Action) -> None:
    if action is act.PASS:
        step.pos += 1
        return
    order = step.order
    assert order is not None, "a window's order is fixed when it opens"
    assert isinstance(action, act.Nope), "legal in a window: pass or a nope"
    q = order[step.pos]
    ace = action.kind
    cid = state._remove_kind(q, ace)
    state.known[cid] = state.all_bits
    state.discard.append(cid)
    state.topkey = KEY_OF_KIND[ace]
    state.override = None
    play = step.play
    play.nopes += 1
    state._log("nope", q, ace, play.nopes)
    state._count("nope")
    if play.nopes == 2:
        state._count("nope_chain")
    state.stack.pop()
    if ace != ACE_OF_SPADES:
        state.stack.append(WindowStep(play, q, False))
    if not state.hands[q]:
        state._log("no_finish", q)
        state.stack.append(DrawStep(q, 1))
