"""Storage: tables, seats and every committed move, through SQLAlchemy Core.

One schema and one code path for SQLite (the default file) and PostgreSQL.
Moves are the source of truth: a table's state is rebuilt by replaying its
moves through the engine, so a crash loses nothing that was acknowledged —
the server acknowledges a move only after ``append_moves`` has committed.

All methods are synchronous; ``Storage`` runs them on worker threads so the
event loop never blocks on disk (one thread for SQLite, which never sees two
writers at once). On PostgreSQL the moves, the bulk of the writes, are
committed from the event loop instead (``move_writer``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url

from cardtable.server.migrate import upgrade_database
from cardtable.server.move_writer import PostgresMoveWriter

T = TypeVar("T")

metadata = MetaData()

tables_t = Table(
    "ct_tables",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("settings", JSON, nullable=False),
    # secret: seeds the chance RNG; published only inside the finished record
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
    Column("finished_at", Float, nullable=True),
    Column("rematch_of", String(40), nullable=True),
    Column("rematch_id", String(40), nullable=True),
    Column("record", JSON, nullable=True),
)

seats_t = Table(
    "ct_seats",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # "human" or "bot"
    Column("bot", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True, index=True),
    Column("auto_pass", Boolean, nullable=False, default=False),
)

moves_t = Table(
    "ct_moves",
    metadata,
    Column("table_id", String(40), primary_key=True),
    # the move number after this action (1 for the first action)
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),  # None for a chance outcome
    Column("action", Text, nullable=False),
    Column("msg_id", String(80), nullable=True),
    # length of the public log after this action: lets a reconnecting seat
    # receive exactly the lines it has not seen
    Column("log_len", Integer, nullable=False),
    Column("at", Float, nullable=False),
)

# Added without changing the tables above (new tables only, so an existing
# database gains them through ``create_all`` and older rows keep working).

bot_seeds_t = Table(
    "ct_bot_seeds",
    metadata,
    Column("table_id", String(40), primary_key=True),
    # secret: the bots' own randomness, independent of the dealing seed; never published
    Column("seed", BigInteger, nullable=False),
)

snapshots_t = Table(
    "ct_snapshots",
    metadata,
    Column("table_id", String(40), primary_key=True),
    # the move number the snapshot was taken after
    Column("number", Integer, nullable=False),
    # what wrote it (package version and format): any other is ignored, not trusted
    Column("format", String(64), nullable=False),
    Column("data", LargeBinary, nullable=False),
)

creators_t = Table(
    "ct_creators",
    metadata,
    Column("table_id", String(40), primary_key=True),
    # a keyed hash of the creating client's address (``tokens.address_key``), never the address
    Column("address", String(64), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
)

reviews_t = Table(
    "ct_reviews",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    # the review's version and reviewer (``reviews.review_format``): another is reviewed again
    Column("format", String(128), nullable=False),
    # the verdicts (finished games only; read and written by ``server/reviews_db.py``)
    Column("data", JSON, nullable=False),
    Column("created_at", Float, nullable=False),
)


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    token_hash: str | None
    auto_pass: bool


@dataclass
class MoveRow:
    number: int
    seat: int | None
    action: str
    msg_id: str | None
    log_len: int


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    settings: dict[str, Any]
    seed: int
    options: dict[str, Any]
    status: str
    created_at: float
    finished_at: float | None
    rematch_of: str | None
    rematch_id: str | None
    record: dict[str, Any] | None
    seats: list[SeatRow]
    bot_seed: int | None = None


@dataclass(frozen=True)
class CreationCounts:
    """What the limits on new tables are judged by, read where the table is stored."""

    playing: int  # tables being played
    bot_only: int  # of them, tables with no person's seat
    playing_here: int  # tables being played that this address created
    made_here_last_minute: int  # tables this address created in the last minute


@dataclass
class Snapshot:
    number: int
    format: str
    data: bytes


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL so readers never wait for the writer."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            # the driver's own transaction handling leaves DDL outside transactions;
            # BEGIN below makes every transaction real, so a migration is all or nothing
            dbapi_conn.isolation_level = None
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            # NORMAL in WAL mode survives a killed process (the WAL is written
            # before commit returns); only an OS crash could lose the last commits.
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Any) -> None:
            conn.exec_driver_sql("BEGIN")

        return engine
    if parsed.get_backend_name() == "postgresql" and parsed.get_driver_name() in ("", "psycopg2"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return create_engine(parsed, pool_pre_ping=True, pool_size=10, max_overflow=10)


class Store:
    """Synchronous data access; every write is one transaction.

    Opening a store upgrades the database to the newest table layout, or
    refuses it (``cardtable.server.migrate``). ``metadata`` above must always
    equal what the migrations build; the migration tests check it.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        upgrade_database(self.engine)

    def create_table(
        self,
        row: TableRow,
        creator: str | None = None,
        check: Callable[[CreationCounts], None] | None = None,
    ) -> None:
        """Store a new table; ``check`` may refuse it from the counts, in the same transaction.

        ``creator`` is the creating address's key (``tokens.address_key``). The
        counts are not locked: creations being stored at the same moment (in any
        process) do not see each other, so a limit can be passed by as many
        tables as are created at once; serialising every creation of a cluster
        cost more than that is worth.
        """
        with self.engine.begin() as conn:
            if check is not None:
                check(self._creation_counts(conn, creator, row.created_at))
            if creator is not None:
                conn.execute(
                    insert(creators_t).values(
                        table_id=row.id, address=creator, created_at=row.created_at
                    )
                )
            conn.execute(
                insert(tables_t).values(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    settings=row.settings,
                    seed=row.seed,
                    options=row.options,
                    status=row.status,
                    created_at=row.created_at,
                    rematch_of=row.rematch_of,
                )
            )
            conn.execute(
                insert(seats_t),
                [
                    {
                        "table_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "token_hash": s.token_hash,
                        "auto_pass": s.auto_pass,
                    }
                    for s in row.seats
                ],
            )
            if row.bot_seed is not None:
                conn.execute(insert(bot_seeds_t).values(table_id=row.id, seed=row.bot_seed))
            if row.rematch_of is not None:
                conn.execute(
                    update(tables_t)
                    .where(tables_t.c.id == row.rematch_of)
                    .values(rematch_id=row.id)
                )

    @staticmethod
    def _creation_counts(conn: Any, creator: str | None, now: float) -> CreationCounts:
        """The four counts in one statement (one round trip to the database)."""
        playing = tables_t.c.status == "playing"
        people = (
            select(seats_t.c.table_id)
            .where(seats_t.c.table_id == tables_t.c.id, seats_t.c.kind == "human")
            .exists()
        )
        count = select(func.count()).select_from(tables_t)
        joined = tables_t.join(creators_t, creators_t.c.table_id == tables_t.c.id)
        row = conn.execute(
            select(
                count.where(playing).scalar_subquery(),
                count.where(playing, ~people).scalar_subquery(),
                select(func.count())
                .select_from(joined)
                .where(playing, creators_t.c.address == creator)
                .scalar_subquery(),
                select(func.count())
                .select_from(creators_t)
                .where(creators_t.c.address == creator, creators_t.c.created_at > now - 60.0)
                .scalar_subquery(),
            )
        ).one()
        return CreationCounts(
            playing=int(row[0]),
            bot_only=int(row[1]),
            playing_here=int(row[2]) if creator is not None else 0,
            made_here_last_minute=int(row[3]) if creator is not None else 0,
        )

    def append_moves(
        self,
        table_id: str,
        moves: list[MoveRow],
        finished_record: dict[str, Any] | None = None,
    ) -> None:
        """Commit moves (and the final record when the game ends) atomically."""
        self.append_batch([(table_id, moves, finished_record)])

    def append_batch(self, batch: list[tuple[str, list[MoveRow], dict[str, Any] | None]]) -> None:
        """Several tables' moves in one transaction: one flush to disk for all of them."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                insert(moves_t),
                [
                    {
                        "table_id": table_id,
                        "number": m.number,
                        "seat": m.seat,
                        "action": m.action,
                        "msg_id": m.msg_id,
                        "log_len": m.log_len,
                        "at": now,
                    }
                    for table_id, moves, _ in batch
                    for m in moves
                ],
            )
            for table_id, _, record in batch:
                if record is not None:
                    conn.execute(
                        update(tables_t)
                        .where(tables_t.c.id == table_id)
                        .values(status="over", finished_at=now, record=record)
                    )

    def set_bot_seed(self, table_id: str, seed: int) -> None:
        """For tables stored before bots had their own seed."""
        with self.engine.begin() as conn:
            conn.execute(insert(bot_seeds_t).values(table_id=table_id, seed=seed))

    def save_snapshot(self, table_id: str, snap: Snapshot) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(snapshots_t).where(snapshots_t.c.table_id == table_id))
            conn.execute(
                insert(snapshots_t).values(
                    table_id=table_id, number=snap.number, format=snap.format, data=snap.data
                )
            )

    def load_snapshot(self, table_id: str) -> Snapshot | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(snapshots_t).where(snapshots_t.c.table_id == table_id)).first()
            return None if r is None else Snapshot(r.number, r.format, bytes(r.data))

    def drop_snapshot(self, table_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(snapshots_t).where(snapshots_t.c.table_id == table_id))

    def delete_table(self, table_id: str) -> None:
        """Remove a table and everything stored for it (an expired table nobody joined)."""
        with self.engine.begin() as conn:
            for t in (moves_t, seats_t, bot_seeds_t, snapshots_t, creators_t):
                conn.execute(delete(t).where(t.c.table_id == table_id))
            conn.execute(
                update(tables_t).where(tables_t.c.rematch_id == table_id).values(rematch_id=None)
            )
            conn.execute(delete(tables_t).where(tables_t.c.id == table_id))

    def playing_ids(self) -> dict[str, tuple[float, bool]]:
        """Tables being played: when each was made, and whether it has a person's seat."""
        people = (
            select(seats_t.c.table_id)
            .where(seats_t.c.table_id == tables_t.c.id, seats_t.c.kind == "human")
            .exists()
        )
        with self.engine.connect() as conn:
            q = select(tables_t.c.id, tables_t.c.created_at, people.label("people"))
            q = q.where(tables_t.c.status == "playing").order_by(tables_t.c.created_at)
            return {r.id: (float(r.created_at), bool(r.people)) for r in conn.execute(q)}

    def count_tables(self, status: str) -> int:
        with self.engine.connect() as conn:
            q = select(func.count()).select_from(tables_t).where(tables_t.c.status == status)
            return int(conn.execute(q).scalar_one())

    def set_auto_pass(self, table_id: str, seat: int, on: bool) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(seats_t)
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                .values(auto_pass=on)
            )

    def set_options(self, table_id: str, options: dict[str, Any]) -> None:
        """Store a table's options again (a person's name, given after the table was made)."""
        with self.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(options=options))

    def set_token_hashes(self, table_id: str, seats: list[SeatRow]) -> None:
        with self.engine.begin() as conn:
            for s in seats:
                conn.execute(
                    update(seats_t)
                    .where(seats_t.c.table_id == table_id, seats_t.c.seat == s.seat)
                    .values(token_hash=s.token_hash)
                )

    def _bot_seeds(self, conn: Any, table_ids: list[str]) -> dict[str, int]:
        if not table_ids:
            return {}
        rows = conn.execute(select(bot_seeds_t).where(bot_seeds_t.c.table_id.in_(table_ids)))
        return {r.table_id: r.seed for r in rows}

    def _seats(self, conn: Any, table_ids: list[str]) -> dict[str, list[SeatRow]]:
        out: dict[str, list[SeatRow]] = {t: [] for t in table_ids}
        if not table_ids:
            return out
        rows = conn.execute(
            select(seats_t).where(seats_t.c.table_id.in_(table_ids)).order_by(seats_t.c.seat)
        )
        for r in rows:
            out[r.table_id].append(SeatRow(r.seat, r.kind, r.bot, r.token_hash, bool(r.auto_pass)))
        return out

    @staticmethod
    def _table(r: Any, seats: list[SeatRow], bot_seed: int | None = None) -> TableRow:
        return TableRow(
            id=r.id,
            game=r.game,
            players=r.players,
            settings=r.settings,
            seed=r.seed,
            options=r.options,
            status=r.status,
            created_at=r.created_at,
            finished_at=r.finished_at,
            rematch_of=r.rematch_of,
            rematch_id=r.rematch_id,
            record=r.record,
            seats=seats,
            bot_seed=bot_seed,
        )

    def load_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if r is None:
                return None
            seeds = self._bot_seeds(conn, [table_id])
            return self._table(r, self._seats(conn, [table_id])[table_id], seeds.get(table_id))

    def list_tables(self, status: str | None = None, limit: int = 200) -> list[TableRow]:
        with self.engine.connect() as conn:
            q = select(tables_t).order_by(tables_t.c.created_at.desc()).limit(limit)
            if status is not None:
                q = q.where(tables_t.c.status == status)
            rows = list(conn.execute(q))
            ids = [r.id for r in rows]
            seats = self._seats(conn, ids)
            seeds = self._bot_seeds(conn, ids)
            return [self._table(r, seats[r.id], seeds.get(r.id)) for r in rows]

    def load_moves(self, table_id: str) -> list[MoveRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(moves_t).where(moves_t.c.table_id == table_id).order_by(moves_t.c.number)
            )
            return [MoveRow(r.number, r.seat, r.action, r.msg_id, r.log_len) for r in rows]

    def close(self) -> None:
        self.engine.dispose()


# moves of at most this many tables go into one transaction
BATCH_TABLES = 256


class Storage:
    """The async face of ``Store``: calls run on database threads, off the event loop.

    SQLite gets one thread (it has one writer anyway); PostgreSQL several, so
    that tables commit in parallel. Order within a table needs no help: a table
    holds its lock until its commit returns.

    Moves are committed in groups (``commit_moves``): what the tables ask to
    store while a group is being written is written together next, in one
    transaction. Why: a durable commit waits for the disk, and at hundreds of
    tables the waits, not the work, limited the moves a second; a group pays one
    wait for all its tables. A group that fails is written again table by table,
    so one table's refusal (a move number already stored) is that table's alone.
    """

    def __init__(self, url: str) -> None:
        self.store = Store(url)
        workers = 1 if self.store.engine.dialect.name == "sqlite" else 8
        # PostgreSQL's groups are committed from the event loop (no thread, no lock hand-over)
        self._writer = None if workers == 1 else PostgresMoveWriter(url)
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="cardtable-db")
        # groups written at once: on SQLite one (one writer), on PostgreSQL a few, so a
        # group fills while the previous one waits for the disk
        self._writers = 1 if workers == 1 else 3
        self._writing = 0
        self._waiting: list[
            tuple[str, list[MoveRow], dict[str, Any] | None, asyncio.Future[None]]
        ] = []

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, fn, *args)

    async def commit_moves(
        self, table_id: str, moves: list[MoveRow], record: dict[str, Any] | None
    ) -> None:
        """Store a table's moves (and its record if the game ended); returns once committed."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((table_id, moves, record, done))
        if self._writing < self._writers:
            self._writing += 1
            asyncio.ensure_future(self._write_groups())
        await done

    async def _write_groups(self) -> None:
        try:
            while self._waiting:
                group = self._waiting[:BATCH_TABLES]
                del self._waiting[:BATCH_TABLES]
                batch = [(t, m, r) for t, m, r, _ in group]
                try:
                    if self._writer is not None:
                        await self._writer.append_batch(batch)
                    else:
                        await self.run(self.store.append_batch, batch)
                    failures: list[BaseException | None] = [None] * len(group)
                except Exception:
                    failures = []
                    for t, m, r, _ in group:
                        try:
                            await self.run(self.store.append_moves, t, m, r)
                            failures.append(None)
                        except Exception as exc:
                            failures.append(exc)
                for (_, _, _, done), failure in zip(group, failures, strict=True):
                    if done.done():
                        continue
                    if failure is None:
                        done.set_result(None)
                    else:
                        done.set_exception(failure)
        finally:
            self._writing -= 1

    async def aclose(self) -> None:
        """Close the sessions that commit from the event loop, on that loop."""
        if self._writer is not None:
            await self._writer.aclose()

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        self._pool.shutdown(wait=True)
        self.store.close()
