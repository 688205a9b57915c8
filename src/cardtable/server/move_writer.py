"""Committing moves to PostgreSQL from the event loop itself, with no database thread.

Why: with moves written on database threads, every commit handed the
interpreter lock between the event loop and a thread several times (63
``futex`` calls per committed move at 200 tables), and each hand-over waited
for the holder's switch interval. An asynchronous session commits without a
thread: the event loop sends one statement and is woken by the socket when
PostgreSQL answers.

A group of tables' moves (and the records of the games that ended) is one
statement: the moves come as arrays and are inserted with ``unnest``, the
records updated in the same statement. A single statement in autocommit mode
is one transaction, so the group is all or nothing and costs one round trip.
SQLite keeps its thread (``Storage``): its driver has no asynchronous face.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import TYPE_CHECKING, Any

from cardtable.server.leases import libpq_url

if TYPE_CHECKING:
    from cardtable.server.db import MoveRow

Batch = list[tuple[str, list["MoveRow"], dict[str, Any] | None]]

_MOVES = """
WITH moved AS (
    INSERT INTO ct_moves (table_id, number, seat, action, msg_id, log_len, at)
    SELECT t, n, s, a, m, l, %(at)s
    FROM unnest(%(t)s::text[], %(n)s::int[], %(s)s::int[], %(a)s::text[], %(m)s::text[],
                %(l)s::int[]) AS u(t, n, s, a, m, l)
), ended AS (
    UPDATE ct_tables SET status = 'over', finished_at = %(at)s, record = u.r::json
    FROM unnest(%(ids)s::text[], %(rs)s::text[]) AS u(id, r)
    WHERE ct_tables.id = u.id
)
SELECT 1
"""


class PostgresMoveWriter:
    """A few autocommit sessions on the event loop; a group borrows one while it is written."""

    def __init__(self, url: str) -> None:
        self.url = libpq_url(url)
        self._idle: list[Any] = []  # psycopg.AsyncConnection, free to write a group
        self._loop: asyncio.AbstractEventLoop | None = None

    async def _session(self) -> Any:
        import psycopg

        loop = asyncio.get_running_loop()
        if loop is not self._loop:  # sessions wait on their loop's sockets: a new loop, new ones
            self.close()
            self._loop = loop
        if self._idle:
            return self._idle.pop()
        return await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, application_name="cardtable-moves"
        )

    async def append_batch(self, batch: Batch) -> None:
        """Commit several tables' moves and records in one statement; raises if any is refused."""
        params: dict[str, Any] = {
            "at": time.time(),
            "t": [],
            "n": [],
            "s": [],
            "a": [],
            "m": [],
            "l": [],
            "ids": [],
            "rs": [],
        }
        for table_id, moves, record in batch:
            for m in moves:
                params["t"].append(table_id)
                params["n"].append(m.number)
                params["s"].append(m.seat)
                params["a"].append(m.action)
                params["m"].append(m.msg_id)
                params["l"].append(m.log_len)
            if record is not None:
                params["ids"].append(table_id)
                # as SQLAlchemy's JSON column writes it, so either path reads it back the same
                params["rs"].append(json.dumps(record))
        conn = await self._session()
        try:
            await conn.execute(_MOVES, params, prepare=True)
        except BaseException:
            # a refused group leaves the session usable, a broken one does not: drop it either way
            with contextlib.suppress(Exception):
                await conn.close()
            raise
        self._idle.append(conn)

    async def aclose(self) -> None:
        idle, self._idle = self._idle, []
        for conn in idle:
            with contextlib.suppress(Exception):
                await conn.close()

    def close(self) -> None:
        """Close from outside any event loop (the sessions' loop may be gone)."""
        idle, self._idle = self._idle, []
        for conn in idle:
            with contextlib.suppress(Exception):
                conn.pgconn.finish()
