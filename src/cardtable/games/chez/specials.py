"""What each special card and discard-pile combo does once its window closes."""

from __future__ import annotations

from cardtable.engine.game import Action, Marker
from cardtable.games.chez import actions as act
from cardtable.games.chez.cards import (
    RANK,
)
from cardtable.games.chez.combos import BY_PTYPE
from cardtable.games.chez.combos import revolution as revolution_rule
from cardtable.games.chez.core import ChezCore
from cardtable.games.chez.steps import (
    FX_JACK,
    FX_QUEEN,
    FX_RECYCLE,
    FX_SIX,
    JACK,
    JOKER_PLAY,
    KING,
    QUEEN,
    REVOLUTION,
    ROYAL,
    SIX,
    TEN,
    TRS,
    DrawStep,
    FxStep,
    GiveStep,
    Pending,
    ResolveStep,
    TakeStep,
)

CHANCE = Marker.CHANCE


class SpecialsMixin(ChezCore):
    def _run_resolve(self, step: ResolveStep) -> None:
        self.stack.pop()
        play = step.play
        if play.nopes % 2:
            self._log("noped", play.seat, play.kinds)
            p = play.seat
            if play.ptype == TRS and self.active[p] and not self.hands[p]:
                # only a *winning* Two Red Sixes may leave the hand empty
                self.stack.append(DrawStep(p, 1))
            return
        self._resolve(play)
        return None

    def _resolve(self, play: Pending) -> None:
        ptype = play.ptype
        p = play.seat
        stack = self.stack
        if ptype == SIX:
            self._six(p, sum(play.dice))
        elif ptype == TRS:
            roll = play.dice[0]
            if roll == 6:
                self._win_now(p, "won with the Two Red Sixes")
                return
            stack.append(FxStep(FX_SIX, play))
            if not self.hands[p]:
                stack.append(DrawStep(p, 1))
        elif ptype == TEN:
            for _ in range(play.copies):
                stack.append(FxStep(FX_RECYCLE, play))
        elif ptype == JACK:
            self.actions_left += sum(play.dice)
        elif ptype == QUEEN:
            self._queen(play.copies)
        elif ptype == KING:
            self._king(play, play.copies)
        elif ptype == JOKER_PLAY:
            self.joker_next = play.base + play.copies
        elif ptype == REVOLUTION:
            self._revolution(play)
        elif ptype == ROYAL:
            stack.append(FxStep(FX_JACK, play))
            stack.append(FxStep(FX_QUEEN, play))
            self._king(play, 1)
        elif ptype in BY_PTYPE:
            BY_PTYPE[ptype].resolve(self, play)

    def _run_fx(self, step: FxStep) -> None:
        self.stack.pop()
        code = step.code
        play = step.play
        if code == FX_RECYCLE:
            self._recycle(play.seat)
        elif code == FX_QUEEN:
            self._queen(1)
        elif code == FX_JACK:
            self.actions_left += sum(play.dice)
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
        from cardtable.games.chez.piles import Seg

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

    def _revolution(self, play: Pending) -> None:
        target = play.target
        if target < 0 or not self.active[target]:
            self.stack.append(DrawStep(play.seat, 2))
            return
        hand = self.hands[target]
        everyone = self.all_bits
        for cid in hand:
            self.known[cid] = everyone
        self._log("shows", target, tuple(self.kind[c] for c in hand))
        if revolution_rule.overthrows([RANK[self.kind[c]] for c in hand]):
            if not self._absorb(target):
                self._knock_out(target, "was overthrown by a Revolution")
        else:
            self._log("revolution_fails", play.seat)
            self.stack.append(DrawStep(play.seat, 2))
