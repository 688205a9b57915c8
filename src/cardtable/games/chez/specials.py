"""What each special card does once its window closes; a combo's effect is its module's."""

from __future__ import annotations

from typing import Final, cast

from mypy_extensions import mypyc_attr

from cardtable.engine.game import Action, Marker
from cardtable.games.chez import actions as act
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
from cardtable.games.chez.view import ChezView

CHANCE: Final = Marker.CHANCE


@mypyc_attr(allow_interpreted_subclasses=True)  # see ChezCore
class ChezSpecials(ChezView):
    def _run_resolve(self, step: ResolveStep) -> None:
        self.stack.pop()
        play = step.play
        rule = cast(ChezRuleset, self.game).combo(play.combo)
        if play.nopes % 2:
            self._log("noped", play.seat, play.kinds)
            if rule is not None:
                rule.noped(self, play)
            return
        if rule is not None:
            rule.resolve(self, play)
            return
        ptype = play.ptype
        p = play.seat
        if ptype is SIX:
            self._six(p, dice_total(play.dice))
        elif ptype is TEN:
            for _ in range(play.copies):
                self.stack.append(FxStep(FX_RECYCLE, play))
        elif ptype is JACK:
            self.actions_left += dice_total(play.dice)
        elif ptype is QUEEN:
            self._queen(play.copies)
        elif ptype is KING:
            self._king(play, play.copies)
        elif ptype is JOKER_PLAY:
            self.joker_next = play.base + play.copies

    def _run_fx(self, step: FxStep) -> None:
        self.stack.pop()
        code = step.code
        play = step.play
        if code == FX_RECYCLE:
            self._recycle(play.seat)
        elif code == FX_QUEEN:
            self._queen(1)
        elif code == FX_JACK:
            self.actions_left += dice_total(play.dice)
        elif code == FX_SIX:
            self._six(play.seat, play.dice[0])
        return None

    def _six(self, seat: int, roll: int) -> None:
        """Odd: you pick up that many. Even: the next player picks up half."""
        if roll % 2:
            self.stack.append(DrawStep(seat, roll))
            return
        nxt = self._next_active(seat)
        if nxt != seat and not self._absorb(nxt):
            self.stack.append(DrawStep(nxt, roll // 2))

    def _queen(self, copies: int) -> None:
        if sum(self.active) == 2:
            if self.actions_left == 0:
                self.actions_left += copies
        elif copies % 2:
            self.direction = -self.direction

    def _recycle(self, seat: int) -> None:
        """10: the hand goes under the draw pile in random order; draw as many back."""
        hand = self.hands[seat]
        if not hand:
            return
        self.pile.append(Seg.shuffled(hand, self.kind))
        self.pile_size += len(hand)
        self.hands[seat] = []
        self.stack.append(DrawStep(seat, len(hand)))

    def _king(self, play: Pending, copies: int) -> None:
        target = play.target
        if target < 0 or not self.active[target] or self._absorb(target):
            return
        stack = self.stack
        stack.append(GiveStep(play))
        stack.append(TakeStep(play, copies))
        short = copies - len(self.hands[target])
        if short > 0:
            stack.append(DrawStep(target, short))

    def _run_take(self, step: TakeStep) -> Marker | None:
        play = step.play
        target = play.target
        while step.left > 0 and self.active[target] and self.hands[target]:
            hand = self.hands[target]
            if len(hand) > 1:
                return CHANCE
            self._move_taken(play, hand[0])
            step.left -= 1
        self.stack.pop()
        return None

    def _move_taken(self, play: Pending, cid: int) -> None:
        self.hands[play.target].remove(cid)
        self.hands[play.seat].append(cid)
        self.known[cid] |= 1 << play.seat
        play.taken.append(cid)

    def _take(self, step: TakeStep, k: int) -> None:
        play = step.play
        kind = self.kind
        cid = next(c for c in self.hands[play.target] if kind[c] == k)
        self._tag(cid, 1)
        self._move_taken(play, cid)
        step.left -= 1

    def _original(self, play: Pending) -> list[int]:
        taken = play.taken
        return [cid for cid in self.hands[play.seat] if cid not in taken]

    def _run_give(self, step: GiveStep) -> int | None:
        play = step.play
        if step.left < 0:
            step.left = min(play.copies, len(self._original(play)))
        if step.left == 0 or not self.active[play.target] or not self.active[play.seat]:
            self.stack.pop()
            return None
        return play.seat

    def _give_legal(self, step: GiveStep) -> list[Action]:
        kind = self.kind
        return [act.GIVE[k] for k in sorted({kind[c] for c in self._original(step.play)})]

    def _give(self, step: GiveStep, k: int) -> None:
        play = step.play
        kind = self.kind
        cid = next(c for c in self._original(play) if kind[c] == k)
        self._tag(cid, 2)
        self.hands[play.seat].remove(cid)
        self.hands[play.target].append(cid)
        self.known[cid] |= 1 << play.target
        step.left -= 1
        if step.left == 0:
            self.stack.pop()
