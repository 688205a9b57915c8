"""``/healthz``: whether this process can serve, for the load balancer's checks.

A process that cannot reach its database, or (in a cluster) has lost the
session that holds its tables, answers 503 so the balancer sends its
requests elsewhere until it recovers.
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
    if ok:
        try:
            await manager.storage.run(manager.storage.store.ping)
        except Exception:
            ok = False
    playing = sum(1 for rt in manager.live.values() if rt.status == "playing")
    body = {"ok": ok, "process": os.getpid(), "playing": playing, "live": len(manager.live)}
    return JSONResponse(body, status_code=200 if ok else 503)
