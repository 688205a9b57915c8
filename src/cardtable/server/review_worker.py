"""A review's work, as it runs in a bot worker process: one decision per call.

Why one decision per call: the bot workers are shared with every table's bots
(``thinking.Thinker``), and a whole game's review would hold a worker for a
minute. One decision at a time, each waiting its turn, keeps a person's bot
behind at most one of them.

Why a walk is kept: each call needs the state before its decision, and
replaying the record from the start every time would cost a long game's
length per decision. The process keeps the last state it reached for a few
reviews, and the next decision (always later in the same game) walks on
from there.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Any

from cardtable.bots.review import is_decision, make_reviewer, review_decision
from cardtable.engine.game import State
from cardtable.engine.record import initial_state

# reviews whose last state is kept in this process
WALKS_KEPT = 8

_lock = threading.Lock()
_walks: OrderedDict[tuple[str, int], tuple[int, State]] = OrderedDict()


def plan(record: dict[str, Any], seat: int) -> list[tuple[int, int]]:
    """``(action index, replay step)`` of each decision of ``seat`` worth reviewing.

    The replay step is the one that shows the decision made (``replays``: a
    step after every decision, none for chance outcomes).
    """
    state = initial_state(record)
    out: list[tuple[int, int]] = []
    step = 0
    for i, text in enumerate(record["actions"]):
        player = state.current_player()
        if is_decision(state, seat):
            out.append((i, step + 1))
        state.apply_text(text)
        if isinstance(player, int):
            step += 1
    return out


def _state_before(key: str, record: dict[str, Any], seat: int, index: int) -> State:
    with _lock:
        walk = _walks.pop((key, seat), None)
    if walk is None or walk[0] > index:
        at, state = 0, initial_state(record)
    else:
        at, state = walk
    actions = record["actions"]
    while at < index:
        state.apply_text(actions[at])
        at += 1
    with _lock:
        _walks[(key, seat)] = (at, state.clone())
        while len(_walks) > WALKS_KEPT:
            _walks.popitem(last=False)
    return state


def judge(
    key: str,
    record: dict[str, Any],
    seat: int,
    index: int,
    step: int,
    spec: str,
    seed: int,
    seconds: float,
) -> dict[str, Any]:
    """The verdict on the record's action ``index`` (a decision of ``seat``), as JSON.

    ``seconds`` bounds the decision's searches (a third each: the search over
    every action, then the played and the preferred alone), so a review keeps
    its budget with fewer iterations where a game is long.
    """
    began = time.perf_counter()
    state = _state_before(key, record, seat, index)
    bot = make_reviewer(state.game, seat, spec, seed + index)
    bot.max_time = max(0.01, seconds / 3)
    verdict = review_decision(bot, state, index, record["actions"][index])
    # the seat's view where it decided: the replay's step before shows the position before
    # any chance outcomes (a deal, a draw) that came between, so the board is drawn from this
    seen = state.observation(seat)
    return {
        **verdict.as_dict(),
        "step": step,
        "observation": seen,
        "seconds": time.perf_counter() - began,
    }
