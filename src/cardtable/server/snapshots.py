"""Snapshots of a live table, so that a restart replays only the moves since the last one.

Moves stay the source of truth: a snapshot is a cache of the state (and of
the bots' memory) after move ``number``, written every ``snapshot_every``
moves. A snapshot is used only if it was written by exactly this code (the
format names a hash of the package's source), so a snapshot never outlives
the classes it was pickled from; otherwise the table is rebuilt from its moves
as before. Snapshots are read from the server's own database, never from the
network.
"""

from __future__ import annotations

import hashlib
import pickle
from functools import cache
from pathlib import Path
from typing import Any

from cardtable.bots.base import Bot
from cardtable.engine.game import State

PACKAGE = Path(__file__).resolve().parents[1]


@cache
def snapshot_format() -> str:
    """``pickle-1/<hash of every .py file of cardtable>``: any code change invalidates."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*.py")):
        digest.update(str(path.relative_to(PACKAGE)).encode())
        digest.update(path.read_bytes())
    return f"pickle-1/{digest.hexdigest()[:32]}"


def dump(state: State, bots: dict[int, Bot]) -> bytes:
    return pickle.dumps((state, bots), protocol=pickle.HIGHEST_PROTOCOL)


def load(data: bytes, fmt: str) -> tuple[State, dict[int, Bot]] | None:
    """The state and bots of a snapshot, or ``None`` if it is not this code's."""
    if fmt != snapshot_format():
        return None
    try:
        loaded: Any = pickle.loads(data)  # noqa: S301 - our own database, our own format
        state, bots = loaded
    except Exception:
        return None
    if not isinstance(state, State) or not isinstance(bots, dict):
        return None
    return state, bots
