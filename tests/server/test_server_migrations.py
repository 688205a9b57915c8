"""Table layout migrations: stored games survive an upgrade; unknown layouts are refused.

``data/pre_alembic_games.json`` holds the rows that ``cardtable serve`` wrote
before migrations existed (five contest tables: in progress with people and
bots, a finished game and its rematch), with the invite tokens. The tests
rebuild that database with the old server's own code path (``create_all`` of
the layout below, frozen as it was) on SQLite and on PostgreSQL, start the
current server on it and play every game to its end.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
from pathlib import Path

import httpx
import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from ct_server_helpers import Player, ServerProcess, cardtable_exe
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    insert,
    inspect,
    text,
)

from cardtable.server.db import Store, make_engine, metadata
from cardtable.server.migrate import DatabaseLayoutError, head_revision, upgrade_database

FIXTURE = Path(__file__).with_name("data") / "pre_alembic_games.json"

# The layout before migrations, exactly as that server declared it. Frozen.
legacy = MetaData()
Table(
    "ct_tables",
    legacy,
    Column("id", String(40), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("settings", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
    Column("finished_at", Float, nullable=True),
    Column("rematch_of", String(40), nullable=True),
    Column("rematch_id", String(40), nullable=True),
    Column("record", JSON, nullable=True),
)
Table(
    "ct_seats",
    legacy,
    Column("table_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("bot", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True, index=True),
    Column("auto_pass", Boolean, nullable=False, default=False),
)
Table(
    "ct_moves",
    legacy,
    Column("table_id", String(40), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("action", Text, nullable=False),
    Column("msg_id", String(80), nullable=True),
    Column("log_len", Integer, nullable=False),
    Column("at", Float, nullable=False),
)


def build_legacy_database(url: str) -> dict:
    """The old server's database with its stored games; returns the fixture."""
    stored = json.loads(FIXTURE.read_text())
    engine = make_engine(url)
    try:
        legacy.create_all(engine)
        with engine.begin() as conn:
            for name in ("ct_tables", "ct_seats", "ct_moves"):
                conn.execute(insert(legacy.tables[name]), stored[name])
    finally:
        engine.dispose()
    return stored


def revisions(url: str) -> list[str]:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return list(MigrationContext.configure(conn).get_current_heads())
    finally:
        engine.dispose()


def test_migrations_build_exactly_the_tables_the_code_declares(database):
    """A forgotten migration (``metadata`` changed, no migration added) fails here."""
    engine = make_engine(database)
    try:
        upgrade_database(engine)
        with engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            assert compare_metadata(context, metadata) == []
            assert MigrationContext.configure(conn).get_current_heads() == (head_revision(),)
    finally:
        engine.dispose()


def test_games_stored_before_migrations_are_finished_after_the_upgrade(database):
    stored = build_legacy_database(database)
    assert revisions(database) == []
    moves = {t["id"]: [] for t in stored["ct_tables"]}
    for m in stored["ct_moves"]:
        moves[m["table_id"]].append(m["action"])
    server = ServerProcess(database)
    server.start()
    try:
        assert revisions(database) == [head_revision()]
        api = httpx.Client(base_url=server.base, timeout=10)
        listed = {t["id"]: t for t in api.get("/api/tables").json()}
        for row in stored["ct_tables"]:
            waits_for_people = any(stored["tokens"][row["id"]])
            if row["status"] == "over" or waits_for_people:
                assert listed[row["id"]]["status"] == row["status"]
            # a table of bots alone carries on by itself as soon as the server starts
        # the finished game is served as it was stored
        for row in stored["ct_tables"]:
            if row["status"] == "over":
                assert api.get(f"/api/tables/{row['id']}/record").json() == row["record"]
        players = [
            Player(server.base, table, token, seed=i)
            for i, (table, tokens) in enumerate(stored["tokens"].items())
            for token in tokens
            if token is not None and listed[table]["status"] == "playing"
        ]
        assert players, "the fixture has no game for a person to finish"

        async def finish() -> None:
            await asyncio.wait_for(asyncio.gather(*(p.run(0.0) for p in players)), 60)

        asyncio.run(finish())
        deadline = time.monotonic() + 60
        while any(api.get(f"/api/tables/{t}").json()["status"] != "over" for t in moves):
            assert time.monotonic() < deadline, "a stored game did not finish"
            time.sleep(0.1)
        for table, before in moves.items():
            actions = api.get(f"/api/tables/{table}/record").json()["actions"]
            assert len(actions) >= len(before) and actions[: len(before)] == before, table
        for p in players:
            actions = api.get(f"/api/tables/{p.table}/record").json()["actions"]
            assert all(actions[n - 1] == a for n, a in p.acked.items())
    finally:
        server.stop()
    # a second start on the upgraded database changes nothing
    store = Store(database)
    try:
        assert {t.id for t in store.list_tables("over")} == set(moves)
    finally:
        store.close()


def _set_revision(url: str, revision: str) -> None:
    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = :r"), {"r": revision})
    finally:
        engine.dispose()


def test_a_newer_layout_is_refused_with_a_clear_message(database):
    Store(database).close()
    _set_revision(database, "9999")
    with pytest.raises(DatabaseLayoutError, match="'9999'.*does not know.*newer cardtable"):
        Store(database)
    # what a person sees: `cardtable serve` stops with that message, not a traceback
    out = subprocess.run(
        [*cardtable_exe(), "serve", "--port", "1", "--database", database],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert out.returncode == 2
    assert "does not know" in out.stderr and "Traceback" not in out.stderr
    assert revisions(database) == ["9999"]  # nothing was changed


def test_unknown_tables_without_a_revision_are_refused(database):
    build_legacy_database(database)
    engine = make_engine(database)
    try:
        with engine.begin() as conn:
            conn.execute(text("ALTER TABLE ct_moves ADD COLUMN mystery INTEGER"))
        with pytest.raises(DatabaseLayoutError, match=r"ct_moves.*unknown columns \['mystery'\]"):
            upgrade_database(engine)
        assert revisions(database) == []
        assert "alembic_version" not in inspect(engine).get_table_names()
    finally:
        engine.dispose()
