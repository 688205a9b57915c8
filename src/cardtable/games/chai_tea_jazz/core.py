"""The fields of a Chai Tea Jazz position, copied in one place, and the hooks between layers.

The tricks, the picking and the flow of rounds are layers of the state (so the
hot path stays plain attribute access), one chain of single inheritance (core,
tricks, picking, flow, state: compiled classes take one base); this class
declares every field once, so each layer is checked against the same state and
a field cannot drift between them. ``flow.ChaiTeaJazzFlow`` implements the
hooks; the views, refusals and resampler are typed against the layers, never
against ``state``, so nothing in the rules imports upward.
"""

from __future__ import annotations

import copy
from typing import Any, Self

from mypy_extensions import mypyc_attr

from cardtable.engine.game import Marker, State
from cardtable.games.chai_tea_jazz import actions as act
from cardtable.games.chai_tea_jazz.deals import parse_deal
from cardtable.games.chai_tea_jazz.phases import Phase
from cardtable.games.chai_tea_jazz.records import RoundRecord, RoundSummary, Trick
from cardtable.games.chai_tea_jazz.tables import ChaiTeaJazzTables


# compiled, a class that allows interpreted subclasses allocates in ``cls.__new__``
# without running ``__init__`` (what ``_copy`` and unpickling need: the server pickles
# states); every class of the state's line says so, since the flag is not inherited
@mypyc_attr(allow_interpreted_subclasses=True)
class ChaiTeaJazzCore(State[ChaiTeaJazzTables]):
    # ---- the game so far (kept across rounds) --------------------------------------
    explicit: tuple[tuple[int, ...], ...]  # an explicit deal's slots, round by round
    open_rows: list[list[bool]]  # per side, per row: not completed yet
    row_score: list[list[int | None]]  # per row, per side
    row_order: list[list[int | None]]  # per row, per side: the order it completed the row
    row_points: list[list[int] | None]  # per row: game points once every side completed it
    completions: list[int]  # per row: sides that completed it
    game_points: list[int]  # per side
    finish: list[int | None]  # per side: the order it completed every row
    finished: int  # sides that completed every row
    round_no: int
    barrel: int  # the seat holding the Barrel
    round_summaries: tuple[RoundSummary, ...]
    old_events: tuple[tuple[Any, ...], ...]  # events of earlier rounds
    old_log: tuple[int, tuple[str, ...]]  # public_log lines of the first old_events
    events: list[tuple[Any, ...]]  # events of this round
    result: tuple[int, ...] | None  # sides best first, at the end
    finished_round: RoundRecord | None  # shown until the next round's first decision
    deal_start: int  # move number of this round's first deal
    digest: int  # a running hash of the public events: every decision, the aside shown
    # ---- the deal ------------------------------------------------------------------
    phase: Phase
    cp: int | Marker
    remaining: int  # cards still to deal
    deal_left: list[int] | None  # distinct-card decks: the cards left, in outcome order
    deal_at: int  # the place in ``deal_left`` of the card just sampled (-1: none)
    undealt_counts: dict[int, int]  # decks with twins or Jokers: the cards left
    slots: list[int]  # the cards dealt so far, in the layout's order
    hands: list[list[int]]
    up: list[list[int]]  # two players: face-up straw per seat and stack (-1: taken)
    down: list[list[int]]  # two players: face-down straw (-1: turned up)
    aside: list[int]  # two players: the set-aside cards
    # ---- picking -------------------------------------------------------------------
    passed: list[bool]  # per seat: has passed (Hard Pass)
    cb: int  # the seat holding the Current Bet, -1 for none
    cb_pick: act.Pick | None  # the Current Bet
    forced: bool  # everyone passed: the Barrel holder must pick
    offer: int  # Passing the Barrel: the offer on the table
    responders: list[int]  # Passing the Barrel: seats still to answer the offer
    declarer: int
    pick: act.Pick | None  # the declared contract
    bonus: int  # an accepted Barrel offer
    # ---- tricks --------------------------------------------------------------------
    trump: int  # trump suit, -1 for none
    order: tuple[int, ...]  # the strength direction of every trick
    strength: tuple[int, ...]  # rank -> strength in the current trick
    trick_no: int
    led: int  # the suit led, -1 before the lead
    trick_seats: list[int]
    trick_cards: list[int]
    best_key: int  # the winning card's key so far (see ``tricks``)
    best_seat: int
    points: list[int]  # per seat: card points captured this round
    tricks_won: list[int]
    captured: list[list[int]]
    void: list[int]  # per seat: bit mask of the suits it showed out of
    flips: list[tuple[int, int]]  # straw stacks to turn up after this trick
    tricks_log: list[Trick]
    aside_taken: list[tuple[int, int]]  # two players: (seat, card) of the set-aside cards

    def __init__(self, game: ChaiTeaJazzTables, seed: int | None, deal: Any) -> None:
        """The game so far; ``flow._start_round`` sets the round's fields."""
        super().__init__(game, seed, deal)
        sides = game.num_sides
        self.explicit = tuple(tuple(r) for r in parse_deal(game, deal)) if deal is not None else ()
        rows = len(game.rows)
        self.open_rows = [[True] * rows for _ in range(sides)]
        self.row_score = [[None] * sides for _ in range(rows)]
        self.row_order = [[None] * sides for _ in range(rows)]
        self.row_points = [None] * rows
        self.completions = [0] * rows
        self.game_points = [0] * sides
        self.finish = [None] * sides
        self.finished = 0
        self.round_no = 0
        self.barrel = 0
        self.round_summaries = ()
        # events of earlier rounds (immutable, shared by clones) and of this round
        self.old_events = ()
        self.old_log = (0, ())  # public_log lines of old_events
        self.events = []
        self.result = None
        # the round just played, shown until the next round's first decision
        self.finished_round = None
        self.deal_start = 0
        self.digest = 0

    @property
    def undealt(self) -> dict[int, int]:
        """Cards still to be dealt this round, with their counts."""
        if self.deal_left is not None:
            return dict.fromkeys(self.deal_left, 1)
        return self.undealt_counts

    def _copy(self) -> Self:
        """Every field that is ever changed in place is copied; the rest is immutable.

        Immutable by construction: ints, enums, tuples (``explicit``, ``order``,
        ``strength``, ``old_events``, ``old_log``, ``round_summaries``, ``result``),
        frozen records (``finished_round``) and actions (``pick``, ``cb_pick``).
        The lists below hold ints, bools, ``None``, tuples or lists of ints, each copied
        to its last list. ``deal`` is the caller's JSON and is copied whole.
        """
        # field by field, not through ``__dict__``: compiled instances have native fields
        # (the engine's ``clone`` replaces ``rng``, ``_history`` and ``_legal``)
        cls = type(self)
        other = cls.__new__(cls)
        other.game = self.game
        other.seed = self.seed
        other._rng = self._rng
        other._rng_state = self._rng_state
        other._history = self._history
        other._legal = self._legal
        other.explicit = self.explicit
        other.barrel = self.barrel
        other.round_no = self.round_no
        other.finished = self.finished
        other.round_summaries = self.round_summaries
        other.old_events = self.old_events
        other.old_log = self.old_log
        other.result = self.result
        other.finished_round = self.finished_round
        other.deal_start = self.deal_start
        other.digest = self.digest
        other.phase = self.phase
        other.cp = self.cp
        other.remaining = self.remaining
        other.deal_left = self.deal_left
        other.cb = self.cb
        other.cb_pick = self.cb_pick
        other.forced = self.forced
        other.offer = self.offer
        other.declarer = self.declarer
        other.pick = self.pick
        other.bonus = self.bonus
        other.trump = self.trump
        other.order = self.order
        other.strength = self.strength
        other.trick_no = self.trick_no
        other.led = self.led
        other.best_key = self.best_key
        other.best_seat = self.best_seat
        other.deal = copy.deepcopy(self.deal) if self.deal is not None else None
        other.open_rows = [r[:] for r in self.open_rows]
        other.row_score = [r[:] for r in self.row_score]
        other.row_order = [r[:] for r in self.row_order]
        other.row_points = [None if p is None else p[:] for p in self.row_points]
        other.completions = self.completions[:]
        other.game_points = self.game_points[:]
        other.finish = self.finish[:]
        other.events = self.events[:]
        other.undealt_counts = self.undealt_counts.copy()
        other.deal_at = self.deal_at
        if self.deal_left is not None:
            other.deal_left = self.deal_left[:]
        other.slots = self.slots[:]
        other.hands = [h[:] for h in self.hands]
        other.up = [u[:] for u in self.up]
        other.down = [x[:] for x in self.down]
        other.aside = self.aside[:]
        other.passed = self.passed[:]
        other.responders = self.responders[:]
        other.trick_seats = self.trick_seats[:]
        other.trick_cards = self.trick_cards[:]
        other.points = self.points[:]
        other.tricks_won = self.tricks_won[:]
        other.captured = [c[:] for c in self.captured]
        other.void = self.void[:]
        other.flips = self.flips[:]
        other.tricks_log = self.tricks_log[:]
        other.aside_taken = self.aside_taken[:]
        return other

    # ---- hooks one layer calls in another -------------------------------------------
    def _declare(self, seat: int, pick: act.Pick, bonus: int) -> None:
        """The contract is declared: the tricks begin."""
        raise NotImplementedError

    def _finish_round(self) -> None:
        """The last trick is played: score the round, start the next or end."""
        raise NotImplementedError


__all__ = ["ChaiTeaJazzCore"]
