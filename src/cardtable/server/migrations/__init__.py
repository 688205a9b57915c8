"""Alembic migrations of the server's tables (see ``cardtable.server.migrate``)."""
