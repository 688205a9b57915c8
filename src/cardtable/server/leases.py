"""Which server process plays which table: one PostgreSQL advisory lock per table.

Several ``cardtable serve --cluster`` processes share one PostgreSQL database.
A table's moves must be decided in one place (its lock, its clocks, its
reaction phases, its bots), so each table being played has one *owner*: the
process holding the table's advisory lock. Why advisory locks and not a lease
row with an expiry: the lock belongs to the database session that took it,
and when a process dies — SIGKILL included — PostgreSQL ends its session and
frees every table it held at once. There is no lease clock to wait out and no
heartbeat to trust; a process whose session is gone has lost its tables, and
the moves' primary key refuses anything it might still try to commit.

The balancer sends every request naming a table to one process (a hash of the
table id), so a table is normally asked for where it lives. When it is asked
for elsewhere (a table just created by another process, or the balancer's
choice changed because a process died or came back), the asking process sends
``NOTIFY ct_handoff, '<table id>'``; the owner finishes the commit in flight,
closes the table's sockets (clients reconnect through the balancer) and lets
the lock go, and the asker takes it and loads the table from the database.

A single process (``cardtable serve``, SQLite or PostgreSQL) owns every table
of its database: ``SoleOwner`` grants everything and talks to nobody.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from sqlalchemy.engine import make_url

log = logging.getLogger("cardtable.server")

CHANNEL = "ct_handoff"


def table_key(table_id: str) -> int:
    """The table's advisory lock: 64 bits of a hash of its id (collisions: ~1 in 10^15 pairs)."""
    digest = hashlib.sha256(b"cardtable table:" + table_id.encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def libpq_url(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as libpq reads it (no ``+driver``)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Owner(Protocol):
    """What the table manager asks of ownership, whichever kind it is."""

    async def start(self) -> None: ...
    async def close(self) -> None: ...
    async def take(self, table_id: str) -> bool: ...
    async def release(self, table_id: str) -> None: ...
    async def ask_handoff(self, table_id: str) -> None: ...
    async def held(self, table_ids: Iterable[str]) -> set[str]: ...
    async def healthy(self) -> bool: ...


class SoleOwner:
    """One process, one database: every table is this process's."""

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def take(self, table_id: str) -> bool:
        return True

    async def release(self, table_id: str) -> None:
        return None

    async def ask_handoff(self, table_id: str) -> None:
        return None

    async def held(self, table_ids: Iterable[str]) -> set[str]:
        return set()

    async def healthy(self) -> bool:
        return True


class PostgresOwner:
    """Advisory locks on one session of this process's own, handoff requests on another.

    ``on_handoff(table_id)`` is called (on the event loop) when another process
    asks for a table; ``on_lost()`` when the lock session broke, which means
    every lock this process held is gone: it must stop playing all its tables.
    """

    def __init__(
        self, url: str, on_handoff: Callable[[str], None], on_lost: Callable[[], None]
    ) -> None:
        self.url = libpq_url(url)
        self.on_handoff = on_handoff
        self.on_lost = on_lost
        self._locks: Any = None  # psycopg.AsyncConnection: the session that holds the locks
        self._listen: Any = None  # the session that receives handoff requests
        self._use = asyncio.Lock()  # one query at a time on the lock session
        self._listener: asyncio.Task[None] | None = None
        self._mine: set[str] = set()
        self._closing = False
        self._recovering = False

    async def start(self) -> None:
        import psycopg

        # named, so an operator (or a test) can tell this process's sessions in pg_stat_activity
        name = f"cardtable-leases-{os.getpid()}"
        self._locks = await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, application_name=name
        )
        self._listen = await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, application_name=f"{name}-notify"
        )
        await self._listen.execute(f"LISTEN {CHANNEL}")
        self._listener = asyncio.create_task(self._receive())

    async def close(self) -> None:
        self._closing = True
        # the listener itself may be closing (its session broke): it ends on its own
        if self._listener is not None and self._listener is not asyncio.current_task():
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
        for conn in (self._listen, self._locks):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()
        self._mine.clear()

    async def _receive(self) -> None:
        try:
            async for note in self._listen.notifies():
                if note.payload in self._mine:
                    self.on_handoff(note.payload)
        except asyncio.CancelledError:
            raise
        except Exception:
            if not self._closing:
                log.exception("the handoff session to PostgreSQL broke")
                await self._lost()

    async def _lost(self) -> None:
        """The lock session (or its twin) is gone: so are this process's tables.

        Both sessions are opened again; until that works every query fails and
        ``/healthz`` says 503, so the balancer sends this process nothing.
        """
        if self._recovering:
            return
        self._recovering = True
        try:
            self._mine.clear()
            self.on_lost()
            with contextlib.suppress(Exception):
                await self.close()
            self._closing = False
            try:
                await self.start()
            except Exception:
                log.exception("PostgreSQL is unreachable; this process plays no table until it is")
        finally:
            self._recovering = False

    async def _query(self, sql: str, *args: Any) -> Any:
        async with self._use:
            try:
                cur = await self._locks.execute(sql, args)
                return await cur.fetchall()
            except Exception:
                if self._closing:
                    raise
                log.exception("the lock session to PostgreSQL broke")
                await self._lost()
                raise

    async def take(self, table_id: str) -> bool:
        if table_id in self._mine:
            return True
        rows = await self._query("SELECT pg_try_advisory_lock(%s)", table_key(table_id))
        if rows[0][0]:
            self._mine.add(table_id)
            return True
        return False

    async def release(self, table_id: str) -> None:
        if table_id not in self._mine:
            return
        self._mine.discard(table_id)
        with contextlib.suppress(Exception):
            await self._query("SELECT pg_advisory_unlock(%s)", table_key(table_id))

    async def ask_handoff(self, table_id: str) -> None:
        await self._query("SELECT pg_notify(%s, %s)", CHANNEL, table_id)

    async def held(self, table_ids: Iterable[str]) -> set[str]:
        """Which of these tables some process (this one included) holds."""
        rows = await self._query(
            "SELECT classid::bigint, objid::bigint FROM pg_locks "
            "WHERE locktype = 'advisory' AND objsubid = 1 AND granted "
            "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
        )
        # a bigint lock shows as its high and low 32 bits, each unsigned
        keys = {(int(r[0]) << 32) | int(r[1]) for r in rows}
        signed = {k - (1 << 64) if k >= 1 << 63 else k for k in keys}
        return {t for t in table_ids if table_key(t) in signed}

    async def healthy(self) -> bool:
        try:
            await self._query("SELECT 1")
        except Exception:
            return False
        return True
