"""``/api/tables/{id}/review``: a finished game's review of one seat (``server/reviews.py``).

Anyone may ask once the game is over (the record is public then); before, the
answer is 409 ``not_now``, since the seat's decisions are not all made and the
record is not public.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request

from cardtable.server.deps import manager_of, table_or_404
from cardtable.server.reviews import reviewer_of
from cardtable.server.routers.tables import client_of
from cardtable.server.runtime import TableRuntime

router = APIRouter(prefix="/api/tables", tags=["reviews"])


async def finished(request: Request, table_id: str) -> TableRuntime:
    rt = await table_or_404(manager_of(request), table_id)
    if rt.status != "over" or rt.row.record is None:
        raise HTTPException(409, "a review is available once the game is over")
    return rt


@router.post("/{table_id}/review")
async def start_review(table_id: str, seat: int, request: Request) -> dict[str, Any]:
    """Start reviewing ``seat`` (or report the review stored or under way)."""
    rt = await finished(request, table_id)
    return await reviewer_of(request.app).start(rt, seat, client_of(request))


@router.get("/{table_id}/review")
async def get_review(table_id: str, seat: int, request: Request) -> dict[str, Any]:
    """The stored review, or the progress of the one being made (``done`` of ``total``)."""
    rt = await finished(request, table_id)
    return await reviewer_of(request.app).status(rt, seat)
