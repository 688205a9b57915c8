"""Finished games step by step, for the browser's replay view, one page at a time.

Only finished games are replayed (every card may be shown then). Deals and
other chance outcomes are folded into the next decision so the viewer steps
through the moves people and bots made.

Why pages: a step carries every seat's observation, so a long game (a Chez
Geek match of thousands of moves) sent whole is hundreds of megabytes and
seconds of CPU, which anyone could ask for again and again. A page holds at
most ``MAX_PAGE`` steps; the states at page starts are kept (a few finished
tables at a time) so a later page does not replay the game from its start,
and built pages are cached, encoded, in the server process.

Why another process: building a page of a long game replays and observes
hundreds of moves, and a thread of the server would still hold the
interpreter's lock while it does, so every table's acknowledgements would wait
behind it (measured: p99 2.2 ms alone, 187 ms beside two readers). ``Replayer``
builds pages in a worker process of its own (``replay_workers``; 0 runs a
thread, for in-process tests); the server only copies the finished bytes.
"""

from __future__ import annotations

import asyncio
import gc
import json
import multiprocessing
import threading
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.game import State
from cardtable.engine.record import initial_state
from cardtable.server.thinking import worker_start
from cardtable.server.views import render_text

MAX_PAGE = 100
# finished tables whose page-start states are kept (in the process that builds pages)
TABLES_KEPT = 8
# encoded pages kept by the server: at most this many, and this many bytes in all
PAGES_KEPT = 64
PAGE_BYTES_KEPT = 64 * 1024 * 1024


@dataclass
class _Walk:
    """Where a replay stands: the state, the next action's index, the step's number."""

    state: State
    action: int
    step: int
    log_seen: int


@dataclass
class _Table:
    total: int
    checkpoints: dict[int, _Walk] = field(default_factory=dict)


_lock = threading.Lock()
_tables: OrderedDict[str, _Table] = OrderedDict()
_pages: OrderedDict[tuple[str, int, int], tuple[int, bytes]] = OrderedDict()
_page_bytes = 0


def _snapshot(state: State, seat: int | None, action: str | None, log_seen: int) -> dict[str, Any]:
    log = state.public_log()
    n = state.game.num_players
    obs = [state.observation(s) for s in range(n)]
    return {
        "move": state.move_number(),
        "seat": seat,
        "seat_name": state.game.seat_name(seat) if seat is not None else None,
        "action": action,
        "log": log[log_seen:],
        "observations": obs,
        "texts": [render_text(state, o) for o in obs],
    }


def _count_steps(record: dict[str, Any]) -> _Table:
    """One pass without observations: how many steps, and a state at every page start."""
    state = initial_state(record)
    table = _Table(total=0)
    table.checkpoints[0] = _Walk(state.clone(), 0, 0, 0)
    step = 0
    last_decision_move = None
    for i, text in enumerate(record["actions"]):
        player = state.current_player()
        state.apply_text(text)
        if isinstance(player, int):
            step += 1
            last_decision_move = state.move_number()
            if step % MAX_PAGE == 0:
                # the walk resumes after this step's action (its log length is taken there)
                table.checkpoints[step] = _Walk(state.clone(), i + 1, step, -1)
    total = step + 1
    # trailing chance outcomes (a final deal or roll) get an "End" step of their own
    if last_decision_move != state.move_number():
        total += 1
    table.total = total
    return table


def page_bytes(key: str, record: dict[str, Any], start: int, count: int) -> tuple[int, bytes]:
    """``(total steps, the page's steps as JSON)``, with the page-start states kept here."""
    count = max(1, min(count, MAX_PAGE))
    with _lock:
        table = _tables.get(key)
        if table is not None:
            _tables.move_to_end(key)
    if table is None:
        table = _count_steps(record)
        with _lock:
            _tables[key] = table
            while len(_tables) > TABLES_KEPT:
                _tables.popitem(last=False)
    steps = _build(record, table, start, count)
    return table.total, json.dumps(steps, separators=(",", ":")).encode()


def cached_page(key: str, start: int, count: int) -> tuple[int, bytes] | None:
    with _lock:
        hit = _pages.get((key, start, count))
        if hit is not None:
            _pages.move_to_end((key, start, count))
        return hit


def keep_page(key: str, start: int, count: int, page: tuple[int, bytes]) -> None:
    global _page_bytes
    with _lock:
        if (key, start, count) in _pages:
            return
        _pages[(key, start, count)] = page
        _page_bytes += len(page[1])
        while len(_pages) > PAGES_KEPT or _page_bytes > PAGE_BYTES_KEPT:
            _, (_, old) = _pages.popitem(last=False)
            _page_bytes -= len(old)


class Replayer:
    """Builds replay pages off the server's process (``workers`` processes, 0: a thread).

    The pool starts with the first replay asked for, so a server nobody asks
    for a replay runs no extra process.
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def page(
        self, key: str, record: dict[str, Any], start: int, count: int
    ) -> tuple[int, bytes]:
        hit = cached_page(key, start, count)
        if hit is not None:
            return hit
        if self.workers <= 0:
            page = await asyncio.to_thread(page_bytes, key, record, start, count)
        else:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=worker_start,
                )
            loop = asyncio.get_running_loop()
            page = await loop.run_in_executor(self._pool, page_bytes, key, record, start, count)
        keep_page(key, start, count, page)
        return page

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            # a page in progress ends within a second or two: the workers are let finish
            # and exit on their own (stopping them leaves their queues' semaphores behind)
            pool.shutdown(wait=True, cancel_futures=True)
            del pool
            gc.collect()


def _build(record: dict[str, Any], table: _Table, start: int, count: int) -> list[dict[str, Any]]:
    end = min(start + count, table.total)
    if start >= end:
        return []
    base = max(k for k in table.checkpoints if k <= max(0, start - 1)) if start else 0
    walk = table.checkpoints[base]
    state = walk.state.clone()
    step = walk.step
    steps: list[dict[str, Any]] = []
    # the log a step shows is what was added since the step before it
    log_seen = walk.log_seen if walk.log_seen >= 0 else len(state.public_log())
    if step == 0 and start == 0:
        steps.append(_snapshot(state, None, None, 0))
        log_seen = len(state.public_log())
    actions = record["actions"]
    i = walk.action
    while i < len(actions) and step < end - 1:
        player = state.current_player()
        state.apply_text(actions[i])
        i += 1
        if isinstance(player, int):
            step += 1
            if step >= start:
                steps.append(_snapshot(state, player, actions[i - 1], log_seen))
            if step >= start - 1:
                log_seen = len(state.public_log())
    while i < len(actions):  # only chance outcomes can be left: the "End" step shows them
        state.apply_text(actions[i])
        i += 1
    if end == table.total and len(steps) < end - start:
        steps.append(_snapshot(state, None, None, log_seen))
    return steps
