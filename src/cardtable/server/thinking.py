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
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import hashlib
import logging
import multiprocessing
import os
import random
import signal
import sys
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from cardtable.bots.base import Bot
from cardtable.bots.infoset import prepare, wants_information_set
from cardtable.engine.game import Action, State

log = logging.getLogger("cardtable.server")

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


def _worker_start() -> None:
    """Worker processes yield the CPU to the server, and end with it (even on SIGKILL)."""
    with contextlib.suppress(AttributeError, OSError):  # not on this platform, or not allowed
        os.nice(10)
    # Ctrl-C reaches the whole process group: the server ends its workers itself (``close``)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class Thinker:
    """Runs bot decisions off the event loop: a process pool, or threads with ``workers=0``."""

    def __init__(self, workers: int, budget: float) -> None:
        self.budget = budget
        # decisions wait their turn here, so the time limit below counts thinking, not queueing
        self._slots = asyncio.Semaphore(max(1, workers))
        self._pool: Executor | None = None
        if workers > 0:
            self._pool = ProcessPoolExecutor(
                max_workers=workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start,
            )

    async def decide(self, bot: Bot, state: State, seat: int, seed: int) -> Action | None:
        """The bot's legal action, or ``None`` if it failed or ran out of time."""
        legal = {str(a): a for a in state.legal_actions()}
        loop = asyncio.get_running_loop()
        args: tuple[Any, ...] = (bot, state, seat, seed, self.budget)
        try:
            if self._pool is None or not wants_information_set(bot):
                text = await asyncio.to_thread(think, *args)
            else:
                # the budget is the bot's own stop; this is the backstop for bots without one
                async with self._slots:
                    text = await asyncio.wait_for(
                        loop.run_in_executor(self._pool, think, *args), self.budget * 2 + 5
                    )
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
