"""The ``database`` fixture: each server test that takes it runs on SQLite and on PostgreSQL.

PostgreSQL comes from ``CARDTABLE_TEST_POSTGRES``, the URL of a server where
the tests may create databases (``scripts/test`` starts a throwaway one and
sets it). Each test gets a database of its own, dropped afterwards. Without
that variable the PostgreSQL cases are skipped on a developer's machine but
fail in CI (``CI=true``): a backend the README offers must not go untested
there by accident.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

BACKENDS = ["sqlite", "postgresql"]


def postgres_admin_url() -> str:
    url = os.environ.get("CARDTABLE_TEST_POSTGRES", "")
    if url:
        return url
    message = (
        "CARDTABLE_TEST_POSTGRES is not set: run the tests with scripts/test, which "
        "starts a throwaway PostgreSQL, or point it at a server where tests may create databases"
    )
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture
def postgres_database() -> Iterator[str]:
    """A fresh, empty PostgreSQL database's URL, dropped after the test."""
    admin_url = make_url(postgres_admin_url()).set(drivername="postgresql+psycopg")
    name = f"ct_test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        yield admin_url.set(database=name).render_as_string(hide_password=False)
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path) -> str:
    """An empty database's URL: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'cardtable.db'}"
    return request.getfixturevalue("postgres_database")
