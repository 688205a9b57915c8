"""``cardtable serve``: the game server and browser client on one port."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardtable.server.settings import Settings

# the limits of ``Settings`` offered as options, with what they bound
LIMITS = (
    ("tables_per_minute", "tables one client address may create per minute"),
    ("max_open_tables", "tables played at once"),
    ("max_bot_tables", "tables with no person played at once"),
    ("max_bot_games", "games in a match at a table with no person"),
    ("max_message_bytes", "size of a socket message"),
    ("max_request_bytes", "size of an HTTP request body"),
    ("max_json_depth", "nesting depth of any JSON received"),
    ("idle_seconds", "a socket silent this long is closed"),
    ("hello_seconds", "a socket must say hello within this"),
    ("request_seconds", "a request's headers, then its body, must arrive within this"),
    ("keep_alive_seconds", "idle HTTP keep-alive connections are closed after this"),
    ("bot_workers", "processes that run bot thinking"),
    ("bot_move_seconds", "time budget of one bot decision"),
    ("snapshot_every", "moves between saved states (bounds restart replay)"),
)


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
    p.add_argument(
        "--deck",
        action="append",
        default=[],
        metavar="FILE",
        help="a deck file tables may choose by name (its file name without .toml); repeatable",
    )
    limits = p.add_argument_group("limits (each refusal is a typed error; see docs/server.md)")
    for name, help_text in LIMITS:
        default = getattr(Settings, name)
        limits.add_argument(
            "--" + name.replace("_", "-"),
            type=type(default),
            default=default,
            help=f"{help_text} (default {default})",
        )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # imported here so that other commands never pay for the web stack
    import uvicorn

    from cardtable.server.decks import ServerDecks
    from cardtable.server.main import create_app
    from cardtable.server.transport import guarded_protocol

    decks = ServerDecks.from_files(args.deck)
    settings = Settings(
        host=args.host,
        port=args.port,
        database_url=args.database or "",
        decks=tuple(decks.paths.items()),
        **{name: getattr(args, name) for name, _ in LIMITS},
    )
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
        timeout_keep_alive=int(settings.keep_alive_seconds),
        http=guarded_protocol(settings.request_seconds),
        # a peer that stops answering pings is dropped (half-open sockets)
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
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
