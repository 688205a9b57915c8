"""Stored reviews (``ct_reviews``): one row per finished table and seat.

Kept beside ``db.Store`` rather than in it: the store is the tables' and moves'
source of truth, a review is derived data that can always be computed again.
These run on the storage's database thread (``Storage.run``).
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.exc import IntegrityError

from cardtable.server.db import Store, reviews_t


def save_review(store: Store, table_id: str, seat: int, fmt: str, data: dict[str, Any]) -> None:
    """Keep ``data`` as the table's review of ``seat`` (replacing one of an older format)."""
    try:
        with store.engine.begin() as conn:
            conn.execute(
                delete(reviews_t).where(reviews_t.c.table_id == table_id, reviews_t.c.seat == seat)
            )
            conn.execute(
                insert(reviews_t).values(
                    table_id=table_id, seat=seat, format=fmt, data=data, created_at=time.time()
                )
            )
    except IntegrityError:
        # another server process stored the same review at the same moment: one is enough
        return


def load_review(store: Store, table_id: str, seat: int, fmt: str) -> dict[str, Any] | None:
    """The stored review of ``seat``, if one of this format exists."""
    with store.engine.connect() as conn:
        row = conn.execute(
            select(reviews_t.c.data).where(
                reviews_t.c.table_id == table_id,
                reviews_t.c.seat == seat,
                reviews_t.c.format == fmt,
            )
        ).first()
    return None if row is None else dict(row.data)
