"""``ContestCore``: every field of a Contest position, declared and copied in one place.

The rules live in layers over this class (``view``, then ``flow``) and in rule modules
(``rules/``: the consequences, the call ban) that all read and write this class, so each is
type-checked against the same fields; ``ContestState`` joins them.

Every physical card is an id ``0..size-1`` per seat (its place in the shuffled
pile), so where each card is can be followed from public actions alone; only
which piece an id is may be hidden. That makes the resampler exact: re-deal the
pieces of the ids a seat has never seen.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, Final, NamedTuple, Self

from mypy_extensions import mypyc_attr

from cardtable.engine.game import Game, Marker, State
from cardtable.games.contest.deals import SEAT_KEYS, PileRules, parse_deal
from cardtable.games.contest.phases import DEAL, OVER

CHANCE: Final = Marker.CHANCE
TERMINAL: Final = Marker.TERMINAL


class RoundResult(NamedTuple):
    """The last finished duel, as the views show it (immutable: clones share it)."""

    round: int  # 1-based
    declared: tuple[int, int]  # pieces, Black's then White's
    called_by: int | None
    revealed: tuple[int, int] | None  # the true pieces, after a reveal
    winner: int | None  # None: a tie


# compiled, a class that allows interpreted subclasses allocates in ``cls.__new__``
# without running ``__init__`` (what ``_copy`` and unpickling need: the server pickles
# states); every class of the state's line says so, since the flag is not inherited
@mypyc_attr(allow_interpreted_subclasses=True)
class ContestCore(State):
    """The fields of a position; the rule modules change them, ``_copy`` copies them."""

    def __init__(self, game: Game, rules: PileRules, seed: int | None, deal: Any) -> None:
        super().__init__(game, seed, deal)
        # shared, immutable: the settings
        self.rules = rules
        self.max_rounds: int = game.settings["max_rounds"]
        size = self.size = rules.size
        self.counts = rules.counts
        # per seat (index 0 Black, 1 White), copied by ``_copy``:
        # the piece of every card id, -1 until dealt
        self.piece: list[list[int]] = [[-1] * size, [-1] * size]
        self.main: list[deque[int]] = [deque(range(size)), deque(range(size))]
        self.defeated: list[list[int]] = [[], []]
        # what each defeated card was declared as when it lost, parallel to ``defeated``
        self.defeated_as: list[list[int]] = [[], []]
        self.table: list[list[int]] = [[], []]
        self.table_as: list[list[int]] = [[], []]
        # known[seat][owner]: the ids of ``owner``'s cards whose piece ``seat`` has seen
        self.known: list[list[set[int]]] = [[set(), set()], [set(), set()]]
        # pieces not yet dealt, per seat and piece (chance probabilities)
        self.deal_left: list[list[int]] = [list(self.counts), list(self.counts)]
        # the declarations of round ``declared_round`` (0-based; -1: none yet), kept after
        # the round until the next round's first declaration
        self.declared: list[int] = [-1, -1]
        # the ``top`` consequence: shown this round / to be shown at the next draw
        self.shown_now = [False, False]
        self.show_next = [False, False]
        # the call ban: wrong calls in a row, banned this round, banned next round
        self.wrong_streak = [0, 0]
        self.banned = [False, False]
        self.ban_next = [False, False]
        self.events: list[tuple[Any, ...]] = []  # the public log; its entries are tuples
        # the game's consequences' hooks at each draw (``rules``), read once per game
        # rather than asked of the registry every round (shared, immutable)
        self.draw_hooks: tuple[Callable[[ContestCore], None], ...] = ()
        # scalars and immutable values
        self.dealt = 0
        self.round = 0  # 0-based; tie-break rounds count
        self.first = 0  # the first declarer of this round
        self.phase = DEAL
        self.cp: int | Marker = CHANCE
        self.declared_round = -1
        self.taker = -1  # the seat choosing a consequence, or -1
        self.winner: int | None = None
        self.end_reason = ""
        self.last_round: RoundResult | None = None
        if deal is not None:
            self.piece = parse_deal(deal, self.counts, size)
            # the record's own copy: a caller changing its dict changes nothing here
            self.deal = {key: list(deal[key]) for key in SEAT_KEYS}
            self.dealt = 2 * size

    def current_player(self) -> int | Marker:
        return self.cp

    def returns(self) -> list[float]:
        if self.phase is not OVER or self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def known_tail(self, seat: int) -> list[int]:
        """The pieces at the bottom of ``seat``'s main pile that it knows, the last first
        (what its view, its digest and its RL tensor show of that pile)."""
        pieces = self.piece[seat]
        mine = self.known[seat][seat]
        tail: list[int] = []
        for card in reversed(self.main[seat]):
            if card not in mine:
                break
            tail.append(pieces[card])
        return tail

    def _end(self, winner: int | None, reason: str) -> None:
        self.winner = winner
        self.end_reason = reason
        self.phase = OVER
        self.cp = TERMINAL
        self.events.append(("end", winner, reason))

    def _copy(self) -> Self:
        """Every field set one by one (compiled instances have no ``__dict__``): the
        mutable ones copied, the rest immutable and shared.

        The engine's own fields (history, RNG, cached legal actions) are set by ``clone``.
        """
        cls = type(self)
        other = cls.__new__(cls)
        # the engine's fields; ``clone`` sets the history, the RNG and the legal actions
        other.game = self.game
        other.seed = self.seed
        deal = self.deal
        other.deal = None if deal is None else {key: list(cards) for key, cards in deal.items()}
        # shared, immutable
        other.rules = self.rules
        other.max_rounds = self.max_rounds
        other.size = self.size
        other.counts = self.counts
        other.dealt = self.dealt
        other.round = self.round
        other.first = self.first
        other.phase = self.phase
        other.cp = self.cp
        other.declared_round = self.declared_round
        other.taker = self.taker
        other.winner = self.winner
        other.end_reason = self.end_reason
        other.last_round = self.last_round
        other.draw_hooks = self.draw_hooks
        # mutable: copied
        piece, main, known = self.piece, self.main, self.known
        other.piece = [piece[0][:], piece[1][:]]
        other.main = [main[0].copy(), main[1].copy()]
        other.defeated = [self.defeated[0][:], self.defeated[1][:]]
        other.defeated_as = [self.defeated_as[0][:], self.defeated_as[1][:]]
        other.table = [self.table[0][:], self.table[1][:]]
        other.table_as = [self.table_as[0][:], self.table_as[1][:]]
        other.known = [
            [known[0][0].copy(), known[0][1].copy()],
            [known[1][0].copy(), known[1][1].copy()],
        ]
        other.deal_left = [self.deal_left[0][:], self.deal_left[1][:]]
        other.declared = self.declared[:]
        other.shown_now = self.shown_now[:]
        other.show_next = self.show_next[:]
        other.wrong_streak = self.wrong_streak[:]
        other.banned = self.banned[:]
        other.ban_next = self.ban_next[:]
        other.events = self.events[:]
        return other
