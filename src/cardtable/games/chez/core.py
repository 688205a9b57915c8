"""``ChezCore``: every field of a Chez position, declared and copied (``_copy``) in one
place, and the helpers the rule modules share, so that each layer and each rule
module (``rules/``) is type-checked against the same state and imports nothing above it.

The rules live in layers of the state, one chain of single inheritance (a
compiled class takes one base): ``view``, then ``plays``, ``turn``, ``flow``
and ``state``, each deriving from the one before; ``specials`` and ``nopes``
are modules of functions over this class, which the flow calls. Every field is
declared here, once, so no layer retypes one. A method that one layer
implements and an earlier layer (or a rule or function module) calls is
declared here as a stub that a later layer overrides, so each call is checked
against one signature and dispatched to the one implementation."""

from __future__ import annotations

import copy
from typing import Any, Self

from mypy_extensions import mypyc_attr

from cardtable.engine.game import Action, Marker, State
from cardtable.engine.steps import Step, copy_stack
from cardtable.games.chez.leaderboard import Leaderboard
from cardtable.games.chez.piles import Castle, Seg
from cardtable.games.chez.steps import Pending, RollPurpose

# the last roll: who rolled, what for, the dice and their results
RollFacts = tuple[int, RollPurpose, tuple[int, ...], tuple[int, ...]]


# compiled, a class that allows interpreted subclasses allocates in ``cls.__new__``
# without running ``__init__`` (what ``_copy`` and unpickling need: the server pickles
# states); every class of the state's line says so, since the flag is not inherited
@mypyc_attr(allow_interpreted_subclasses=True)
class ChezCore(State):
    n: int
    all_bits: int
    # the rules switched on by the game's settings (combo names)
    switched_on: frozenset[str]
    nope_everyone: bool
    board: Leaderboard
    active: list[bool]
    hands: list[list[int]]
    discard: list[int]
    secondary: list[int]
    pile: list[Seg]
    pile_size: int
    topkey: int
    override: tuple[int, bool] | None
    direction: int
    turn: int
    actions_left: int
    bonus_used: bool
    facing: int
    joker_next: int
    turn_done: bool
    turns: int
    plague: list[int]
    infected_now: list[bool]
    castle: list[Castle | None]
    stack: list[Step]
    over: bool
    cp: int | Marker
    # persistent (cons) lists: cheap to share between clones
    constraints: tuple[Any, ...] | None
    tags: tuple[Any, ...] | None
    events: tuple[Any, ...] | None
    last_roll: RollFacts | None
    tally: dict[str, int]
    layout: tuple[int, ...]
    kind: tuple[int, ...]
    known: list[int]
    deck_size: int
    live: frozenset[int]
    pool: tuple[int, ...]
    pools: int
    # the chance outcomes of the current chance node, once asked (None: not yet)
    _outcomes: list[tuple[Action, float]] | None
    # every value's count in the deck (0: Jokers), and what the discard piles leave of
    # it unseen, counted incrementally (see ``ChezFlow._unseen_by_rank``)
    _full: tuple[int, ...]
    _unseen: list[int]
    _seen_discard: int
    _seen_secondary: int
    _seen_pools: int
    # (live ids, kinds, their names counted) for ``cards``: replaced, never mutated
    _live_names: tuple[frozenset[int], tuple[int, ...], tuple[tuple[str, int], ...]] | None

    def _copy(self) -> Self:
        """Every field set one by one (compiled instances have no ``__dict__``): the
        mutable ones copied, the rest (tuples, frozensets, enums, cons lists, ints and
        the game) never mutated and shared.

        The engine's own history, RNG and cached legal actions are set by ``clone``.
        """
        cls = type(self)
        other = cls.__new__(cls)
        # the engine's fields
        other.game = self.game
        other.seed = self.seed
        deal = self.deal
        # an explicit deal is JSON data the record writes out (tests and puzzles only)
        other.deal = None if deal is None else copy.deepcopy(deal)
        # shared, immutable
        other.n = self.n
        other.all_bits = self.all_bits
        other.switched_on = self.switched_on
        other.nope_everyone = self.nope_everyone
        other.pile_size = self.pile_size
        other.topkey = self.topkey
        other.override = self.override
        other.direction = self.direction
        other.turn = self.turn
        other.actions_left = self.actions_left
        other.bonus_used = self.bonus_used
        other.facing = self.facing
        other.joker_next = self.joker_next
        other.turn_done = self.turn_done
        other.turns = self.turns
        other.over = self.over
        other.cp = self.cp
        other.constraints = self.constraints
        other.tags = self.tags
        other.events = self.events
        other.last_roll = self.last_roll
        other.layout = self.layout
        other.kind = self.kind
        other.deck_size = self.deck_size
        other.live = self.live
        other.pool = self.pool
        other.pools = self.pools
        other._full = self._full
        other._seen_discard = self._seen_discard
        other._seen_secondary = self._seen_secondary
        other._seen_pools = self._seen_pools
        other._live_names = self._live_names
        # mutable: copied
        other.hands = [h[:] for h in self.hands]
        other.discard = self.discard[:]
        other.secondary = self.secondary[:]
        other.pile = [s.copy() for s in self.pile]
        other.known = self.known[:]
        other.active = self.active[:]
        other.board = self.board.copy()
        other.plague = self.plague[:]
        other.infected_now = self.infected_now[:]
        other.castle = [c.copy() if c is not None else None for c in self.castle]
        other.stack = copy_stack(self.stack)
        other.tally = dict(self.tally)
        other._unseen = self._unseen[:]
        outcomes = self._outcomes
        other._outcomes = None if outcomes is None else outcomes[:]
        return other

    # ---- implemented by later layers (stubs, so earlier ones may call them) ----------
    # zones and flow (flow.py)
    def _advance(self) -> None:
        raise NotImplementedError

    def _next_active(self, seat: int) -> int:
        raise NotImplementedError

    def _log(self, *event: Any) -> None:
        raise NotImplementedError

    def _count(self, what: str) -> None:
        raise NotImplementedError

    def _receive(self, seat: int, cid: int) -> None:
        raise NotImplementedError

    def _to_secondary(self, ids: list[int]) -> None:
        raise NotImplementedError

    def _pile_front(self) -> Seg | None:
        raise NotImplementedError

    def _remove_kind(self, seat: int, k: int) -> int:
        raise NotImplementedError

    def _remember(self, hand: list[int], kinds: frozenset[int], holds: bool) -> None:
        raise NotImplementedError

    def _tag(self, cid: int, table: int) -> None:
        raise NotImplementedError

    def _knock_out(self, seat: int, why: str) -> None:
        raise NotImplementedError

    def _finish(self, seat: int, why: str) -> None:
        raise NotImplementedError

    def _ace_may_be_hidden(self, spades_only: bool) -> bool:
        raise NotImplementedError

    def _unseen_by_rank(self) -> list[int]:
        raise NotImplementedError

    # card plays (plays.py)
    def _play(self, kinds: tuple[int, ...]) -> None:
        raise NotImplementedError

    def _note_canonical(self, seat: int, taken: tuple[int, ...]) -> None:
        raise NotImplementedError

    def _absorb(self, seat: int) -> bool:
        raise NotImplementedError

    def _hit_wall(self, seat: int) -> None:
        raise NotImplementedError

    def _win_now(self, seat: int, why: str) -> None:
        raise NotImplementedError

    # bonus actions (turn.py)
    def _take_rank(self, seat: int, rank: int) -> int:
        raise NotImplementedError

    # effects (specials.py, asked through flow.py)
    def _king(self, play: Pending, copies: int) -> None:
        raise NotImplementedError
