"""``/healthz``: whether this process can serve, for the load balancer's checks.

A process of a cluster that has lost the database session holding its tables
answers 503, so the balancer sends its requests elsewhere until it has the
session again. The check is one query on that session, on the event loop:
it never waits behind the database threads, so a busy process is not taken
for a dead one (a false "down" would cut every socket it serves).
"""

from __future__ import annotations

import os

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from cardtable.server.deps import manager_of

router = APIRouter(tags=["health"])


@router.get("/healthz", include_in_schema=False)
async def healthz(request: Request) -> JSONResponse:
    manager = manager_of(request)
    ok = await manager.owner.healthy()
    playing = sum(1 for rt in manager.live.values() if rt.status == "playing")
    body = {"ok": ok, "process": os.getpid(), "playing": playing, "live": len(manager.live)}
    return JSONResponse(body, status_code=200 if ok else 503)
