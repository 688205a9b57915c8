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
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, TypeVar

from cardtable.bots.registry import make_bot
from cardtable.engine.errors import SettingError
from cardtable.engine.registry import load_game
from cardtable.sim.match import play_match
from cardtable.sim.runner import GameOutcome, default_workers

S = TypeVar("S")


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


def play_chunk(
    play: Callable[[S, int], GameOutcome], spec: S, indices: Sequence[int]
) -> list[GameOutcome]:
    """Top-level (picklable) so process pools and Ray can run it."""
    return [play(spec, i) for i in indices]


def run_games(
    play: Callable[[S, int], GameOutcome],
    spec: S,
    games: int,
    *,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    chunk: int = 10,
) -> list[GameOutcome]:
    """Games ``0..games-1`` on local processes; Ctrl-C returns what finished, by index.

    The simulation runner's loop, generic over the function that plays one
    game (``play_arena_game`` here, ``runner.play_one`` for simulations).
    """
    workers = default_workers() if workers is None else workers
    done: list[GameOutcome] = []
    if workers <= 1:
        try:
            for i in range(games):
                done.append(play(spec, i))
                if progress:
                    progress(1)
        except KeyboardInterrupt:
            pass
        return done
    chunks = [list(range(s, min(games, s + chunk))) for s in range(0, games, chunk)]
    pool = ProcessPoolExecutor(max_workers=workers)
    pending: set[Future[list[GameOutcome]]] = set()
    try:
        for c in chunks:
            pending.add(pool.submit(play_chunk, play, spec, c))
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                part = fut.result()
                done.extend(part)
                if progress:
                    progress(len(part))
    except KeyboardInterrupt:
        for fut in pending:
            fut.cancel()
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    done.sort(key=lambda o: o.index)
    return done
