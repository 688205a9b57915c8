"""The ASGI app: settings, storage and table manager wired to the routers.

Kept thin on purpose (as in full-stack-fastapi-template): behaviour lives in
the manager, the runtime and the routers, so tests build an app with their own
``Settings`` and a temporary database.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from cardtable.engine.errors import CardtableError
from cardtable.server.db import Storage
from cardtable.server.errors import error_response
from cardtable.server.limits import BodyLimit
from cardtable.server.manager import TableManager
from cardtable.server.routers import games, pages, play, tables
from cardtable.server.routers.pages import STATIC
from cardtable.server.settings import Settings


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(settings.resolved_database_url())
        manager = TableManager(storage, settings)
        app.state.storage = storage
        app.state.manager = manager
        await manager.start()
        try:
            yield
        finally:
            await manager.stop()
            storage.close()

    app = FastAPI(title="cardtable", lifespan=lifespan)
    app.state.settings = settings

    @app.middleware("http")
    async def _security_headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        # the client is same-origin static files only: no inline script, no frames,
        # and no Referer that could carry a table URL elsewhere
        response.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; connect-src 'self' ws: wss:; frame-ancestors 'none'",
        )
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        return response

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
    app.include_router(games.router)
    app.include_router(tables.router)
    app.include_router(play.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
