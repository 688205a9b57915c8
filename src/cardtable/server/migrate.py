"""Bring a database's tables to the layout this version of cardtable uses.

Alembic migrations (``cardtable.server.migrations``) run on every server
start, in one transaction, so a layout change never strands a stored game:

* an empty database gets every migration;
* a database written before migrations existed (the three tables, no
  ``alembic_version``) is checked column by column against the baseline,
  stamped with it and upgraded;
* a database at a revision this version does not know (written by a newer
  cardtable, or by another program), or whose tables match no known layout,
  is refused with a ``DatabaseLayoutError`` that says so: starting on it
  could only misread or damage the games in it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Connection, Engine, inspect

MIGRATIONS = Path(__file__).with_name("migrations")
BASELINE = "0001"
# the pre-migration layout, as the baseline migration creates it
BASELINE_COLUMNS = {
    "ct_tables": {
        "id", "game", "players", "settings", "seed", "options", "status",
        "created_at", "finished_at", "rematch_of", "rematch_id", "record",
    },
    "ct_seats": {"table_id", "seat", "kind", "bot", "token_hash", "auto_pass"},
    "ct_moves": {"table_id", "number", "seat", "action", "msg_id", "log_len", "at"},
}  # fmt: skip
# any constant: two servers starting on one PostgreSQL database migrate one after the other
_PG_LOCK = 0x6361726474626C


class DatabaseLayoutError(RuntimeError):
    """The database holds tables this version of cardtable cannot safely use."""


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


@cache
def _scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    head = _scripts().get_current_head()
    assert head is not None, "no migrations found"
    return head


def current_revisions(connection: Connection) -> tuple[str, ...]:
    return tuple(MigrationContext.configure(connection).get_current_heads())


def upgrade_database(engine: Engine) -> None:
    """Upgrade to the newest layout, or raise ``DatabaseLayoutError``; all or nothing."""
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_PG_LOCK})")
        current = current_revisions(conn)
        if current == (head_revision(),):
            return
        config = alembic_config(conn)
        if not current:
            if _has_pre_migration_tables(conn, engine):
                command.stamp(config, BASELINE)
        else:
            _check_known(current, engine)
        command.upgrade(config, "head")


def _where(engine: Engine) -> str:
    return engine.url.render_as_string(hide_password=True)


def _check_known(current: tuple[str, ...], engine: Engine) -> None:
    for revision in current:
        try:
            known = _scripts().get_revision(revision) is not None
        except CommandError:
            known = False
        if not known:
            raise DatabaseLayoutError(
                f"the database {_where(engine)} has table layout revision {revision!r}, "
                f"which this version of cardtable does not know (its newest is "
                f"{head_revision()!r}): it was written by a newer cardtable or by another "
                "program. Upgrade cardtable, or serve another database; nothing was changed."
            )


def _has_pre_migration_tables(conn: Connection, engine: Engine) -> bool:
    """True for the layout of servers before migrations; raise on a partial or foreign one."""
    present = set(inspect(conn).get_table_names()) & set(BASELINE_COLUMNS)
    if not present:
        return False
    for table in sorted(BASELINE_COLUMNS):
        columns = (
            {c["name"] for c in inspect(conn).get_columns(table)} if table in present else set()
        )
        if columns != BASELINE_COLUMNS[table]:
            missing = sorted(BASELINE_COLUMNS[table] - columns)
            extra = sorted(columns - BASELINE_COLUMNS[table])
            raise DatabaseLayoutError(
                f"the database {_where(engine)} has cardtable tables but no layout "
                f"revision, and {table} matches no layout this version knows "
                f"(missing columns {missing}, unknown columns {extra}). "
                "Serve another database; nothing was changed."
            )
    return True
