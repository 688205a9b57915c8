"""Double-dummy solver for the tricks of one Chai Tea Jazz round.

Given a full-information position (every hand known: a real deal in analysis,
a sampled one inside the PIMC bot), it finds the points the declaring side
captures from here on when every seat plays perfectly: the declaring side
maximises, the others minimise. Points are the odd cards' ranks plus the
last-trick bonus; Bet Debt and a Barrel offer are constants of the round and
do not change which card is best, so the solver leaves them out and
``round_score`` adds them back.

Why these techniques (the ones double-dummy bridge and skat solvers use):

* **Alpha-beta over plies, a transposition table at trick boundaries.** What
  the rest of a round is worth depends only on the cards left in each hand and
  on who leads, never on how they got there, so each trick start is stored
  with the lower and upper bounds found for it and many move orders collapse
  into one entry.
* **Equivalent cards.** Two cards of one suit in one hand with no other
  card still in play ranked between them (in the contract's orders) and equal
  points win and lose exactly the same tricks, so only one is searched.
* **Move ordering.** Cards that take the trick first (the cheapest winner when
  an opponent is winning, the richest card when a partner is), then the
  cheapest losers, so the first move tried is usually the best and most
  siblings are cut.
* **Quick bounds.** The rest of a round can never give more than the points
  still in play plus the last-trick bonus, nor less than nothing.

Cards are bitmasks over the card codes of ``cards`` (``suit << 4 | rank``);
the solver handles decks of distinct cards without straw piles: three players
and four-player teams. The two-player straw piles (cards turned up between
tricks) and the six-player decks (two Jokers, twin cards) are not solved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, cast

from cardtable.games.chai_tea_jazz.cards import MIDDLE, POINTS, strength_table
from cardtable.games.chai_tea_jazz.phases import Phase

if TYPE_CHECKING:
    from cardtable.games.chai_tea_jazz.state import ChaiTeaJazzState

# ``Final`` so that the compiled build inlines them into the search
TRUMP_KEY: Final = 500
LED_KEY: Final = 100
INF: Final = 1 << 20


class UnsolvableRound(ValueError):
    """The position is not one the solver handles (straw piles, twin cards, not in the tricks)."""


def solvable(state: ChaiTeaJazzState) -> bool:
    """Whether ``state`` is in the tricks of a round the solver can search."""
    game = state.game
    return (
        state.phase == Phase.PLAY
        and state.pick is not None
        and not game.straw
        and game.distinct
        and state.trick_no < game.tricks
    )


@dataclass(frozen=True, slots=True)
class Position:
    """A trick-phase position with every hand known: all the solver needs.

    ``hands`` are bitmasks of card codes; ``table`` the cards already played to
    the current trick (in order, led first); ``leader`` who led it.
    """

    hands: tuple[int, ...]
    leader: int
    trick_no: int
    table: tuple[int, ...]
    trump: int
    directions: tuple[int, ...]
    declaring: tuple[bool, ...]
    top: int
    last_bonus: int

    @classmethod
    def from_state(cls, state: ChaiTeaJazzState) -> Position:
        if not solvable(state):
            raise UnsolvableRound(
                f"no trick position to solve at {state.where()}: the solver needs the tricks "
                "of a round with a distinct-card deck and no straw piles (3 or 4 players)"
            )
        game = state.game
        hands = tuple(sum(1 << c for c in hand) for hand in state.hands)
        side = game.side_of[state.declarer]
        leader = state.trick_seats[0] if state.trick_seats else cast(int, state.cp)
        return cls(
            hands=hands,
            leader=leader,
            trick_no=state.trick_no,
            table=tuple(state.trick_cards),
            trump=state.trump,
            directions=tuple(state.order),
            declaring=tuple(game.side_of[s] == side for s in range(game.num_players)),
            top=game.top,
            last_bonus=game.last_bonus,
        )

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.table)) % len(self.hands)

    def __reduce__(self) -> tuple[type[Position], tuple[object, ...]]:
        # a compiled frozen class refuses the attribute writes of default unpickling
        return (
            Position,
            (
                self.hands,
                self.leader,
                self.trick_no,
                self.table,
                self.trump,
                self.directions,
                self.declaring,
                self.top,
                self.last_bonus,
            ),
        )


class Solver:
    """Alpha-beta with a transposition table; one instance per contract and deal family.

    The table is keyed by hands and leader, which also fix the trick number, so
    one solver may be reused for every position of the same contract (the PIMC
    bot reuses one per decision). ``nodes`` counts plies searched.
    """

    def __init__(
        self,
        trump: int,
        directions: Sequence[int],
        declaring: Sequence[bool],
        top: int,
        last_bonus: int,
        horizon: int | None = None,
    ) -> None:
        self.trump = trump
        self.horizon = horizon
        self.n = len(declaring)
        self.declaring = tuple(declaring)
        self.tricks = len(directions)
        self.last_bonus = last_bonus
        self.top = top
        self.tables = [strength_table(d, top) for d in directions]
        # the rank order in which "nothing between two cards" is judged: rank order
        # serves High and Low alike; a Middle contract has its own
        uses_middle = MIDDLE in directions
        order_table = strength_table(MIDDLE, top) if uses_middle else strength_table(0, top)
        self.rank_order = sorted(range(1, top + 1), key=lambda r: order_table[r])
        self.suit_mask = [sum(1 << (s << 4 | r) for r in range(1, top + 1)) for s in range(4)]
        # hands + leader -> (lower bound, upper bound, best lead found)
        self.tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.weights = [self._weights(t) for t in self.tables] if horizon is not None else []
        self.first = -1  # the lead to try first at the next trick start (from the table)
        self.lead = -1  # the best lead of the trick start searched last
        self.nodes = 0

    @classmethod
    def for_position(cls, pos: Position, depth: int | None = None) -> Solver:
        """A solver for ``pos``'s contract; with ``depth``, only that many tricks are searched.

        Past the horizon the rest of the round is estimated (``estimate``), which
        is what makes the early tricks affordable for a bot.
        """
        horizon = None if depth is None else pos.trick_no + depth
        return cls(pos.trump, pos.directions, pos.declaring, pos.top, pos.last_bonus, horizon)

    # ---- public ------------------------------------------------------------------
    def value(self, pos: Position) -> int:
        """Points the declaring side takes from the rest of the round with best play."""
        upper = self._points_left(pos.hands, pos.table) + self.last_bonus
        return self._bisect(lambda a, b: self._start(pos, a, b), 0, upper)

    def _bisect(self, search: Callable[[int, int], int], lo: int, hi: int) -> int:
        """The exact value in [lo, hi] by null-window searches (MTD-style bisection).

        A null window ``(x - 1, x)`` only asks "at least x?", which cuts far more
        than a full window, and the bounds each test leaves in the table make the
        next test cheaper.
        """
        while lo < hi:
            x = (lo + hi + 1) // 2
            v = search(x - 1, x)
            if v >= x:
                lo = v
            else:
                hi = v
        return lo

    def move_values(self, pos: Position) -> dict[int, int]:
        """For every card the seat to play may play: the round's remaining value after it.

        Exact for every card (each is searched with a full window), which is what
        analysis and averaging over sampled deals need.
        """
        seat = pos.to_play
        upper = self._points_left(pos.hands, pos.table) + self.last_bonus
        out: dict[int, int] = {}
        led, best_key, best_seat = self._trick_so_far(pos)
        hands = list(pos.hands)
        rep = self._groups(hands, seat, pos.table)
        for card in self._moves(hands, seat, led, pos.table, best_key, best_seat, pos.trick_no):
            hands[seat] &= ~(1 << card)
            out[card] = self._after(hands, pos, card, seat, led, best_key, best_seat, 0, upper)
            hands[seat] |= 1 << card
        # a card equivalent to a searched one has its value
        return {card: out[rep[card]] for card in self._legal(hands, seat, led)}

    # ---- search ------------------------------------------------------------------
    def _trick_so_far(self, pos: Position) -> tuple[int, int, int]:
        led, best_key, best_seat = -1, -1, -1
        table = self.tables[pos.trick_no]
        for i, card in enumerate(pos.table):
            suit = card >> 4
            if led < 0:
                led = suit
            key = self._key(card, led, table)
            if key >= best_key:
                best_key, best_seat = key, (pos.leader + i) % self.n
        return led, best_key, best_seat

    def _key(self, card: int, led: int, table: tuple[int, ...]) -> int:
        suit = card >> 4
        if suit == self.trump:
            return TRUMP_KEY + table[card & 15]
        if suit == led:
            return LED_KEY + table[card & 15]
        return 0

    def _start(self, pos: Position, alpha: int, beta: int) -> int:
        if not pos.table:
            return self._trick(list(pos.hands), pos.leader, pos.trick_no, alpha, beta)
        led, best_key, best_seat = self._trick_so_far(pos)
        return self._ply(
            list(pos.hands),
            pos.trick_no,
            pos.leader,
            list(pos.table),
            led,
            best_key,
            best_seat,
            alpha,
            beta,
        )

    def _after(
        self,
        hands: list[int],
        pos: Position,
        card: int,
        seat: int,
        led: int,
        best_key: int,
        best_seat: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Value once ``seat`` has played ``card`` (already taken out of ``hands``)."""
        if led < 0:
            led = card >> 4
        key = self._key(card, led, self.tables[pos.trick_no])
        if key >= best_key:
            best_key, best_seat = key, seat
        table = [*pos.table, card]
        return self._ply(
            hands, pos.trick_no, pos.leader, table, led, best_key, best_seat, alpha, beta
        )

    def _points_left(self, hands: Sequence[int], table: Sequence[int]) -> int:
        total = sum(POINTS[c] for c in table)
        for h in hands:
            while h:
                low = h & -h
                total += POINTS[low.bit_length() - 1]
                h ^= low
        return total

    def _weights(self, table: tuple[int, ...]) -> list[float]:
        out = [0.0] * 64
        for suit in range(4):
            for rank in range(1, self.top + 1):
                w = (table[rank] / self.top) ** 4
                out[suit << 4 | rank] = 0.5 + w if suit == self.trump else w
        return out

    def estimate(self, hands: Sequence[int], trick_no: int) -> int:
        """A guess at the declaring side's share of the rest: its share of the strength.

        Each card weighs its strength in the next trick's order to the fourth power
        (only the top cards take tricks), trumps more; the declaring side is
        credited with that share of the points and of the last-trick bonus.
        """
        weights = self.weights[trick_no]
        mine = 0.0
        total = 0.0
        points = 0
        for seat, hand in enumerate(hands):
            weight = 0.0
            h = hand
            while h:
                low = h & -h
                card = low.bit_length() - 1
                h ^= low
                points += POINTS[card]
                weight += weights[card]
            total += weight
            if self.declaring[seat]:
                mine += weight
        share = mine / total if total else 0.0
        return round(share * (points + self.last_bonus))

    def _trick(self, hands: list[int], leader: int, trick_no: int, alpha: int, beta: int) -> int:
        """Value of the tricks from ``trick_no`` on, ``leader`` to lead; TT-backed."""
        if trick_no == self.tricks:
            return 0
        if self.horizon is not None and trick_no >= self.horizon:
            return self.estimate(hands, trick_no)
        key = (*hands, leader)
        tt = self.tt
        lo, hi, first = tt.get(key, (0, INF, -1))
        if hi == INF:
            hi = self._points_left(hands, ()) + self.last_bonus
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a = alpha if alpha > lo else lo
        b = beta if beta < hi else hi
        if a >= b:
            return a
        self.first = first
        v = self._ply(hands, trick_no, leader, [], -1, -1, -1, a, b)
        if v <= a:
            hi = v
        elif v >= b:
            lo = v
        else:
            lo = hi = v
        tt[key] = (lo, hi, self.lead)
        return v

    def _ply(
        self,
        hands: list[int],
        trick_no: int,
        leader: int,
        table: list[int],
        led: int,
        best_key: int,
        best_seat: int,
        alpha: int,
        beta: int,
    ) -> int:
        n = self.n
        if len(table) == n:
            winner = best_seat
            gain = sum([POINTS[c] for c in table])
            if trick_no + 1 == self.tricks:
                gain += self.last_bonus
            if not self.declaring[winner]:
                gain = 0
            return gain + self._trick(hands, winner, trick_no + 1, alpha - gain, beta - gain)
        self.nodes += 1
        seat = (leader + len(table)) % n
        maximising = self.declaring[seat]
        strength = self.tables[trick_no]
        best = -INF if maximising else INF
        moves = self._moves(hands, seat, led, table, best_key, best_seat, trick_no)
        leading = not table
        if leading:
            first = self.first
            if first in moves:
                moves.remove(first)
                moves.insert(0, first)
            best_card = moves[0]
        for card in moves:
            bit = 1 << card
            hands[seat] ^= bit
            new_led = card >> 4 if led < 0 else led
            k = self._key(card, new_led, strength)
            if k >= best_key:
                nk, ns = k, seat
            else:
                nk, ns = best_key, best_seat
            table.append(card)
            v = self._ply(hands, trick_no, leader, table, new_led, nk, ns, alpha, beta)
            table.pop()
            hands[seat] ^= bit
            if maximising:
                if v > best:
                    best = v
                    if leading:
                        best_card = card
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if leading:
                    best_card = card
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if leading:
            self.lead = best_card
        return best

    # ---- moves -------------------------------------------------------------------
    def _legal(self, hands: Sequence[int], seat: int, led: int) -> list[int]:
        """Must follow; may trump when not following trump; must trump when trump is led."""
        hand = hands[seat]
        if led >= 0:
            follow = hand & self.suit_mask[led]
            if follow:
                trump = self.trump
                if trump >= 0 and led != trump:
                    hand = follow | (hand & self.suit_mask[trump])
                else:
                    hand = follow
        out = []
        while hand:
            low = hand & -hand
            out.append(low.bit_length() - 1)
            hand ^= low
        return out

    def _groups(self, hands: Sequence[int], seat: int, table: Sequence[int]) -> dict[int, int]:
        """Card -> representative: equal-point cards of one run in the rank order."""
        alive = 0
        for h in hands:
            alive |= h
        for c in table:
            alive |= 1 << c
        mine = hands[seat]
        rep: dict[int, int] = {}
        for suit in range(4):
            if not mine & self.suit_mask[suit]:
                continue
            run: dict[int, int] = {}
            for rank in self.rank_order:
                card = suit << 4 | rank
                bit = 1 << card
                if mine & bit:
                    first = run.setdefault(POINTS[card], card)
                    rep[card] = first
                elif alive & bit:
                    run = {}
        return rep

    def _moves(
        self,
        hands: Sequence[int],
        seat: int,
        led: int,
        table: Sequence[int],
        best_key: int,
        best_seat: int,
        trick_no: int,
    ) -> list[int]:
        """Legal cards, one per equivalence class, the likely best first."""
        legal = self._legal(hands, seat, led)
        if len(legal) > 1:
            rep = self._groups(hands, seat, table)
            legal = [c for c in legal if rep[c] == c]
        if len(legal) < 2:
            return legal
        strength = self.tables[trick_no]
        trump = self.trump
        if led < 0:
            # lead: strong cards first (they take points or force them out), then rich ones
            def lead_order(c: int) -> tuple[int, int]:
                return (-(strength[c & 15] + (self.top if c >> 4 == trump else 0)), -POINTS[c])

            legal.sort(key=lead_order)
            return legal
        friendly = self.declaring[best_seat] == self.declaring[seat]
        pot = sum([POINTS[c] for c in table])

        def follow_order(c: int) -> tuple[int, int]:
            k = self._key(c, led, strength)
            wins = k >= best_key
            if friendly:
                # partner winning: give points, keep strength
                return (0 if not wins else 1, -POINTS[c] * 16 + k % 100)
            if wins:
                return (0, k - (POINTS[c] * 16 if pot else 0))
            return (1, POINTS[c] * 16 + k % 100)

        legal.sort(key=follow_order)
        return legal


def round_score(state: ChaiTeaJazzState, remaining: int) -> int:
    """The declarer's round score when the rest of the round is worth ``remaining``."""
    game = state.game
    side = game.side_of[state.declarer]
    captured = sum(state.points[m] for m in game.members[side])
    pick = state.pick
    assert pick is not None
    return captured + remaining - pick.debt + state.bonus


def solve(state: ChaiTeaJazzState) -> tuple[int, Solver]:
    """The declaring side's points from the rest of the round, and the solver (for ``nodes``)."""
    pos = Position.from_state(state)
    solver = Solver.for_position(pos)
    return solver.value(pos), solver
