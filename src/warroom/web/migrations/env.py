"""Alembic environment: migrations run on the connection handed over by ``db.migrate``."""

from __future__ import annotations

from alembic import context

from warroom.web.db import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through warroom.web.db.migrate(engine)")
context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
