"""Shared request helpers: the table manager and the seat a token opens."""

from __future__ import annotations

from fastapi import HTTPException, Request

from cardtable.server.manager import TableBusy, TableManager, TableNotFound
from cardtable.server.runtime import TableRuntime
from cardtable.server.tokens import hash_token


def manager_of(request: Request) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


async def table_or_404(manager: TableManager, table_id: str) -> TableRuntime:
    try:
        return await manager.get(table_id)
    except TableNotFound:
        raise HTTPException(404, f"there is no table {table_id!r}") from None
    except TableBusy:
        raise HTTPException(
            503,
            "the table is being moved between server processes; try again in a moment",
            headers={"Retry-After": "1"},
        ) from None


def seat_of(rt: TableRuntime, token: str | None) -> int:
    seat = rt.seat_for_token_hash(hash_token(token)) if token else None
    if seat is None:
        raise HTTPException(403, "this seat token does not open a seat at this table")
    return seat
