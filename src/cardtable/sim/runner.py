"""Many seeded games between bots, on all local cores, with the same results for any worker count.

Game ``i`` uses seed ``seed + i`` and seats the bots rotated by ``i``, so luck
of the deal and the seat is spread evenly; results are gathered by game index,
so splitting the work differently never changes what is reported.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, TypeVar

from cardtable.bots.match import play_match
from cardtable.bots.registry import make_bot
from cardtable.engine.registry import load_game


@dataclass(frozen=True)
class SimSpec:
    """Everything a worker needs to play a game, picklable."""

    game: str
    players: int
    settings: dict[str, Any]
    bots: tuple[str, ...]
    seed: int = 0


@dataclass(frozen=True)
class GameOutcome:
    index: int
    seed: int
    seating: tuple[str, ...]  # bot name per seat
    returns: tuple[float, ...]
    places: tuple[int, ...] | None
    length: int
    extra: dict[str, Any] = field(default_factory=dict)


def seating_for(spec: SimSpec, index: int) -> tuple[str, ...]:
    n = spec.players
    return tuple(spec.bots[(seat + index) % len(spec.bots)] for seat in range(n))


def play_one(spec: SimSpec, index: int) -> GameOutcome:
    game = load_game(spec.game, players=spec.players, **spec.settings)
    seed = spec.seed + index
    seating = seating_for(spec, index)
    bots = [make_bot(name, game, seat, seed * 1_000 + seat) for seat, name in enumerate(seating)]
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


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


S = TypeVar("S")


def play_chunk(
    play: Callable[[S, int], GameOutcome], spec: S, indices: Sequence[int]
) -> list[GameOutcome]:
    """Top-level (picklable) so process pools and Ray can run it."""
    return [play(spec, i) for i in indices]


def run_local(
    spec: SimSpec,
    games: int,
    *,
    workers: int | None = None,
    progress: Callable[[int], object] | None = None,
    chunk: int = 25,
) -> list[GameOutcome]:
    """Play ``games`` simulation games; on Ctrl-C return what finished (by game index)."""
    return run_games(play_one, spec, games, workers=workers, progress=progress, chunk=chunk)


def run_games(
    play: Callable[[S, int], GameOutcome],
    spec: S,
    games: int,
    *,
    workers: int | None = None,
    progress: Callable[[int], object] | None = None,
    chunk: int = 10,
    skip: Collection[int] = (),
    on_outcome: Callable[[GameOutcome], object] | None = None,
) -> list[GameOutcome]:
    """Games ``0..games-1`` on local processes; Ctrl-C returns what finished, by index.

    Generic over the function that plays one game (``play_one`` for
    simulations, ``arena.play_arena_game`` for the arena). The indices in
    ``skip`` are not played (a run resumed from what an earlier one saved);
    ``on_outcome`` hears of each game as it finishes, so a long run can keep
    what it played if it is stopped.
    """
    workers = default_workers() if workers is None else workers
    skipped = set(skip)
    todo = [i for i in range(games) if i not in skipped]
    done: list[GameOutcome] = []
    if workers <= 1:
        try:
            for i in todo:
                outcome = play(spec, i)
                done.append(outcome)
                if on_outcome:
                    on_outcome(outcome)
                if progress:
                    progress(1)
        except KeyboardInterrupt:
            pass
        return done
    chunks = [todo[s : s + chunk] for s in range(0, len(todo), chunk)]
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
                if on_outcome:
                    for outcome in part:
                        on_outcome(outcome)
                if progress:
                    progress(len(part))
    except KeyboardInterrupt:
        for fut in pending:
            fut.cancel()
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    done.sort(key=lambda o: o.index)
    return done
