"""Reviews of finished games, stored so that a second look is instant.

``ct_reviews`` holds, per finished table and seat, the search's verdict on each
of that seat's decisions (``cardtable.server.reviews``). ``format`` names the
review's version and reviewer; a row of another format is reviewed again, not
trusted. Additive: no other table changes.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "ct_reviews",
        sa.Column("table_id", sa.String(40), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("format", sa.String(128), nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ct_reviews")
