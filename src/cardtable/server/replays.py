"""Finished games step by step, for the browser's replay view.

Only finished games are replayed (every card may be shown then). Deals and
other chance outcomes are folded into the next decision so the viewer steps
through the moves people and bots made.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from cardtable.engine.record import initial_state
from cardtable.server.views import render_text


def replay_steps(record: dict[str, Any]) -> list[dict[str, Any]]:
    return _cached(json.dumps(record, sort_keys=True))


@lru_cache(maxsize=32)
def _cached(record_json: str) -> list[dict[str, Any]]:
    record = json.loads(record_json)
    state = initial_state(record)
    n = state.game.num_players
    steps: list[dict[str, Any]] = []
    log_seen = 0

    def snapshot(seat: int | None, action: str | None) -> None:
        nonlocal log_seen
        log = state.public_log()
        obs = [state.observation(s) for s in range(n)]
        steps.append(
            {
                "move": state.move_number(),
                "seat": seat,
                "seat_name": state.game.seat_name(seat) if seat is not None else None,
                "action": action,
                "log": log[log_seen:],
                "observations": obs,
                "texts": [render_text(state, o) for o in obs],
            }
        )
        log_seen = len(log)

    snapshot(None, None)
    for text in record["actions"]:
        player = state.current_player()
        state.apply_text(text)
        if isinstance(player, int):
            snapshot(player, text)
    if steps[-1]["move"] != state.move_number():
        snapshot(None, None)
    return steps
