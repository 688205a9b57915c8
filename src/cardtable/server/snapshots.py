"""Snapshots of a live table, so that a restart replays only the moves since the last one.

Moves stay the source of truth: a snapshot is a cache of the state (and of
the bots' memory) after move ``number``, written every ``snapshot_every``
moves. A snapshot is used only if it was written by exactly this code (the
format names a hash of the package's source), so a snapshot never outlives
the classes it was pickled from; otherwise the table is rebuilt from its moves
as before. Snapshots are read from the server's own database, never from the
network. The game itself is not in a snapshot: it is the table's game, built
from its settings, so loading costs only the state.
"""

from __future__ import annotations

import hashlib
import io
import pickle
from functools import cache
from pathlib import Path
from typing import Any

from cardtable.bots.base import Bot
from cardtable.engine.game import Game, State

PACKAGE = Path(__file__).resolve().parents[1]


@cache
def snapshot_format() -> str:
    """``pickle-1/<hash of every .py file of cardtable>``: any code change invalidates."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*.py")):
        digest.update(str(path.relative_to(PACKAGE)).encode())
        digest.update(path.read_bytes())
    return f"pickle-1/{digest.hexdigest()[:32]}"


class _Pickler(pickle.Pickler):
    """Leaves the game out: it is rebuilt from the table's settings, and shared on loading."""

    def __init__(self, file: io.BytesIO, game: Game) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.game = game

    def persistent_id(self, obj: Any) -> str | None:
        return "game" if obj is self.game else None


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, game: Game) -> None:
        super().__init__(file)
        self.game = game

    def persistent_load(self, pid: Any) -> Any:
        if pid != "game":
            raise pickle.UnpicklingError(f"unknown reference {pid!r}")
        return self.game


def dump(state: State, bots: dict[int, Bot]) -> bytes:
    out = io.BytesIO()
    _Pickler(out, state.game).dump((state, bots))
    return out.getvalue()


def load(data: bytes, fmt: str, game: Game) -> tuple[State, dict[int, Bot]] | None:
    """The state and bots of a snapshot, on ``game``; ``None`` if it is not this code's."""
    if fmt != snapshot_format():
        return None
    try:
        loaded: Any = _Unpickler(io.BytesIO(data), game).load()
        state, bots = loaded
    except Exception:
        return None
    # a state of this table's game, known by the persistent reference to the game (not
    # by ``isinstance(state, State)``: with the compiled build, one long test process was
    # seen holding a second ``State`` class object, and a good snapshot was then refused)
    if getattr(state, "game", None) is not game or not isinstance(bots, dict):
        return None
    return state, bots
