"""``ChezCore``: every field of a Chez position and the helpers the rule modules share,
declared once so that each rule module is type-checked against the same state.

The rules live in mixins (``turn``, ``plays``, ``nopes``, ``specials``, ``view``)
that all derive from this class; ``ChezState`` joins them. A method that one
mixin implements and another calls is declared here for the type checker only
(under ``TYPE_CHECKING``), so the runtime method resolution is exactly the
mixins' own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.engine.game import Marker, State
from cardtable.games.chez.leaderboard import Leaderboard
from cardtable.games.chez.piles import Castle, Seg
from cardtable.games.chez.steps import Pending, RollPurpose, Step

# the last roll: who rolled, what for, the dice and their results
RollFacts = tuple[int, RollPurpose, tuple[int, ...], tuple[int, ...]]

if TYPE_CHECKING:
    from cardtable.games.chez.game import ChezGame


class ChezCore(State):
    game: ChezGame
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
    # how the flow runs each kind of step: the seat or chance to decide next, or None
    _runners: ClassVar[dict[type[Step], Callable[[Any, Any], int | Marker | None]]]

    if TYPE_CHECKING:
        # zones and flow (state.py)
        def _advance(self) -> None: ...
        def _next_active(self, seat: int) -> int: ...
        def _log(self, *event: Any) -> None: ...
        def _count(self, what: str) -> None: ...
        def _receive(self, seat: int, cid: int) -> None: ...
        def _to_secondary(self, ids: list[int]) -> None: ...
        def _pile_front(self) -> Seg | None: ...
        def _remove_kind(self, seat: int, k: int) -> int: ...
        def _remember(self, hand: list[int], kinds: frozenset[int], holds: bool) -> None: ...
        def _tag(self, cid: int, table: int) -> None: ...
        def _knock_out(self, seat: int, why: str) -> None: ...
        def _finish(self, seat: int, why: str) -> None: ...
        def _ace_may_be_hidden(self, spades_only: bool) -> bool: ...
        def _unseen_by_rank(self) -> list[int]: ...

        # card plays (plays.py)
        def _play(self, kinds: tuple[int, ...]) -> None: ...
        def _note_canonical(self, seat: int, taken: tuple[int, ...]) -> None: ...
        def _absorb(self, seat: int) -> bool: ...
        def _hit_wall(self, seat: int) -> None: ...
        def _win_now(self, seat: int, why: str) -> None: ...

        # bonus actions (turn.py)
        def _take_rank(self, seat: int, rank: int) -> int: ...

        # effects (specials.py)
        def _king(self, play: Pending, copies: int) -> None: ...
