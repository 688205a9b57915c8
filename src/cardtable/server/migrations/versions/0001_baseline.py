"""Baseline: the tables as the server created them before migrations existed.

A database made by that server (no ``alembic_version`` table, these three
tables) is checked against this layout and stamped with this revision.
Frozen: a later change is a new migration, never an edit here.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "ct_tables",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.Column("rematch_of", sa.String(40), nullable=True),
        sa.Column("rematch_id", sa.String(40), nullable=True),
        sa.Column("record", sa.JSON, nullable=True),
    )
    op.create_index("ix_ct_tables_status", "ct_tables", ["status"])
    op.create_table(
        "ct_seats",
        sa.Column("table_id", sa.String(40), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("auto_pass", sa.Boolean, nullable=False),
    )
    op.create_index("ix_ct_seats_token_hash", "ct_seats", ["token_hash"])
    op.create_table(
        "ct_moves",
        sa.Column("table_id", sa.String(40), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("msg_id", sa.String(80), nullable=True),
        sa.Column("log_len", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ct_moves")
    op.drop_index("ix_ct_seats_token_hash", "ct_seats")
    op.drop_table("ct_seats")
    op.drop_index("ix_ct_tables_status", "ct_tables")
    op.drop_table("ct_tables")
