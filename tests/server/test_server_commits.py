"""Moves are committed in groups: one table's refusal stays that table's own.

``Storage.commit_moves`` writes what many tables ask to store in one
transaction. A move number already stored (a process that lost its table and
does not know it yet) must fail that table's commit alone; the other tables of
the group are stored and acknowledged.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import text

from cardtable.server.db import MoveRow, SeatRow, Storage, TableRow


def table(table_id: str) -> TableRow:
    return TableRow(
        id=table_id,
        game="contest",
        players=2,
        settings={},
        seed=1,
        options={},
        status="playing",
        created_at=time.time(),
        finished_at=None,
        rematch_of=None,
        rematch_id=None,
        record=None,
        seats=[SeatRow(0, "human", None, None, False), SeatRow(1, "human", None, None, False)],
    )


@contextmanager
def storage_with(database: str, ids: list[str]) -> Iterator[Storage]:
    """A storage on ``database`` holding a new table for each id, closed afterwards."""
    storage = Storage(database)
    try:
        for t in ids:
            storage.store.create_table(table(t))
        yield storage
    finally:
        storage.close()


def test_a_conflicting_table_fails_alone_in_its_group(database):
    ids = [f"t{i}" for i in range(6)]
    with storage_with(database, ids) as storage:
        storage.store.append_moves("t0", [MoveRow(1, 0, "first", "a", 1)])

        async def commit_all() -> list[BaseException | None]:
            results = await asyncio.gather(
                *(
                    storage.commit_moves(t, [MoveRow(1, 0, f"move-of-{t}", None, 1)], None)
                    for t in ids
                ),
                return_exceptions=True,
            )
            return [r if isinstance(r, BaseException) else None for r in results]

        results = asyncio.run(commit_all())
        assert results[0] is not None, "a second move 1 for t0 was stored"
        assert results[1:] == [None] * 5
        assert [m.action for m in storage.store.load_moves("t0")] == ["first"]
        for t in ids[1:]:
            assert [m.action for m in storage.store.load_moves(t)] == [f"move-of-{t}"]


@pytest.mark.parametrize("tables", [1, 40])
def test_finished_records_are_stored_with_their_group(database, tables):
    ids = [f"f{i}" for i in range(tables)]
    with storage_with(database, ids) as storage:

        async def commit_all() -> None:
            await asyncio.gather(
                *(
                    storage.commit_moves(t, [MoveRow(1, 1, "end", None, 2)], {"actions": ["end"]})
                    for t in ids
                )
            )

        asyncio.run(commit_all())
        for t in ids:
            row = storage.store.load_table(t)
            assert row is not None and row.status == "over" and row.record == {"actions": ["end"]}


def test_moves_are_stored_after_the_commit_sessions_are_cut(postgres_database):
    # PostgreSQL's groups are committed on sessions of the event loop's own; when they are
    # ended under it (a restart, an administrator), the next groups still store every move
    ids = [f"c{i}" for i in range(4)]
    with storage_with(postgres_database, ids) as storage:

        async def commit_round(number: int) -> None:
            await asyncio.gather(
                *(
                    storage.commit_moves(
                        t, [MoveRow(number, 0, f"m{number}-{t}", None, number)], None
                    )
                    for t in ids
                )
            )

        async def run() -> int:
            await commit_round(1)
            with storage.store.engine.connect() as conn:
                ended = conn.execute(
                    text(
                        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                        "WHERE application_name = 'cardtable-moves'"
                    )
                ).scalar_one()
            for number in (2, 3, 4):
                await commit_round(number)
            await storage.aclose()
            return int(ended)

        ended = asyncio.run(run())
        assert ended >= 1, "no commit session was found to end"
        for t in ids:
            stored = [m.action for m in storage.store.load_moves(t)]
            assert stored == [f"m{n}-{t}" for n in (1, 2, 3, 4)]
