"""``ChezFlow``: the flow that glues the step stack to the turn order, and the zones.

It runs automatic steps until a seat or chance must decide (``_advance``),
dispatches a decision to the step on top of the stack or to the turn, lists
the legal actions and the chance outcomes, moves cards between the zones
(hands, draw pile, discard piles, Castles) and ends the game. The layers below
(``view``, ``plays``, ``turn``) and the function modules call these helpers
through the stubs ``core`` declares, and the flow calls the function modules
``specials`` and ``nopes`` for the steps they own; ``state`` adds the engine
contract's entry points on top.
"""

from __future__ import annotations

from collections import Counter
from itertools import compress
from typing import Any, Final, cast

from mypy_extensions import mypyc_attr

from cardtable.engine.game import Action, Marker, weighted_pick
from cardtable.engine.steps import Step
from cardtable.games.chez import actions as act
from cardtable.games.chez import cards, nopes, playability, specials
from cardtable.games.chez.cards import ACE_OF_SPADES
from cardtable.games.chez.piles import Seg
from cardtable.games.chez.rules import transformation
from cardtable.games.chez.ruleset import ChezRuleset
from cardtable.games.chez.steps import (
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
from cardtable.games.chez.turn import ChezTurn

# the interpreted table module's tables as statics of this compiled one
JOKER_TOP: Final = playability.JOKER_TOP
KEY_OF_KIND: Final = playability.KEY_OF_KIND

CHANCE: Final = Marker.CHANCE
TERMINAL: Final = Marker.TERMINAL

# tables of other modules as statics of this compiled one (an imported name is a
# namespace lookup on every use)
RANK: Final = cards.RANK
HAND_SIZE = 7
# tags: which history entries name the kind of a particular card id (for resampling)
TAG_DRAW, TAG_TAKE, TAG_GIVE = 0, 1, 2
TAG_TABLES = (act.DRAW, act.TAKE, act.GIVE)


@mypyc_attr(allow_interpreted_subclasses=True)  # see ChezCore
class ChezFlow(ChezTurn):
    def _legal_actions(self) -> list[Action]:
        if self.stack:
            step = self.stack[-1]
            if type(step) is WindowStep:
                return nopes.window_legal(self, step)
            if type(step) is TargetStep:
                return self._target_legal(step)
            if type(step) is GiveStep:
                return specials.give_legal(self, step)
            if type(step) is NameStep:
                return list(NAME_CHOICES)
        return self._turn_legal()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.cp is not CHANCE:
            return []
        cached = self._outcomes
        if cached is not None:
            return cached
        step = self.stack[-1]
        out: list[tuple[Action, float]]
        if type(step) is RollStep:
            out = list(act.ROLL_OUTCOMES[step.dice[len(step.results)]])
        elif type(step) is DrawStep:
            seg = self.pile[0]
            counts_by_kind = seg.counts
            assert counts_by_kind is not None, "a draw by chance is from a random segment"
            inv = 1.0 / len(seg.ids)
            # the kinds still in the segment and their shares, iterated in C (a hot path)
            out = list(
                zip(
                    compress(act.DRAW, counts_by_kind),
                    map(inv.__mul__, filter(None, counts_by_kind)),
                    strict=True,
                )
            )
        else:
            assert type(step) is TakeStep, "the chance steps: roll, draw, take"
            hand = self.hands[step.play.target]
            counts = Counter(self.kind[i] for i in hand)
            size = len(hand)
            out = [(act.TAKE[k], counts[k] / size) for k in sorted(counts)]
        self._outcomes = out
        return out

    def sample_chance(self) -> Action:
        """A draw sampled from the pile's counts without listing ``(outcome, share)``
        pairs or the outcomes: the same arithmetic over the same order as
        ``chance_outcomes``, so a seed draws what it always drew. Draws are one chance
        node for every two decisions, and listing 50-odd pairs for each was a fifth of
        a random game; the engine takes the sampled outcome as legal (``_sampled``)."""
        if self.cp is CHANCE and self._outcomes is None:
            step = self.stack[-1]
            if type(step) is RollStep:
                # the die's shared table, not the copy ``chance_outcomes`` keeps
                chosen = weighted_pick(
                    act.ROLL_OUTCOMES[step.dice[len(step.results)]], self.rng.random()
                )
                self._sampled = chosen
                return chosen
            if type(step) is DrawStep:
                seg = self.pile[0]
                counts = seg.counts
                assert counts is not None, "a draw by chance is from a random segment"
                inv = 1.0 / len(seg.ids)
                r = self.rng.random()
                acc = 0.0
                last = 0
                for k, c in enumerate(counts):  # kinds in order, iterated not indexed
                    if c:
                        last = k
                        acc += inv * c
                        if r < acc:
                            break
                chosen = act.DRAW[last]
                self._sampled = chosen
                return chosen
            if type(step) is TakeStep:
                # a blind take: the target's kinds, lowest first, each by its count over
                # the hand's size, as ``chance_outcomes`` lists them (no Counter, no pairs)
                hand = self.hands[step.play.target]
                kind = self.kind
                kinds = [kind[cid] for cid in hand]
                kinds.sort()
                size = len(kinds)
                r = self.rng.random()
                acc = 0.0
                i = 0
                k = kinds[0]
                while i < size:
                    k = kinds[i]
                    j = i + 1
                    while j < size and kinds[j] == k:
                        j += 1
                    acc += (j - i) / size
                    if r < acc:
                        break
                    i = j
                chosen = act.TAKE[k]
                self._sampled = chosen
                return chosen
        return super().sample_chance()

    def _apply(self, action: Action) -> None:
        self._outcomes = None
        stack = self.stack
        if stack:
            # each step's legal actions are of one kind, checked by apply_action
            step = stack[-1]
            if type(step) is RollStep:
                self._roll(step, cast(act.Roll, action).value)
            elif type(step) is DrawStep:
                self._draw_chance(step, cast(act.Draw, action).kind)
            elif type(step) is WindowStep:
                nopes.window_act(self, step, action)
            elif type(step) is TargetStep:
                step.play.target = cast(act.Target, action).seat
                stack.pop()
            elif type(step) is TakeStep:
                specials.take(self, step, cast(act.Take, action).kind)
            elif type(step) is GiveStep:
                specials.give(self, step, cast(act.Give, action).kind)
            elif type(step) is NameStep:
                named = cast(act.NameTop, action)
                transformation.name(self, named.value, named.red)
            else:
                raise AssertionError(f"no decision at {type(step).__name__}")
        else:
            self._apply_turn(action)
        self._advance()

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0] * self.n
        span = self.n - 1
        return [1.0 - 2.0 * (p - 1) / span for p in self.board.places]

    def interim_returns(self) -> list[float] | None:
        """Places decided so far, and an estimate for the seats still in.

        The seats still playing share the places still open, fewest cards
        first; a seat whose Plague count is below its hand size is expected to
        die and ranks after every seat that is not. Ties share the mean of
        their places. On ``returns()``'s scale (+1 first, -1 last); equal to it
        once the game is over.
        """
        if self.over:
            return self.returns()
        board = self.board
        places: list[float] = [float(p) for p in board.places]
        hands, plague = self.hands, self.plague
        alive = [s for s in range(self.n) if not board.places[s]]

        def key(s: int) -> tuple[int, int]:
            h = len(hands[s])
            doomed = 0 < plague[s] < h
            return (1, h - plague[s]) if doomed else (0, h)

        alive.sort(key=key)
        top = board.top
        i = 0
        while i < len(alive):
            j = i
            k = key(alive[i])
            while j + 1 < len(alive) and key(alive[j + 1]) == k:
                j += 1
            mean = top + (i + j) / 2
            for t in range(i, j + 1):
                places[alive[t]] = mean
            i = j + 1
        span = self.n - 1
        return [1.0 - 2.0 * (p - 1) / span for p in places]

    def statistics(self) -> dict[str, Any]:
        """Per-game figures for simulations: turns, and how often each combo, nope,
        nope chain, Plague infection and instant win happened."""
        stats: dict[str, Any] = {"turns": self.turns}
        game = cast(ChezRuleset, self.game)
        tally = self.tally
        for name in (
            "doubles",
            *(rule.name for rule in game.discard_rules),
            *(rule.name for rule in game.front_rules),
            *EVENT_NAMES,
        ):
            stats[name] = tally.get(name, 0)
        return stats

    def places(self) -> list[int] | None:
        return self.board.places[:] if self.over else None

    def _king(self, play: Pending, copies: int) -> None:
        """A King's swap (a Royal Court's too, which its rule module asks through the core)."""
        specials.king(self, play, copies)

    # ---- flow -------------------------------------------------------------------------
    def _advance(self) -> None:
        """Run automatic steps until a seat or chance must decide, or the game ends."""
        stack = self.stack
        while True:
            if self.over:
                self.cp = TERMINAL
                return
            if stack:
                step = stack[-1]
                who = self._run_step(step)
                if who is not None:
                    self.cp = who
                    return
                continue
            turn = self.turn
            if self.turn_done or not self.active[turn]:
                self._next_turn()
                continue
            if self._finish_empty_hands():
                continue
            if (
                not self.facing
                and not self.actions_left
                and (self.bonus_used or not self._bonus_possible())
            ):
                self._next_turn()
                continue
            self.cp = turn
            return

    def _run_step(self, step: Step) -> int | Marker | None:
        """Run the top step as far as it goes: the seat or chance to decide next, or None
        once it is done (popped). A chain of type tests rather than a table of methods,
        so that each runner is a direct call when compiled."""
        if type(step) is WindowStep:
            return nopes.run_window(self, step)
        if type(step) is DrawStep:
            return self._run_draw(step)
        if type(step) is ResolveStep:
            specials.run_resolve(self, step)
            return None
        if type(step) is RollStep:
            return self._run_roll(step)
        if type(step) is TargetStep:
            return self._run_target(step)
        if type(step) is TakeStep:
            return specials.run_take(self, step)
        if type(step) is GiveStep:
            return specials.run_give(self, step)
        if type(step) is FxStep:
            specials.run_fx(self, step)
            return None
        if type(step) is NameStep:
            return self._run_name(step)
        raise AssertionError(f"no runner for {type(step).__name__}")

    def _finish_empty_hands(self) -> bool:
        """Anyone still playing with an empty hand (and nothing pending) has finished."""
        # a loop rather than ``all()``: compiled, the builtin is a generic call that
        # asks each hand's truth, and this runs before every decision
        for hand in self.hands:
            if not hand:
                break
        else:
            return False
        n = self.n
        for i in range(n):
            q = (self.turn + i) % n
            if self.active[q] and not self.hands[q]:
                self._finish(q, "emptied their hand")
                return True
        return False

    def _bonus_possible(self) -> bool:
        """Whether a bonus action *could* exist, judged from public facts only.

        Deciding this from the hand itself would tell everyone whether the
        player holds a 7-8-9 or two Jokers; from hand size, Castles and the
        cards everyone has seen it leaks nothing, and ``end`` is offered when
        nothing is actually possible.
        """
        turn = self.turn
        size = len(self.hands[turn])
        if size == 0:
            return False
        unseen = self._unseen_by_rank()
        # a loop, not any(): a generator costs more than the checks on this hot path
        for front in cast(ChezRuleset, self.game).fronts:  # noqa: SIM110
            if front.possible(self, turn, size, unseen):
                return True
        return False

    def _unseen_by_rank(self) -> list[int]:
        """How many cards of each value (0: Jokers) nobody can see on the table (the
        state's own count: read it, never change it).

        Both discard piles only grow between reshuffles, so what they show is
        counted off the whole deck incrementally, in place; Castles are small and
        counted each time. Asked after every play, so with no Castle up the kept
        count itself is the answer and nothing is allocated.
        """
        if self._seen_pools != self.pools:
            self._unseen = list(self._full)
            self._seen_discard = self._seen_secondary = 0
            self._seen_pools = self.pools
        unseen = self._unseen
        kind = self.kind
        self._seen_discard = _count_off(unseen, kind, self.discard, self._seen_discard)
        self._seen_secondary = _count_off(unseen, kind, self.secondary, self._seen_secondary)
        castles = self.castle
        if castles.count(None) == len(castles):
            return unseen
        unseen = unseen[:]
        for c in castles:
            if c is not None:
                for cid in c.ids:
                    unseen[RANK[kind[cid]]] -= 1
        return unseen

    def _ace_may_be_hidden(self, spades_only: bool) -> bool:
        """Whether some hand may hold an Ace that could nope, from public facts only."""
        kind = self.kind
        if spades_only:
            seen = sum(1 for cid in self.discard if kind[cid] == ACE_OF_SPADES)
            seen += sum(1 for cid in self.secondary if kind[cid] == ACE_OF_SPADES)
            return seen < cast(ChezRuleset, self.game).decks
        return self._unseen_by_rank()[1] > 0

    def _next_active(self, seat: int) -> int:
        n, d, active = self.n, self.direction, self.active
        q = (seat + d) % n
        while not active[q] and q != seat:
            q = (q + d) % n
        return q

    def _next_turn(self) -> None:
        p = self.turn
        if self.active[p] and self.plague[p] and not self.infected_now[p]:
            self.plague[p] -= 1
            if self.plague[p] == 0:
                self._knock_out(p, "died of the Plague")
                if self.over:
                    return
        self.infected_now[p] = False
        self.turn = self._next_active(p)
        self.actions_left = 1
        self.bonus_used = False
        self.facing = self.joker_next
        self.joker_next = 0
        self.turn_done = False
        self.turns += 1

    def _log(self, *event: Any) -> None:
        self.events = (event, self.events)

    def _count(self, what: str) -> None:
        self.tally[what] = self.tally.get(what, 0) + 1

    # ---- zones ------------------------------------------------------------------------
    def _receive(self, seat: int, cid: int) -> None:
        """A drawn card arrives: in a hand (seen by its holder) or as the first top card."""
        if seat < 0:
            self.discard.append(cid)
            self.known[cid] = self.all_bits
            self.topkey = KEY_OF_KIND[self.kind[cid]]
            self.override = None
            self._log("top", self.kind[cid])
        else:
            self.hands[seat].append(cid)
            self.known[cid] |= 1 << seat

    def _to_secondary(self, ids: list[int]) -> None:
        everyone = self.all_bits
        for cid in ids:
            self.known[cid] = everyone
        self.secondary.extend(ids)

    def _pile_front(self) -> Seg | None:
        """The segment to draw from, reshuffling both discard piles when the pile is empty."""
        pile = self.pile
        while pile and not pile[0].ids:
            pile.pop(0)
        if pile:
            return pile[0]
        cards = self.discard[:-1] + self.secondary
        if not cards:
            return None
        self.discard = self.discard[-1:]
        self.secondary = []
        # Shuffled cards get fresh ids: everyone knows the new pile's cards but not which
        # is where, and the old ids keep the kinds they were seen with (records, deals).
        start = len(self.kind)
        self.kind = self.kind + tuple(self.kind[c] for c in cards)
        self.known += [0] * len(cards)
        self.pools += 1
        self.pool = self.pool + (self.pools,) * len(cards)
        fresh = range(start, start + len(cards))
        self.live = self.live.difference(cards).union(fresh)
        pile.append(Seg.shuffled(list(fresh), self.kind))
        self.pile_size = len(cards)
        self._log("reshuffle", len(cards))
        return pile[0]

    def _remove_kind(self, seat: int, k: int) -> int:
        hand = self.hands[seat]
        kind = self.kind
        for pos, cid in enumerate(hand):
            if kind[cid] == k:
                del hand[pos]
                return cid
        raise KeyError(k)

    def _remember(self, hand: list[int], kinds: frozenset[int], holds: bool) -> None:
        """Public play showed whether ``hand`` holds one of ``kinds``: the resampler keeps it so."""
        self.constraints = ((tuple(hand), kinds, holds), self.constraints)

    def _tag(self, cid: int, table: int) -> None:
        self.tags = ((self.move_number(), cid, table), self.tags)

    # ---- leaving the game -------------------------------------------------------------
    def _leave(self, seat: int) -> None:
        self.active[seat] = False
        self._to_secondary(self.hands[seat])
        self.hands[seat] = []
        castle = self.castle[seat]
        if castle is not None:
            self._to_secondary(castle.ids)
            self.castle[seat] = None
        self.plague[seat] = 0
        if seat == self.turn:
            self.stack.clear()
            self.turn_done = True

    def _knock_out(self, seat: int, why: str) -> None:
        place = self.board.knock_out(seat)
        self._log("out", seat, why, place)
        self._leave(seat)
        self._check_end()

    def _finish(self, seat: int, why: str) -> None:
        place = self.board.finish(seat)
        self._log("finish", seat, why, place)
        self._leave(seat)
        self._check_end()

    def _check_end(self) -> None:
        left = [q for q in range(self.n) if self.active[q]]
        if len(left) <= 1:
            for q in left:
                place = self.board.finish(q)
                self._log("finish", q, "was the last one left", place)
                self.active[q] = False
            self.over = True
            self.stack.clear()
            self.cp = TERMINAL


def _count_off(unseen: list[int], kind: tuple[int, ...], pile: list[int], upto: int) -> int:
    """Take the pile's cards past the first ``upto`` off ``unseen`` (by value); how many
    the pile holds now."""
    size = len(pile)
    for i in range(upto, size):
        unseen[RANK[kind[pile[i]]]] -= 1
    return size


# the statistics counted besides each combo's own (its rule's name)
EVENT_NAMES = (
    "castle_absorbed",
    "nope",
    "nope_chain",
    "plague",
    "instant_win",
)
NAME_CHOICES: tuple[Action, ...] = tuple(
    act.name_top(v, red) for v in range(1, 14) for red in (False, True)
)
