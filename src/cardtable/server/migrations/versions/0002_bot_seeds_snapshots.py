"""Bots' own secret seeds and table snapshots: two new tables, nothing else changed.

``ct_bot_seeds`` holds each table's bot seed (drawn with ``secrets``, never
derived from the dealing seed); tables stored before it get one when they are
next loaded. ``ct_snapshots`` holds at most one saved state per table, so a
restart replays only the moves after it. Additive: older rows keep working.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "ct_bot_seeds",
        sa.Column("table_id", sa.String(40), primary_key=True),
        sa.Column("seed", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "ct_snapshots",
        sa.Column("table_id", sa.String(40), primary_key=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("format", sa.String(64), nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ct_snapshots")
    op.drop_table("ct_bot_seeds")
