"""The browser client: static HTML/JS/CSS with no build step, served as files."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

STATIC = Path(__file__).resolve().parent.parent / "static"

router = APIRouter(tags=["pages"], include_in_schema=False)


@router.get("/")
def lobby() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/t/{table_id}")
def table_page(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "table.html")


@router.get("/replay/{table_id}")
def replay_page(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "replay.html")
