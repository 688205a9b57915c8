"""Finished games step by step, for the browser's replay view, one page at a time.

Only finished games are replayed (every card may be shown then). Deals and
other chance outcomes are folded into the next decision so the viewer steps
through the moves people and bots made.

Why pages: a step carries every seat's observation, so a long game (a Chez
Geek match of thousands of moves) sent whole is hundreds of megabytes and
seconds of CPU, which anyone could ask for again and again. A page holds at
most ``MAX_PAGE`` steps; the states at page starts are kept (a few finished
tables at a time) so a later page does not replay the game from its start,
and built pages are cached.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.game import State
from cardtable.engine.record import initial_state
from cardtable.server.views import render_text

MAX_PAGE = 100
# finished tables whose page-start states are kept, and built pages kept
TABLES_KEPT = 8
PAGES_KEPT = 64


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
_pages: OrderedDict[tuple[str, int, int], list[dict[str, Any]]] = OrderedDict()


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


def replay_page(
    key: str, record: dict[str, Any], start: int, count: int
) -> tuple[int, list[dict[str, Any]]]:
    """``(total steps, steps[start:start + count])``, ``count`` at most ``MAX_PAGE``."""
    count = max(1, min(count, MAX_PAGE))
    with _lock:
        table = _tables.get(key)
        if table is not None:
            _tables.move_to_end(key)
        cached = _pages.get((key, start, count))
        if cached is not None:
            _pages.move_to_end((key, start, count))
    if table is None:
        table = _count_steps(record)
        with _lock:
            _tables[key] = table
            while len(_tables) > TABLES_KEPT:
                old, _ = _tables.popitem(last=False)
                for k in [k for k in _pages if k[0] == old]:
                    del _pages[k]
    if cached is not None:
        return table.total, cached
    steps = _build(record, table, start, count)
    with _lock:
        _pages[(key, start, count)] = steps
        while len(_pages) > PAGES_KEPT:
            _pages.popitem(last=False)
    return table.total, steps


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
