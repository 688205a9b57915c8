"""Bots think here: in worker processes, with their own secret randomness and a time budget.

Why processes: a searching bot (ISMCTS) is pure Python and holds the GIL for
seconds; in a thread of the server it slows every other table's
acknowledgements. In a worker process (started with a lower priority) it
competes only for a CPU core, and the server's event loop keeps answering.
Bots that do not search (random, the games' heuristic bots: under a
millisecond a move on average, 20 ms at worst on a loaded machine) think in
a thread instead: shipping their state to a process would cost more than the
decision, and they must not queue behind a search of several seconds at
another table.

Why a seed per move: each decision draws from ``move_seed(secret, seat,
move)``, where ``secret`` is the table's bot seed — drawn with ``secrets``
when the table is made, stored, and never derived from (or published with)
the dealing seed. So a bot's choices tell nothing about the deal's random
stream, and a server restarted mid-game makes the same decision it would have
made: the bot's memory comes from its observations, its randomness from the
stored secret and the move number.

Why turns (``Turns``): the worker pool is shared by every table. Served in the
order asked, twenty tables of searching bots put a person's bot behind twenty
searches of several seconds each. So decisions for tables where a person is at
their seat (a seat's socket open) go first, round-robin by the address that
created the table (one client's many tables get one turn, like anyone else's);
tables with nobody at a seat (bot-only tables, tables left alone) think only
when no person's table waits, and then for at most ``share`` of the workers'
time. Bot-only tables are paced too (``Pace``): a floor between two decisions
of one table and a total rate over all of them, so a table of bots "at once"
cannot take a core.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import gc
import hashlib
import logging
import multiprocessing
import os
import random
import signal
import sys
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, TypeVar

from cardtable.bots.base import Bot
from cardtable.bots.infoset import prepare, wants_information_set
from cardtable.engine.game import Action, State

log = logging.getLogger("cardtable.server")

T = TypeVar("T")

PR_SET_PDEATHSIG = 1  # Linux prctl: a signal for this process when its parent dies

# the seed a bot is made with, before any decision (its per-move seeds follow)
MADE = -1


def move_seed(secret: int, seat: int, move: int) -> int:
    """The bot at ``seat``'s randomness for the decision at ``move`` (``MADE``: at creation)."""
    digest = hashlib.blake2b(f"{secret}:{seat}:{move}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def think(bot: Bot, state: State, seat: int, seed: int, budget: float) -> str:
    """One decision, as notation; runs in a worker process (or a thread in tests)."""
    bot.rng = random.Random(seed)
    limit = getattr(bot, "max_time", False)
    if limit is not False and (limit is None or limit > budget):
        bot.max_time = budget  # type: ignore[attr-defined]  # only searching bots have a time limit
    return str(prepare(bot, state, seat)())


def worker_start() -> None:
    """Worker processes yield the CPU to the server, and end with it (even on SIGKILL)."""
    with contextlib.suppress(AttributeError, OSError):  # not on this platform, or not allowed
        os.nice(10)
    # Ctrl-C reaches the whole process group: the server ends its workers itself (``close``)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class Turns:
    """Who thinks next in the worker pool (see the module's docstring).

    ``slots`` decisions run at once. A waiting decision is either a person's
    (its table has a person at a seat) or not; people's go first, round-robin
    over owners (the creating address, else the table); the others only when
    no person's waits and ``share`` of the time allows: after one of them used
    the pool for ``t`` seconds, the others wait ``t * (1 - share) / share``.
    """

    def __init__(self, slots: int, share: float) -> None:
        self.free = max(1, slots)
        self.share = min(1.0, max(0.01, share))
        self.waiting: dict[bool, OrderedDict[str, deque[asyncio.Future[None]]]] = {
            True: OrderedDict(),
            False: OrderedDict(),
        }
        self.others_not_before = 0.0
        self._retry: asyncio.TimerHandle | None = None
        self.granted: list[str] = []  # the owners served, newest last (bounded; for tests)

    async def acquire(self, owner: str, person: bool) -> None:
        """Wait for this decision's turn; the caller then holds a slot until ``release``."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting[person].setdefault(owner, deque()).append(fut)
        self._grant()
        try:
            await fut
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled():  # granted, then abandoned: hand it on
                self.free += 1
                self._grant()
            raise

    def release(self, person: bool, used: float) -> None:
        self.free += 1
        if not person:
            now = time.monotonic()
            self.others_not_before = (
                max(self.others_not_before, now) + used * (1 - self.share) / self.share
            )
        self._grant()

    @staticmethod
    def _next(
        queue: OrderedDict[str, deque[asyncio.Future[None]]],
    ) -> tuple[str, asyncio.Future[None]] | None:
        while queue:
            owner, futures = next(iter(queue.items()))
            while futures and futures[0].done():  # given up while waiting
                futures.popleft()
            if not futures:
                del queue[owner]
                continue
            fut = futures.popleft()
            queue.move_to_end(owner)  # the owner's next decision waits for everyone else's
            if not futures:
                del queue[owner]
            return owner, fut
        return None

    def _grant(self) -> None:
        while self.free > 0:
            chosen = self._next(self.waiting[True])
            if chosen is None:
                wait = self.others_not_before - time.monotonic()
                if wait > 0:
                    if self.waiting[False] and self._retry is None:
                        self._retry = asyncio.get_running_loop().call_later(wait, self._retried)
                    return
                chosen = self._next(self.waiting[False])
                if chosen is None:
                    return
            owner, fut = chosen
            self.free -= 1
            self.granted = [*self.granted[-99:], owner]
            fut.set_result(None)

    def _retried(self) -> None:
        self._retry = None
        self._grant()


class Pace:
    """Bot-only tables' pace: ``floor`` seconds between one table's decisions, ``total`` a second.

    Why: with no delay a table of fast bots moves as fast as the server can
    commit, a core's worth of work for a game nobody needs to see at that speed.
    """

    def __init__(self, floor: float, total: float) -> None:
        self.floor = floor
        self.gap = 1.0 / total if total > 0 else 0.0
        self._last: OrderedDict[str, float] = OrderedDict()
        self._next_any = 0.0

    async def wait(self, table: str) -> None:
        now = time.monotonic()
        start = max(now, self._last.get(table, 0.0) + self.floor, self._next_any)
        self._next_any = start + self.gap
        self._last[table] = start
        self._last.move_to_end(table)
        while len(self._last) > 10_000:  # bounded: forget the longest-quiet tables
            self._last.popitem(last=False)
        if start > now:
            await asyncio.sleep(start - now)


class Thinker:
    """Runs bot decisions off the event loop: a process pool, or threads with ``workers=0``."""

    def __init__(
        self,
        workers: int,
        budget: float,
        share: float = 0.5,
        floor: float = 0.0,
        total: float = 0.0,
    ) -> None:
        self.budget = budget
        # decisions wait their turn here, so the time limit below counts thinking, not queueing
        self.turns = Turns(workers, share)
        self.pace = Pace(floor, total)
        # table id -> the address that created it (the manager's), for round-robin turns
        self.owners: dict[str, str] = {}
        self._pool: Executor | None = None
        if workers > 0:
            self._pool = ProcessPoolExecutor(
                max_workers=workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=worker_start,
            )

    async def decide(
        self,
        bot: Bot,
        state: State,
        seat: int,
        seed: int,
        table: str = "",
        person: bool = True,
        bot_only: bool = False,
    ) -> Action | None:
        """The bot's legal action, or ``None`` if it failed or ran out of time.

        ``table`` is the table's id, ``person`` whether a person is at one of its
        seats now, ``bot_only`` whether it has no person's seat at all (paced).
        """
        legal = {str(a): a for a in state.legal_actions()}
        loop = asyncio.get_running_loop()
        args: tuple[Any, ...] = (bot, state, seat, seed, self.budget)
        if bot_only:
            await self.pace.wait(table)
        try:
            if self._pool is None or not wants_information_set(bot):
                # the same backstop as below: a thread cannot be stopped, but the table
                # moves on with the default move instead of waiting for it for ever
                text = await asyncio.wait_for(asyncio.to_thread(think, *args), self.budget * 2 + 5)
            else:
                await self.turns.acquire(self.owners.get(table, table), person)
                began = time.monotonic()
                try:
                    # the budget is the bot's own stop; this is the backstop for bots without one
                    text = await asyncio.wait_for(
                        loop.run_in_executor(self._pool, think, *args), self.budget * 2 + 5
                    )
                finally:
                    self.turns.release(person, time.monotonic() - began)
        except TimeoutError:
            log.warning("bot at seat %d ran past its time budget; default move", seat)
            return None
        except Exception:  # a broken bot must not stop the table
            log.exception("bot at seat %d failed; default move", seat)
            return None
        action = legal.get(text)
        if action is None:
            log.warning("bot at seat %d chose an illegal action", seat)
        return action

    async def run(self, fn: Callable[..., T], *args: Any, owner: str, person: bool = False) -> T:
        """Other work for the bot workers (a review's decision), waiting its turn like a bot's.

        Why the same workers and turns: a review is a search like a bot's, and
        in the same queue (``person`` as for a table) it waits its turn among the
        tables' decisions instead of taking a core beside them.
        """
        if self._pool is None:
            return await asyncio.to_thread(fn, *args)
        await self.turns.acquire(owner, person)
        began = time.monotonic()
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)
        finally:
            self.turns.release(person, time.monotonic() - began)

    def close(self) -> None:
        """End the workers and wait for them, so nothing outlives the server.

        Why wait: a pool left to the interpreter's exit is torn down after the
        semaphores it shares with its workers, which the resource tracker then
        reports as leaked. A decision in progress is abandoned (the table is
        closed); its worker is stopped rather than waited for.
        """
        pool, self._pool = self._pool, None
        if pool is None:
            return
        workers = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in workers:
            with contextlib.suppress(Exception):
                process.terminate()
        for process in workers:
            with contextlib.suppress(Exception):
                process.join(5)
        pool.shutdown(wait=True)
        # the pool's queues can outlive it in reference cycles (a worker ended mid-start),
        # and a server ended by its signal runs no exit handlers: collect them now, so their
        # semaphores are unlinked and unregistered here rather than reported as leaked
        del pool, workers
        gc.collect()
