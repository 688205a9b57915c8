"""The fields of a Chai Tea Jazz position and the hooks one rule module calls in another.

The picking and the tricks are layers of the state (so the hot path stays plain
attribute access), one chain of single inheritance (core, tricks, picking,
state: compiled classes take one base); this class declares every field
once, so each layer is checked against the same state and a field cannot drift
between them. ``state.ChaiTeaJazzState`` sets the fields and implements the
hooks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from cardtable.engine.game import Marker, State
from cardtable.games.chai_tea_jazz import actions as act
from cardtable.games.chai_tea_jazz.phases import Phase
from cardtable.games.chai_tea_jazz.records import RoundRecord, RoundSummary, Trick

if TYPE_CHECKING:
    # named by the base class below as a string, which the linter does not read
    from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame  # noqa: F401


# compiled, a class that allows interpreted subclasses allocates in ``cls.__new__``
# without running ``__init__`` (what ``_copy`` and unpickling need: the server pickles
# states); every class of the state's line says so, since the flag is not inherited
@mypyc_attr(allow_interpreted_subclasses=True)
class ChaiTeaJazzCore(State["ChaiTeaJazzGame"]):
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
    deal_left: dict[int, act.Deal] | None  # distinct-card decks: the outcomes left
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

    # ---- hooks one mixin calls in another ------------------------------------------
    def _declare(self, seat: int, pick: act.Pick, bonus: int) -> None:
        """The contract is declared: the tricks begin."""
        raise NotImplementedError

    def _finish_round(self) -> None:
        """The last trick is played: score the round, start the next or end."""
        raise NotImplementedError


__all__ = ["ChaiTeaJazzCore"]
