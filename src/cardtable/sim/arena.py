"""Arenas: bots compared on duplicate deals with every seat rotation.

Why duplicate deals: in a card game most of the variance of one result is the
deal. Playing each deal once per seat rotation (and once per table when more
bots are named than there are seats) with the *same seed* gives every bot the
same cards and the same chance sequence in turn, so luck cancels out of the
comparison and far fewer games are needed for the same confidence. Chance in
every game comes from the state's own seeded RNG (an engine rule), so the
same seed is the same deal; later chance is the same as long as the same
number of draws has been made, which is what "where the game allows" means.

Game ``i`` is fully determined by ``(spec, i)`` - its deal, table, rotation
and bot seeds - so the results are the same for any number of workers, local
or on Ray.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots.match import play_match
from cardtable.bots.registry import make_bot
from cardtable.engine.errors import SettingError
from cardtable.engine.registry import load_game
from cardtable.sim.runner import GameOutcome
from cardtable.sim.runner import play_chunk as play_chunk  # re-exported for Ray and the CLI
from cardtable.sim.runner import run_games as run_games


@dataclass(frozen=True)
class ArenaSpec:
    """What an arena plays; picklable, so workers (local or Ray) rebuild games from it."""

    game: str
    players: int
    settings: dict[str, Any]
    bots: tuple[str, ...]
    seed: int = 0
    duplicate: bool = True
    tables: tuple[tuple[str, ...], ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.tables:
            object.__setattr__(self, "tables", make_tables(self.bots, self.players))

    @property
    def rotations(self) -> int:
        return self.players

    @property
    def block(self) -> int:
        """Games per deal: every table in every seat rotation."""
        return len(self.tables) * self.rotations

    def placement(self, index: int) -> tuple[int, int, int]:
        """``(deal, table, rotation)`` of game ``index``."""
        deal, rest = divmod(index, self.block)
        table, rotation = divmod(rest, self.rotations)
        return deal, table, rotation

    def seed_of(self, index: int) -> int:
        """Duplicate: one seed per deal, shared by all its games; else one per game."""
        return self.seed + (self.placement(index)[0] if self.duplicate else index)

    def seating(self, index: int) -> tuple[str, ...]:
        _, table, rotation = self.placement(index)
        lineup = self.tables[table]
        n = self.players
        return tuple(lineup[(seat + rotation) % n] for seat in range(n))


def make_tables(bots: Sequence[str], players: int) -> tuple[tuple[str, ...], ...]:
    """Line-ups from the named bots.

    As many names as seats: one table. Fewer: the last name fills the other
    seats (``ismcts,heuristic`` at four seats is one ISMCTS against three
    heuristic bots). More: every combination of ``players`` distinct names,
    so each bot meets each other one equally often.
    """
    if not bots:
        raise SettingError("name at least one bot")
    if len(bots) <= players:
        lineup = tuple(bots) + (bots[-1],) * (players - len(bots))
        return (lineup,)
    return tuple(itertools.combinations(bots, players))


def rounded_games(spec: ArenaSpec, games: int) -> int:
    """Whole deals only, so every bot sits every seat of every deal equally often."""
    if games < 1:
        raise SettingError("--games must be at least 1")
    return -(-games // spec.block) * spec.block


def whole_deals(spec: ArenaSpec, outcomes: Sequence[GameOutcome]) -> list[GameOutcome]:
    """The games of the deals played at every table in every seat rotation.

    A run stopped early leaves deals part-played; counting them would seat some
    bots more often in the better seats of a deal, which duplicate deals exist
    to prevent.
    """
    played: dict[int, int] = {}
    for outcome in outcomes:
        deal = spec.placement(outcome.index)[0]
        played[deal] = played.get(deal, 0) + 1
    return [o for o in outcomes if played[spec.placement(o.index)[0]] == spec.block]


def play_arena_game(spec: ArenaSpec, index: int) -> GameOutcome:
    game = load_game(spec.game, players=spec.players, **spec.settings)
    seed = spec.seed_of(index)
    seating = spec.seating(index)
    bots = [
        make_bot(name, game, seat, (spec.seed + index) * 1_000 + seat)
        for seat, name in enumerate(seating)
    ]
    state = play_match(game, bots, seed)
    places = state.places()
    stats = getattr(state, "statistics", None)
    return GameOutcome(
        index=index,
        seed=seed,
        seating=seating,
        returns=tuple(state.returns()),
        places=tuple(places) if places is not None else None,
        length=state.move_number(),
        extra=stats() if callable(stats) else {},
    )
