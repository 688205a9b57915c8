"""Restart time: rebuilding every open table, with and without snapshots.

Fills a fresh SQLite database with ``--tables`` open Contest tables of
``--moves`` stored moves each (random legal play, written as the server
writes them, with a snapshot every ``--every`` moves as the server takes
them), then times ``TableManager.start()`` — what ``cardtable serve`` does
before it answers — once from the snapshots and once with them deleted
(every move replayed through the engine).

    .venv/bin/python benchmarks/restart.py --tables 300 --moves 100
"""

from __future__ import annotations

import argparse
import asyncio
import random
import secrets
import tempfile
import time
from pathlib import Path

from cardtable.engine.registry import load_game
from cardtable.server import snapshots
from cardtable.server.db import MoveRow, SeatRow, Snapshot, Storage, TableRow, snapshots_t
from cardtable.server.manager import TableManager
from cardtable.server.settings import Settings


def fill(storage: Storage, tables: int, moves: int, every: int) -> int:
    game = load_game("contest")
    store = storage.store
    rng = random.Random(1)
    made = stored = 0
    while made < tables:
        seed = rng.getrandbits(62)
        state = game.new_initial_state(seed=seed)
        rows: list[MoveRow] = []
        snap: Snapshot | None = None
        while len(rows) < moves and not state.is_terminal():
            if state.is_chance_node():
                action, seat = state.sample_chance(), None
            else:
                action, seat = rng.choice(state.legal_actions()), state.current_player()
            state.apply_action(action)
            msg = f"m{len(rows)}" if seat is not None else None
            rows.append(MoveRow(len(rows) + 1, seat, str(action), msg, len(state.public_log())))
            if every and len(rows) % every == 0:
                snap = Snapshot(len(rows), snapshots.snapshot_format(), snapshots.dump(state, {}))
        if state.is_terminal():
            continue  # only open tables are rebuilt on start
        row = TableRow(
            id=f"bench{made}",
            game="contest",
            players=2,
            settings=dict(game.settings),
            seed=seed,
            options={"turn_seconds": 0.0, "reaction_seconds": 0.0, "bot_delay": 0.0},
            status="playing",
            created_at=time.time(),
            finished_at=None,
            rematch_of=None,
            rematch_id=None,
            record=None,
            seats=[SeatRow(i, "human", None, secrets.token_hex(32), False) for i in range(2)],
            bot_seed=secrets.randbits(62),
        )
        store.create_table(row)
        store.append_moves(row.id, rows)
        if snap is not None:
            store.save_snapshot(row.id, snap)
        made += 1
        stored += len(rows)
    return stored


async def timed_start(url: str, every: int) -> tuple[float, int, int]:
    settings = Settings(database_url=url, bot_workers=0, snapshot_every=every)
    storage = Storage(url)
    manager = TableManager(storage, settings)
    t0 = time.perf_counter()
    count = await manager.start()
    elapsed = time.perf_counter() - t0
    replayed = sum(rt.replayed for rt in manager.live.values())
    await manager.stop()
    storage.close()
    return elapsed, count, replayed


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--tables", type=int, default=300)
    p.add_argument("--moves", type=int, default=100, help="stored moves per table")
    p.add_argument("--every", type=int, default=50, help="snapshot every this many moves")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'restart.db'}"
        storage = Storage(url)
        stored = fill(storage, args.tables, args.moves, args.every)
        print(f"{args.tables} open tables, {stored} stored moves, snapshot every {args.every}")
        elapsed, count, replayed = asyncio.run(timed_start(url, args.every))
        print(f"start from snapshots: {elapsed:.2f} s, {count} tables, {replayed} moves replayed")
        with storage.store.engine.begin() as conn:
            conn.execute(snapshots_t.delete())
        storage.close()
        elapsed, count, replayed = asyncio.run(timed_start(url, args.every))
        print(f"start replaying every move: {elapsed:.2f} s, {count} tables, {replayed} replayed")


if __name__ == "__main__":
    main()
