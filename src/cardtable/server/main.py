"""The ASGI app: settings, storage and table manager wired to the routers.

Kept thin on purpose (as in full-stack-fastapi-template): behaviour lives in
the manager, the runtime and the routers, so tests build an app with their own
``Settings`` and a temporary database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from cardtable.engine.errors import CardtableError
from cardtable.server.db import Storage
from cardtable.server.errors import error_response
from cardtable.server.limits import BodyLimit, RateLimit, SecurityHeaders
from cardtable.server.manager import SWEEP_SECONDS, TableManager
from cardtable.server.replays import Replayer
from cardtable.server.reviews import install as install_reviews
from cardtable.server.routers import games, health, pages, play, tables
from cardtable.server.routers.pages import STATIC
from cardtable.server.settings import Settings

log = logging.getLogger("cardtable.server")

# HTTP refusals raised as ``HTTPException`` -> the stable code clients switch on
HTTP_CODES = {
    403: "bad_token",
    404: "not_found",
    405: "method",
    409: "not_now",
    429: "limited",
    503: "busy",
}


async def _expire_unjoined(manager: TableManager, every: float) -> None:
    """Remove tables nobody joined in time, now and then (each pass is a few lookups)."""
    while True:
        try:
            await manager.expire_unjoined()
        except Exception:  # a failed pass is tried again; the server carries on
            log.exception("expiring unjoined tables failed")
        await asyncio.sleep(every)


async def _sweep(manager: TableManager, every: float) -> None:
    """A cluster's process adopts tables nobody plays (their owner died) now and then."""
    while True:
        await asyncio.sleep(every)
        try:
            await manager.adopt_orphans()
        except Exception:  # PostgreSQL away for a moment: the next pass tries again
            log.exception("looking for tables nobody plays failed")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(settings.resolved_database_url())
        manager = TableManager(storage, settings)
        app.state.storage = storage
        app.state.manager = manager
        await manager.start()
        every = max(0.05, min(60.0, settings.unjoined_table_seconds / 4))
        tasks = [asyncio.create_task(_expire_unjoined(manager, every))]
        if settings.cluster:
            tasks.append(asyncio.create_task(_sweep(manager, SWEEP_SECONDS)))
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await manager.stop()
            await storage.aclose()
            storage.close()
            app.state.replayer.close()

    app = FastAPI(title="cardtable", lifespan=lifespan)
    app.state.settings = settings
    app.state.replay_rate = RateLimit(settings.replays_per_minute, "replay pages")
    app.state.replayer = Replayer(settings.replay_workers)

    @app.exception_handler(HTTPException)
    async def _http_refusal(_request: Request, exc: HTTPException) -> JSONResponse:
        code = HTTP_CODES.get(exc.status_code, "refused")
        return JSONResponse(
            {"detail": exc.detail, "code": code}, status_code=exc.status_code, headers=exc.headers
        )

    @app.exception_handler(CardtableError)
    async def _bad_input(_request: Request, exc: CardtableError) -> JSONResponse:
        return error_response(exc)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # where and why, never the input itself (it may be NaN, huge, or not text)
        errors = [
            {
                "loc": [str(p) for p in e.get("loc", ())],
                "msg": str(e.get("msg", "")),
                "type": e.get("type"),
            }
            for e in exc.errors()[:20]
        ]
        return JSONResponse({"detail": errors, "code": "invalid"}, status_code=422)

    app.add_middleware(
        BodyLimit,
        max_bytes=settings.max_request_bytes,
        max_depth=settings.max_json_depth,
        seconds=settings.request_seconds,
    )
    # outermost: the BodyLimit's own refusals get the headers too
    app.add_middleware(SecurityHeaders)
    app.include_router(health.router)
    app.include_router(games.router)
    app.include_router(tables.router)
    app.include_router(play.router)
    app.include_router(pages.router)
    install_reviews(app)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
