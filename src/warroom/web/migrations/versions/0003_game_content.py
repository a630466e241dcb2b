"""The content pack each game was created with (``service.stored_content``): a game replays
only under that pack, so a server restarted with another ``--content`` says so instead of
replaying the game's actions under other cards or tables. Games stored before keep
``NULL`` (not said).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("content", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("content")
