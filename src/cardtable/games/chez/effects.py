"""Card plays, reaction windows (nopes) and what each special card and combo does.

A play puts its cards on the discard pile at once, then pushes its pending
steps: the pick-up for an emptied hand (which comes before anything else),
a target, its dice, the reaction window, and the resolution. Every step is
on ``self.stack``; nothing hides in flags.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.game import Action, Marker
from cardtable.games.chez import actions as act
from cardtable.games.chez.cards import (
    ACE_OF_SPADES,
    ACES,
    JOKER,
    RANK,
    SIX_DIAMONDS,
    SIX_HEARTS,
    key_of_kind,
    top_key,
)
from cardtable.games.chez.combos import revolution as revolution_rule
from cardtable.games.chez.combos import transformation as transformation_rule
from cardtable.games.chez.dice import JACK_DIE, SIX_DIE, upgraded
from cardtable.games.chez.steps import (
    FX_JACK,
    FX_QUEEN,
    FX_RECYCLE,
    FX_SIX,
    JACK,
    JOKER_PLAY,
    KING,
    KQ,
    NORMAL,
    QUEEN,
    R_ACCEPT,
    R_BET,
    R_PLAGUE,
    R_PLAGUE2,
    R_PLAY,
    REVOLUTION,
    ROYAL,
    SIX,
    TEN,
    TRS,
    TT,
    DrawStep,
    FxStep,
    GiveStep,
    NameStep,
    Pending,
    ResolveStep,
    RollStep,
    TakeStep,
    TargetStep,
    WindowStep,
)

if TYPE_CHECKING:
    from cardtable.games.chez.state import ChezState

    _Base = ChezState
else:
    _Base = object

CHANCE = Marker.CHANCE
_BY_RANK = {6: SIX, 10: TEN, 11: JACK, 12: QUEEN, 13: KING, 0: JOKER_PLAY}
# plays whose effect is aimed at a chosen player
_TARGETED = frozenset({KING, REVOLUTION, ROYAL, KQ})
# combos that may leave the hand empty without the pick-up (a winning Two Red Sixes is
# handled when it resolves)
_NO_EMPTY_PICKUP = frozenset({REVOLUTION, ROYAL, TRS})
COMBO_TALLY = {
    REVOLUTION: "revolution",
    ROYAL: "royal_court",
    KQ: "king_queen",
    TRS: "two_red_sixes",
    TT: "true_transformation",
}


def classify(kinds: tuple[int, ...]) -> tuple[int, int]:
    """(kind of play, copies) for cards already known to form a legal play."""
    count = len(kinds)
    first = kinds[0]
    if count == 1 or all(k == first for k in kinds) or len({RANK[k] for k in kinds}) == 1:
        if count == 2 and set(kinds) == {SIX_HEARTS, SIX_DIAMONDS}:
            return TRS, 2
        return _BY_RANK.get(RANK[first], NORMAL), count
    ranks = sorted(RANK[k] for k in kinds)
    if ranks == [2, 3, 4, 5]:
        return REVOLUTION, 1
    if ranks == [11, 12, 13]:
        return ROYAL, 1
    if ranks == [12, 13]:
        return KQ, 1
    if transformation_rule.is_straight_flush(kinds):
        return TT, 1
    raise ValueError(f"not a play: {kinds}")


class EffectsMixin(_Base):
    # ---- playing cards ----------------------------------------------------------------
    def _play(self, kinds: tuple[int, ...]) -> None:
        p = self.turn
        ids = [self._remove_kind(p, k) for k in kinds]
        everyone = self.all_bits
        for cid in ids:
            self.known[cid] = everyone
        self.discard.extend(ids)
        if len(kinds) > 2:
            self._note_canonical(p, kinds[1:-1])
        self.topkey = key_of_kind(kinds[-1])
        self.override = None
        ptype, copies = classify(kinds)
        if ptype == TRS and not self.opt["two_red_sixes"]:
            ptype = SIX
        self.actions_left -= 1
        self._log("play", p, kinds)
        if len(kinds) > 1:
            self._count(COMBO_TALLY.get(ptype, "doubles"))
        pend = Pending(p, kinds, ptype, copies)
        stack = self.stack
        if ptype == JOKER_PLAY:
            pend.base = self.facing
            self.facing = 0
            self.actions_left = 0
            self.bonus_used = True
        if ptype == TT:
            stack.append(NameStep(pend))
        elif ptype != NORMAL:
            stack.append(ResolveStep(pend))
            stack.append(WindowStep(pend, p, ptype == JOKER_PLAY))
            dice: tuple[int, ...] = ()
            if ptype == SIX:
                dice = upgraded(SIX_DIE, copies - 1)
            elif ptype == JACK:
                dice = upgraded(JACK_DIE, copies - 1)
            elif ptype == TRS:
                dice = upgraded(SIX_DIE, 1)
            elif ptype == ROYAL:
                dice = upgraded(JACK_DIE, 1)
            if dice:
                stack.append(RollStep(dice, R_PLAY, p, pend))
            if ptype in _TARGETED:
                stack.append(TargetStep(pend))
        special = ptype != NORMAL or len(kinds) > 1
        if special and not self.hands[p] and ptype not in _NO_EMPTY_PICKUP:
            stack.append(DrawStep(p, 1))

    def _note_canonical(self, seat: int, taken: tuple[int, ...]) -> None:
        """Remember that canonically chosen cards were the lowest of their value in hand.

        The engine takes the middle cards of a combo (and a Castle's or a
        Siege's cards) as the lowest kinds of their value, so the play shows
        that no lower kind of that value stayed in the hand; the resampler
        must keep that true.
        """
        forbidden = frozenset(k for m in taken if m != JOKER for k in range(m % 13, m, 13))
        if forbidden:
            self.constraints = ((tuple(self.hands[seat]), None, forbidden), self.constraints)

    def _name_top(self, action: act.NameTop) -> None:
        """True Transformation: the top counts as the named value and colour (no suit)."""
        self.stack.pop()
        self.override = (action.value, action.red)
        self.topkey = top_key(action.value, action.red, -1)
        self._log("name", self.turn, action.value, action.red)

    # ---- castles ------------------------------------------------------------------------
    def _absorb(self, seat: int) -> bool:
        """A Castle takes the hit instead of its owner, losing a wall."""
        if seat < 0 or self.castle[seat] is None:
            return False
        self._log("absorb", seat)
        self._count("castle_absorbed")
        self._hit_wall(seat)
        return True

    def _hit_wall(self, seat: int) -> None:
        fort = self.castle[seat]
        assert fort is not None
        fort.walls -= 1
        if fort.walls <= 0:
            self._to_secondary(fort.ids)
            self.castle[seat] = None
            self._log("castle_falls", seat)

    # ---- step runners: return who decides, or None when the step finished ------------
    def _run_draw(self, step: DrawStep) -> int | Marker | None:
        seat = step.seat
        while step.n > 0:
            if seat >= 0 and not self.active[seat]:
                break
            front = self._pile_front()
            if front is None:
                self.stack.pop()
                self._knock_out(seat, "had nothing left to pick up")
                return None
            if front.random and len(front.ids) > 1:
                return CHANCE
            cid = front.pop_top(self.kind)
            self.pile_size -= 1
            self._receive(seat, cid)
            step.n -= 1
        self.stack.pop()
        return None

    def _draw_chance(self, step: DrawStep, k: int) -> None:
        cid = self.pile[0].take_kind(self.kind, k)
        self.pile_size -= 1
        self._tag(cid, 0)
        self._receive(step.seat, cid)
        step.n -= 1

    def _run_roll(self, step: RollStep) -> Marker:
        return CHANCE

    def _roll(self, step: RollStep, value: int) -> None:
        step.results.append(value)
        if len(step.results) < len(step.dice):
            return
        self.stack.pop()
        self.last_roll = (step.seat, step.purpose, step.dice, tuple(step.results))
        self._log("roll", step.seat, step.purpose, step.dice, tuple(step.results))
        total = sum(step.results)
        purpose = step.purpose
        p = step.seat
        if purpose == R_PLAY:
            step.play.dice = step.results  # type: ignore[union-attr]
        elif purpose == R_ACCEPT:
            self.stack.append(DrawStep(p, total))
        elif purpose == R_PLAGUE:
            if total == 1:
                self.stack.append(RollStep((8, 12), R_PLAGUE2, p))
        elif purpose == R_PLAGUE2:
            cards = len(self.hands[p])
            if cards > total:
                left = cards - total
                if not self.plague[p] or left < self.plague[p]:
                    self.plague[p] = left
                    self.infected_now[p] = True
                self._log("plague", p, self.plague[p])
                self._count("plague")
        elif purpose == R_BET:
            if total == step.data:
                self._win_now(p, "won The Betting Man")
            else:
                self.stack.append(DrawStep(p, abs(step.data - total)))

    def _win_now(self, seat: int, why: str) -> None:
        self._to_secondary(self.hands[seat])
        self.hands[seat] = []
        self._count("instant_win")
        self._finish(seat, why)

    def _target_options(self, play: Pending) -> list[int]:
        p = play.seat
        need_cards = play.ptype != REVOLUTION
        return [
            q
            for q in range(self.n)
            if q != p and self.active[q] and (self.hands[q] or not need_cards)
        ]

    def _run_target(self, step: TargetStep) -> int | None:
        if not self._target_options(step.play):
            step.play.target = -1
            self.stack.pop()
            return None
        return step.play.seat

    def _target_legal(self, step: TargetStep) -> list[Action]:
        return [act.TARGET[q] for q in self._target_options(step.play)]

    # ---- reaction windows ---------------------------------------------------------------
    def _usable_aces(self, seat: int, as_only: bool) -> list[int]:
        kind = self.kind
        held = {kind[cid] for cid in self.hands[seat]}
        if as_only:
            return [ACE_OF_SPADES] if ACE_OF_SPADES in held else []
        return [a for a in ACES if a in held]

    def _run_window(self, step: WindowStep) -> int | None:
        order = step.order
        if order is None:
            if not self._ace_may_be_hidden(step.as_only):
                # every Ace that could nope is on the table: nobody can react
                self.stack.pop()
                return None
            n, d, o = self.n, self.direction, step.opener
            order = step.order = [(o + d * i) % n for i in range(1, n)] + [o]
        active, hands = self.active, self.hands
        while step.pos < len(order):
            q = order[step.pos]
            if (
                active[q]
                and hands[q]
                and (self.nope_everyone or self._usable_aces(q, step.as_only))
            ):
                return q
            step.pos += 1
        self.stack.pop()
        return None

    def _window_legal(self, step: WindowStep) -> list[Action]:
        q = step.order[step.pos]  # type: ignore[index]
        return [act.PASS] + [act.NOPE[a] for a in self._usable_aces(q, step.as_only)]

    def _window_act(self, step: WindowStep, action: Action) -> None:
        if action is act.PASS:
            step.pos += 1
            return
        q = step.order[step.pos]  # type: ignore[index]
        ace = action.kind  # type: ignore[attr-defined]
        cid = self._remove_kind(q, ace)
        self.known[cid] = self.all_bits
        self.discard.append(cid)
        self.topkey = key_of_kind(ace)
        self.override = None
        play = step.play
        play.nopes += 1
        self._log("nope", q, ace, play.nopes)
        self._count("nope")
        if play.nopes == 2:
            self._count("nope_chain")
        self.stack.pop()
        if ace != ACE_OF_SPADES:
            self.stack.append(WindowStep(play, q, False))
        if not self.hands[q]:
            self.stack.append(DrawStep(q, 1))

    # ---- resolution ---------------------------------------------------------------------
    def _run_resolve(self, step: ResolveStep) -> None:
        self.stack.pop()
        play = step.play
        if play.nopes % 2:
            self._log("noped", play.seat, play.kinds)
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
        elif ptype == KQ:
            self._swap_hands(play)

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

    def _swap_hands(self, play: Pending) -> None:
        target, p = play.target, play.seat
        if target < 0 or not self.active[target] or self._absorb(target):
            return
        hands = self.hands
        hands[p], hands[target] = hands[target], hands[p]
        both = (1 << p) | (1 << target)
        for cid in hands[p] + hands[target]:
            self.known[cid] |= both
        self._log("swap", p, target)

    def _run_name(self, step: NameStep) -> int:
        return step.play.seat
