"""What each special card does once its window closes; a combo's effect is its rule's.

Functions over ``ChezCore`` rather than a layer of the state: the flow calls
them for the steps they own (resolve, automatic effects, a King's take and
give-back), and what they need of the flow they ask through the core's stubs.
"""

from __future__ import annotations

from typing import Final, cast

from cardtable.engine.game import Action, Marker
from cardtable.games.chez import actions as act
from cardtable.games.chez.core import ChezCore
from cardtable.games.chez.dice import total as dice_total
from cardtable.games.chez.piles import Seg
from cardtable.games.chez.ruleset import ChezRuleset
from cardtable.games.chez.steps import (
    FX_JACK,
    FX_QUEEN,
    FX_RECYCLE,
    FX_SIX,
    JACK,
    JOKER_PLAY,
    KING,
    QUEEN,
    SIX,
    TEN,
    DrawStep,
    FxStep,
    GiveStep,
    Pending,
    ResolveStep,
    TakeStep,
)

CHANCE: Final = Marker.CHANCE


def run_resolve(state: ChezCore, step: ResolveStep) -> None:
    state.stack.pop()
    play = step.play
    rule = cast(ChezRuleset, state.game).combo(play.combo)
    if play.nopes % 2:
        state._log("noped", play.seat, play.kinds)
        if rule is not None:
            rule.noped(state, play)
        return
    if rule is not None:
        rule.resolve(state, play)
        return
    ptype = play.ptype
    p = play.seat
    if ptype is SIX:
        six(state, p, dice_total(play.dice))
    elif ptype is TEN:
        for _ in range(play.copies):
            state.stack.append(FxStep(FX_RECYCLE, play))
    elif ptype is JACK:
        jack(state, p, dice_total(play.dice))
    elif ptype is QUEEN:
        queen(state, play.copies)
    elif ptype is KING:
        king(state, play, play.copies)
    elif ptype is JOKER_PLAY:
        state.joker_next = play.base + play.copies


def run_fx(state: ChezCore, step: FxStep) -> None:
    state.stack.pop()
    code = step.code
    play = step.play
    if code == FX_RECYCLE:
        recycle(state, play.seat)
    elif code == FX_QUEEN:
        queen(state, 1)
    elif code == FX_JACK:
        jack(state, play.seat, dice_total(play.dice))
    elif code == FX_SIX:
        six(state, play.seat, play.dice[0])
    return None


def six(state: ChezCore, seat: int, roll: int) -> None:
    """Odd: you pick up that many. Even: the next player picks up half.

    Logged, so the table reads who picks up and why after the roll's line (the
    draws themselves are face down and say nothing).
    """
    if roll % 2:
        state._log("six", seat, roll, seat)
        state.stack.append(DrawStep(seat, roll))
        return
    nxt = state._next_active(seat)
    if nxt != seat and not state._absorb(nxt):
        state._log("six", nxt, roll // 2, seat)
        state.stack.append(DrawStep(nxt, roll // 2))


def jack(state: ChezCore, seat: int, roll: int) -> None:
    """The roll is that many extra actions (logged: the table sees the turn go on)."""
    state._log("jack", seat, roll)
    state.actions_left += roll


def queen(state: ChezCore, copies: int) -> None:
    if sum(state.active) == 2:
        if state.actions_left == 0:
            state.actions_left += copies
    elif copies % 2:
        state.direction = -state.direction


def recycle(state: ChezCore, seat: int) -> None:
    """10: the hand goes under the draw pile in random order; draw as many back."""
    hand = state.hands[seat]
    if not hand:
        return
    state.pile.append(Seg.shuffled(hand, state.kind))
    state.pile_size += len(hand)
    state.hands[seat] = []
    state._log("recycle", seat, len(hand))
    state.stack.append(DrawStep(seat, len(hand)))


def king(state: ChezCore, play: Pending, copies: int) -> None:
    target = play.target
    if target < 0 or not state.active[target] or state._absorb(target):
        return
    # public: who takes from whom, and how many (which cards only the two of them see)
    state._log("king", play.seat, target, copies)
    stack = state.stack
    stack.append(GiveStep(play))
    stack.append(TakeStep(play, copies))
    short = copies - len(state.hands[target])
    if short > 0:
        stack.append(DrawStep(target, short))


def run_take(state: ChezCore, step: TakeStep) -> Marker | None:
    play = step.play
    target = play.target
    while step.left > 0 and state.active[target] and state.hands[target]:
        hand = state.hands[target]
        if len(hand) > 1:
            return CHANCE
        move_taken(state, play, hand[0])
        step.left -= 1
    state.stack.pop()
    return None


def move_taken(state: ChezCore, play: Pending, cid: int) -> None:
    state.hands[play.target].remove(cid)
    state.hands[play.seat].append(cid)
    state.known[cid] |= 1 << play.seat
    play.taken.append(cid)


def take(state: ChezCore, step: TakeStep, k: int) -> None:
    play = step.play
    kind = state.kind
    cid = next(c for c in state.hands[play.target] if kind[c] == k)
    state._tag(cid, 1)
    move_taken(state, play, cid)
    step.left -= 1


def original(state: ChezCore, play: Pending) -> list[int]:
    taken = play.taken
    return [cid for cid in state.hands[play.seat] if cid not in taken]


def run_give(state: ChezCore, step: GiveStep) -> int | None:
    play = step.play
    if step.left < 0:
        step.left = min(play.copies, len(original(state, play)))
    if step.left == 0 or not state.active[play.target] or not state.active[play.seat]:
        state.stack.pop()
        return None
    return play.seat


def give_legal(state: ChezCore, step: GiveStep) -> list[Action]:
    kind = state.kind
    return [act.GIVE[k] for k in sorted({kind[c] for c in original(state, step.play)})]


def give(state: ChezCore, step: GiveStep, k: int) -> None:
    play = step.play
    kind = state.kind
    cid = next(c for c in original(state, play) if kind[c] == k)
    state._tag(cid, 2)
    state.hands[play.seat].remove(cid)
    state.hands[play.target].append(cid)
    state.known[cid] |= 1 << play.target
    step.left -= 1
    if step.left == 0:
        state.stack.pop()
