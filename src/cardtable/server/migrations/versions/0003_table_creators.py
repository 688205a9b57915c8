"""Who created each table, as a hash of the address: limits that hold across processes.

``ct_creators`` holds, per table, a keyed hash of the creating client's address
and when it was made. Several server processes on one PostgreSQL count tables
per address (being played, made in the last minute) from here instead of their
own memory, so a client cannot multiply its allowance by the number of
processes. Additive: older tables have no row and count for nobody.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "ct_creators",
        sa.Column("table_id", sa.String(40), primary_key=True),
        sa.Column("address", sa.String(64), nullable=False, index=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ct_creators")
