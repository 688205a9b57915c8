"""Alembic's environment: runs migrations on the connection it is handed.

The server passes its open connection (inside its own transaction) through
``config.attributes["connection"]``; the ``alembic`` command, used only to
write a new migration, passes a database with ``-x url=...`` instead.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from cardtable.server.db import make_engine, metadata

config = context.config


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        # SQLite alters a table only by copying it: autogenerate writes batch operations
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = context.get_x_argument(as_dictionary=True).get("url")
    if not url:
        raise SystemExit("name a database: alembic -c ... -x url=sqlite:///scratch.db ...")
    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            _run(conn)
    finally:
        engine.dispose()


main()
