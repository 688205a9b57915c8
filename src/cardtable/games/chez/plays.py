"""Card plays onto the discard pile, dice, draws and targets.

A play puts its cards on the discard pile at once, then pushes its pending
steps: the pick-up for an emptied hand (which comes before anything else),
a target, its dice, the reaction window (``nopes``) and the resolution
(``specials``). Every step is on ``self.stack``; nothing hides in flags.
"""

from __future__ import annotations

from typing import Final, cast

from mypy_extensions import mypyc_attr

from cardtable.engine.game import Action, Marker
from cardtable.games.chez import actions as act
from cardtable.games.chez import cards, playability
from cardtable.games.chez.cards import JOKER
from cardtable.games.chez.dice import JACK_DIE, SIX_DIE, upgraded
from cardtable.games.chez.dice import total as dice_total
from cardtable.games.chez.plague import PLAGUE_ROLL, infection
from cardtable.games.chez.rules import betting_man, doubles
from cardtable.games.chez.rules._shape import DiscardCombo
from cardtable.games.chez.ruleset import ChezRuleset
from cardtable.games.chez.steps import (
    COMBO,
    JACK,
    JOKER_PLAY,
    KING,
    NORMAL,
    QUEEN,
    R_ACCEPT,
    R_BET,
    R_PLAGUE,
    R_PLAGUE2,
    R_PLAY,
    SIX,
    TEN,
    DrawStep,
    NameStep,
    Pending,
    PlayKind,
    ResolveStep,
    RollStep,
    TargetStep,
    WindowStep,
)
from cardtable.games.chez.view import ChezView

# the interpreted table module's tables, and the card tables, as statics of this
# compiled one (an imported name is a namespace lookup on every use)
KEY_OF_KIND: Final = playability.KEY_OF_KIND
RANK: Final = cards.RANK

CHANCE: Final = Marker.CHANCE
# each value's kind of play (0: Jokers), by index
_BY_RANK: Final = tuple(
    {6: SIX, 10: TEN, 11: JACK, 12: QUEEN, 13: KING, 0: JOKER_PLAY}.get(r, NORMAL)
    for r in range(14)
)


def classify(kinds: tuple[int, ...], combos: tuple[DiscardCombo, ...]) -> tuple[PlayKind, int, int]:
    """(kind of play, copies, the index of its combo in ``combos`` or -1) for cards
    already known to form a legal play.

    ``combos`` are the enabled discard-pile combos, asked in order; a play that
    is none of them is one value, a single card or Doubles…Quadruples.
    """
    count = len(kinds)
    first = kinds[0]
    if count == 1:
        return _BY_RANK[RANK[first]], 1, -1
    ranks = sorted(RANK[k] for k in kinds)
    one_value = doubles.recognises(ranks, kinds)
    for i, rule in enumerate(combos):
        if rule.recognises(ranks, kinds):
            return COMBO, count if one_value else 1, i
    if one_value:
        return _BY_RANK[RANK[first]], count, -1
    raise ValueError(f"not a play: {kinds}")


@mypyc_attr(allow_interpreted_subclasses=True)  # see ChezCore
class ChezPlays(ChezView):
    def _play(self, kinds: tuple[int, ...]) -> None:
        p = self.turn
        ids = [self._remove_kind(p, k) for k in kinds]
        everyone = self.all_bits
        for cid in ids:
            self.known[cid] = everyone
        self.discard.extend(ids)
        if len(kinds) > 2:
            self._note_canonical(p, kinds[1:-1])
        self.topkey = KEY_OF_KIND[kinds[-1]]
        self.override = None
        if len(kinds) == 1:  # most plays: a single card's kind by its value
            ptype: PlayKind = _BY_RANK[RANK[kinds[0]]]
            copies = 1
            combo = -1
            rule: DiscardCombo | None = None
        else:
            combos = cast(ChezRuleset, self.game).discard_combos
            ptype, copies, combo = classify(kinds, combos)
            rule = combos[combo] if combo >= 0 else None
        self.actions_left -= 1
        self._log("play", p, kinds)
        if len(kinds) > 1:
            self._count(doubles.TALLY if rule is None else rule.name)
        stack = self.stack
        if ptype is not NORMAL:
            # only a play with an effect is pending (most plays are plain cards)
            pend = Pending(p, kinds, ptype, copies, combo)
            if ptype is JOKER_PLAY:
                pend.base = self.facing
                self.facing = 0
                self.actions_left = 0
                self.bonus_used = True
            stack.append(ResolveStep(pend))
            dice: tuple[int, ...] = ()
            if rule is not None:
                if rule.nopeable:
                    stack.append(WindowStep(pend, p, False))
                dice = rule.dice
            else:
                stack.append(WindowStep(pend, p, ptype is JOKER_PLAY))
                if ptype is SIX:
                    dice = upgraded(SIX_DIE, copies - 1)
                elif ptype is JACK:
                    dice = upgraded(JACK_DIE, copies - 1)
            if dice:
                stack.append(RollStep(dice, R_PLAY, p, pend))
            targeted = ptype is KING if rule is None else rule.targeted
            if targeted:
                stack.append(TargetStep(pend))
        special = ptype is not NORMAL or len(kinds) > 1
        if special and not self.hands[p] and (rule is None or rule.pickup_if_emptied):
            self._log("no_finish", p)
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
            self._remember(self.hands[seat], forbidden, False)

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
        results = tuple(step.results)
        self.last_roll = (step.seat, step.purpose, step.dice, results)
        self._log("roll", step.seat, step.purpose, step.dice, results)
        total = dice_total(step.results)
        purpose = step.purpose
        p = step.seat
        if purpose is R_PLAY:
            assert step.play is not None, "a roll for a play holds the play"
            step.play.dice = step.results
        elif purpose is R_ACCEPT:
            self.stack.append(DrawStep(p, total))
        elif purpose is R_PLAGUE:
            if total == 1:
                self.stack.append(RollStep(PLAGUE_ROLL, R_PLAGUE2, p))
        elif purpose is R_PLAGUE2:
            before = self.plague[p]
            after = infection(len(self.hands[p]), total, before)
            if len(self.hands[p]) > total:
                self._log("plague", p, after)
                self._count("plague")
            if after != before:
                self.plague[p] = after
                self.infected_now[p] = True
        elif purpose is R_BET:
            betting_man.settle(self, p, step.data, total)

    def _win_now(self, seat: int, why: str) -> None:
        self._to_secondary(self.hands[seat])
        self.hands[seat] = []
        self._count("instant_win")
        self._finish(seat, why)

    def _target_options(self, play: Pending) -> list[int]:
        p = play.seat
        rule = cast(ChezRuleset, self.game).combo(play.combo)
        need_cards = rule is None or not rule.targets_empty_hands
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

    def _run_name(self, step: NameStep) -> int:
        return step.play.seat
