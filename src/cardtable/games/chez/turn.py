"""What the turn player may do, and the turn actions that are not card plays.

Legal plays are built from the hand grouped by value; each enabled combo
module adds its own options, so a switched-off combo never appears.
"""

from __future__ import annotations

from typing import Final, cast

from mypy_extensions import mypyc_attr

from cardtable.engine.game import Action
from cardtable.games.chez import actions as act
from cardtable.games.chez import cards, playability
from cardtable.games.chez.actions import Play
from cardtable.games.chez.cards import JOKER, NKINDS
from cardtable.games.chez.dice import JOKER_DIE, upgraded
from cardtable.games.chez.plague import PLAGUE_DIE
from cardtable.games.chez.plays import ChezPlays
from cardtable.games.chez.rules import doubles
from cardtable.games.chez.ruleset import ChezRuleset
from cardtable.games.chez.steps import R_ACCEPT, R_PLAGUE, DrawStep, RollStep

# the interpreted table module's tables, and the card tables, as statics of this
# compiled one (an imported name is a namespace lookup on every use)
RANK: Final = cards.RANK
PLAYABLE: Final = playability.PLAYABLE
PLAYABLE_SETS: Final = playability.PLAYABLE_SETS


RANK_BIT: Final = tuple(1 << RANK[k] for k in range(NKINDS))
KIND_BIT: Final = tuple(1 << k for k in range(NKINDS))
PLAYABLE_BITS: Final = tuple(sum(1 << k for k in range(NKINDS) if row[k]) for row in PLAYABLE)


def _groups(kinds: list[int]) -> list[list[int]]:
    """The hand's kinds grouped by value (index 0: Jokers), each group sorted (this sorts
    ``kinds`` in place: only the discard combos' first listings need it)."""
    kinds.sort()
    groups: list[list[int]] = [[] for _ in range(14)]
    for k in kinds:
        groups[RANK[k]].append(k)
    return groups


@mypyc_attr(allow_interpreted_subclasses=True)  # see ChezCore
class ChezTurn(ChezPlays):
    def _turn_legal(self) -> list[Action]:
        p = self.turn
        on = self.switched_on
        kind = self.kind
        hand = self.hands[p]
        if self.facing:
            jokers = sum(1 for cid in hand if kind[cid] == JOKER)
            out: list[Action] = [act.ACCEPT]
            if jokers:
                out.append(act.SINGLE[JOKER])
                if "doubles" in on:
                    doubles.joker_stacks(jokers, out)
            return out
        game = cast(ChezRuleset, self.game)
        if self.actions_left:
            # unsorted: the plays come from bit sets of kinds and values, in kind order;
            # the kinds and their bits in one pass over the hand
            kinds: list[int] = []
            mask = dup = kbits = 0
            for cid in hand:
                k = kind[cid]
                kinds.append(k)
                bit = RANK_BIT[k]
                dup |= mask & bit
                mask |= bit
                kbits |= KIND_BIT[k]
            out = self._discard_options(kinds, mask, dup, kbits)
        else:
            # the turn's end: only the values matter (the front combos), no list of kinds
            mask = dup = 0
            for cid in hand:
                bit = RANK_BIT[kind[cid]]
                dup |= mask & bit
                mask |= bit
            out = [act.END]
        if not self.bonus_used and hand:
            fronts = game.front_by_mask[mask]
            if fronts is None:
                fronts = game.front_offers(mask)
            for front in fronts:
                if front.applies(self, p, mask, dup != 0):
                    front.options(self, p, mask, dup, out)
        return out

    def _discard_options(self, kinds: list[int], mask: int, dup: int, kbits: int) -> list[Action]:
        """Every play onto the pile from a hand of these kinds (in any order), then
        ``pick``; given the hand's value bits, those it holds more than once and its
        kind bits (read in the same pass that lists the kinds)."""
        on = self.switched_on
        repeats = dup != 0
        topkey = self.topkey
        playable = PLAYABLE[topkey]
        playable_bits = PLAYABLE_BITS[topkey]
        single = act.SINGLE
        # each playable kind once, lowest first: the lowest set bit, then the rest
        out: list[Action] = []
        bits = kbits & playable_bits
        while bits:
            rest = bits & (bits - 1)
            out.append(single[(bits ^ rest).bit_length() - 1])
            bits = rest
        if len(kinds) >= 2:
            plays: list[Play] = []
            if repeats and "doubles" in on:
                doubles.options(
                    kinds,
                    dup,
                    kbits,
                    cast(ChezRuleset, self.game).decks == 1,
                    topkey,
                    playable,
                    plays,
                    "two_red_sixes" in on,
                )
            game = cast(ChezRuleset, self.game)
            offers = game.discard_by_mask[mask]
            if offers is None:
                offers = game.discard_offers(mask)
            groups: list[list[int]] | None = None
            for ask, offer in offers:
                if not ask or offer.applies(mask, kbits, repeats):
                    own = offer.kinds
                    if own:
                        # its plays for the kinds it reads, in runs by first card:
                        # those whose first card may go on the top
                        sub = kbits & own
                        runs = offer.memo.get(sub)
                        if runs is None:
                            groups = groups or _groups(kinds)
                            runs = offer.remember(sub, groups)
                        for first, run in runs:
                            if playable_bits & first:
                                plays.extend(run)
                    else:
                        groups = groups or _groups(kinds)
                        offer.options(groups, playable, plays)
            out.extend(plays)
        out.append(act.PICK)
        return out

    def _apply_turn(self, action: Action) -> None:
        if type(action) is Play:  # imported by name: ``act.Play`` is a lookup by name
            self._play(action.cards)
        elif action is act.PICK:
            self._pick()
        elif action is act.END:
            self.turn_done = True
        elif action is act.ACCEPT:
            self._accept()
        else:
            for front in cast(ChezRuleset, self.game).fronts:
                if front.owns(action):
                    front.apply(self, action)
                    return
            raise AssertionError(f"unexpected turn action {action}")

    # ---- picking up -------------------------------------------------------------------
    def _pick(self) -> None:
        """Pick up as the action; if a card could have been played, the Plague roll follows.

        The hand and top card are remembered with the answer, because the roll
        (or its absence) tells everyone whether this player could play: the
        resampler must keep that true.
        """
        p = self.turn
        hand = self.hands[p]
        playable = PLAYABLE_BITS[self.topkey]  # bits: the row is an interpreted tuple
        kind = self.kind
        could = False
        for cid in hand:
            if playable >> kind[cid] & 1:
                could = True
                break
        self._remember(hand, PLAYABLE_SETS[self.topkey], could)
        self.actions_left -= 1
        self._log("pick", p, could)
        if could:
            self.stack.append(RollStep((PLAGUE_DIE,), R_PLAGUE, p))
        self.stack.append(DrawStep(p, 1))

    def _accept(self) -> None:
        p = self.turn
        stack_size = self.facing
        self.facing = 0
        self._log("accept", p, stack_size)
        if self._absorb(p):
            return
        self.stack.append(RollStep(upgraded(JOKER_DIE, stack_size - 1), R_ACCEPT, p))

    # ---- bonus actions (front combos) ---------------------------------------------------
    def _take_rank(self, seat: int, rank: int) -> int:
        """The lowest card of that value from the hand (front combos take cards canonically)."""
        kind = self.kind
        hand = self.hands[seat]
        best = -1
        lowest = 0
        for pos in range(len(hand)):  # the first of the lowest kind, as min() would
            k = kind[hand[pos]]
            if RANK[k] == rank and (best < 0 or k < lowest):
                best, lowest = pos, k
        if best < 0:
            raise ValueError(f"seat {seat} holds no card of value {rank}")
        return hand.pop(best)
