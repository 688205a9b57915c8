"""``cardtable serve``: the game server and browser client on one port."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(sub: Any) -> None:
    p = sub.add_parser("serve", help="serve the browser client and game server")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument(
        "--database",
        default=None,
        help="SQLAlchemy URL, e.g. postgresql://user:pw@host/db "
        "(default: a SQLite file in your data folder, or $CARDTABLE_DATABASE)",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # imported here so that other commands never pay for the web stack
    import uvicorn

    from cardtable.server.main import create_app
    from cardtable.server.settings import Settings

    settings = Settings(host=args.host, port=args.port, database_url=args.database or "")
    problem = _upgrade(settings.resolved_database_url())
    if problem:
        print(f"cardtable serve: {problem}", file=sys.stderr)
        return 2
    app = create_app(settings)
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "::") else args.host
    print(f"cardtable: serving on http://{shown}:{args.port}/  (database: {_safe(settings)})")
    print("Open that address in a browser; press Ctrl-C to stop.", flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=settings.ws_max_size,
        # messages are small and mostly on a LAN: compression cost more CPU than it saved
        ws_per_message_deflate=False,
    )
    return 0


def _upgrade(url: str) -> str | None:
    """Migrate the database before serving; the reason it cannot be used, if so."""
    from cardtable.server.db import make_engine
    from cardtable.server.migrate import DatabaseLayoutError, upgrade_database

    engine = make_engine(url)
    try:
        upgrade_database(engine)
    except DatabaseLayoutError as exc:
        return str(exc)
    finally:
        engine.dispose()
    return None


def _safe(settings: Any) -> str:
    """The database URL with any password hidden."""
    from sqlalchemy.engine import make_url

    return make_url(settings.resolved_database_url()).render_as_string(hide_password=True)
