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
    ("replays_per_minute", "replay pages one client address may fetch per minute"),
    ("max_connections", "open sockets in all (kept below the file descriptor limit)"),
    ("max_connections_per_address", "open sockets from one address, spectators included"),
    ("max_open_tables_per_address", "tables being played that one address created"),
    ("unjoined_table_seconds", "a table whose people's seats nobody opened is removed after"),
    ("bot_workers", "processes that run bot thinking"),
    ("replay_workers", "processes that build replay pages (0: a thread of the server)"),
    ("bot_move_seconds", "time budget of one bot decision"),
    ("bot_idle_share", "share of the bot workers for tables with no person at a seat"),
    ("bot_only_moves_per_second", "bot decisions a second at one table with no person"),
    ("bot_only_moves_total", "bot decisions a second at all tables with no person"),
    ("snapshot_every", "moves between saved states (bounds restart replay)"),
    ("review_seconds", "bot workers' time one game's review may take"),
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
    p.add_argument(
        "--public-url",
        default="",
        help="the address people reach this server at (https://cards.example.org): invite "
        "links are made from it and sockets from its pages allowed (default: the address "
        "each request names in its Host header)",
    )
    p.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy whose X-Forwarded-For is believed; repeatable (default: none)",
    )
    p.add_argument(
        "--allowed-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="another origin (https://host[:port]) whose pages may open the play socket; "
        "repeatable (default: only the server's own)",
    )
    many = p.add_argument_group("several processes (PostgreSQL only; see docs/server.md)")
    many.add_argument(
        "--processes",
        type=int,
        default=1,
        metavar="N",
        help="serve with N processes behind HAProxy on --host/--port, restarting any that "
        "dies (default 1: this process alone)",
    )
    many.add_argument(
        "--cluster",
        action="store_true",
        help="serve as one of several processes on one PostgreSQL database, behind a "
        "balancer that sends a table's requests to one process (deploy/haproxy.cfg)",
    )
    many.add_argument(
        "--print-haproxy-config",
        action="store_true",
        help="print the balancer's configuration for --processes N and exit",
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

    from cardtable.server.cluster import haproxy_config, is_postgres, run_cluster
    from cardtable.server.decks import ServerDecks
    from cardtable.server.main import create_app
    from cardtable.server.transport import Connections, guarded_protocols

    decks = ServerDecks.from_files(args.deck)
    settings = Settings(
        host=args.host,
        port=args.port,
        database_url=args.database or "",
        decks=tuple(decks.paths.items()),
        public_url=args.public_url.rstrip("/"),
        trusted_proxies=",".join(args.trusted_proxy),
        allowed_origins=",".join(args.allowed_origin),
        cluster=args.cluster,
        **{name: getattr(args, name) for name, _ in LIMITS},
    )
    url = settings.resolved_database_url()
    if args.processes < 1:
        print("cardtable serve: --processes must be at least 1", file=sys.stderr)
        return 2
    several = args.processes > 1 or args.cluster or args.print_haproxy_config
    if several and not is_postgres(url):
        print(
            "cardtable serve: several processes share tables through PostgreSQL; give "
            "--database postgresql://user:password@host/db (this database is "
            f"{_safe(settings)})",
            file=sys.stderr,
        )
        return 2
    if args.print_haproxy_config:
        ports = [8001 + i for i in range(args.processes)]
        print(haproxy_config(settings, ports, f"{args.host}:{args.port}"), end="")
        return 0
    problem = _upgrade(url)
    if problem:
        print(f"cardtable serve: {problem}", file=sys.stderr)
        return 2
    if args.processes > 1:
        return run_cluster(settings, args.processes, _child_argv(args))
    connections, report = connection_cap(settings.max_connections, settings.bot_workers)
    if connections <= 0:
        print(f"cardtable serve: {report}", file=sys.stderr)
        return 2
    app = create_app(settings)
    collect_less()
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "::") else args.host
    print(f"cardtable: serving on http://{shown}:{args.port}/  (database: {_safe(settings)})")
    print(
        f"connections: at most {connections} "
        f"({settings.max_connections_per_address} per address); {report}"
    )
    print("Open that address in a browser; press Ctrl-C to stop.", flush=True)
    budget = Connections(connections, settings.max_connections_per_address)
    http, ws = guarded_protocols(settings.request_seconds, budget)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        # uvloop (a dependency) where it installs: about 7% less CPU a move and
        # 9% more moves a second than asyncio's loop (benchmarks/load.py, docs/server.md)
        loop="auto",
        ws_max_size=settings.ws_max_size,
        timeout_keep_alive=int(settings.keep_alive_seconds),
        http=http,
        ws=ws,
        # X-Forwarded-For is believed only from the proxies named (none by default)
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=settings.trusted_proxies or None,
        # a peer that stops answering pings is dropped (half-open sockets)
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        # messages are small and mostly on a LAN: compression cost more CPU than it saved
        ws_per_message_deflate=False,
    )
    return 0


# the garbage collector's thresholds while serving (Python's defaults: 700, 10, 10)
GC_THRESHOLDS = (50_000, 20, 100)


def collect_less() -> None:
    """Fewer, cheaper garbage collections while serving.

    Why: at 200 tables Python's default thresholds ran a young collection every
    few hundred allocations and a full one every few seconds over every object
    the server holds; measured with ``benchmarks/load.py``, collections took 15%
    of the server's time, with pauses up to 165 ms in which no table moved. The
    objects made at start (modules, games, decks) are frozen out of every
    collection, and young collections run 70 times less often: 0.2 s of
    collection in the same run, and 9% more moves a second.
    """
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


# descriptors the server needs besides its sockets: the database, the bot workers' pipes,
# static files being sent, logs
RESERVED_DESCRIPTORS = 64
PER_BOT_WORKER = 8


def connection_cap(wanted: int, bot_workers: int) -> tuple[int, str]:
    """The connection cap that fits the process's file descriptor limit, and a report.

    Why: a socket over the descriptor limit is not refused politely, it makes
    ``accept`` fail, and then nobody (a player reconnecting included) gets in.
    The soft limit is raised toward the hard one when the cap needs it;
    otherwise the cap is lowered to fit, and the report says so.
    """
    try:
        import resource
    except ImportError:  # Windows: no descriptor limit of this kind
        return wanted, "no file descriptor limit to check"
    reserve = RESERVED_DESCRIPTORS + PER_BOT_WORKER * max(0, bot_workers)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = wanted + reserve
    if soft != resource.RLIM_INFINITY and soft < need:
        raised = need if hard == resource.RLIM_INFINITY else min(need, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY or soft >= need:
        return wanted, f"file descriptor limit {soft}"
    fitted = soft - reserve
    return fitted, (
        f"file descriptor limit {soft} (hard {hard}) leaves room for {fitted} connections, "
        f"not --max-connections {wanted}: raise the limit (ulimit -n) to serve more"
    )


def _child_argv(args: argparse.Namespace) -> list[str]:
    """This command's options again, for each process of ``--processes``."""
    out = ["--database", args.database] if args.database else []
    for deck in args.deck:
        out += ["--deck", deck]
    if args.public_url:
        out += ["--public-url", args.public_url]
    for proxy in args.trusted_proxy:
        out += ["--trusted-proxy", proxy]
    for origin in args.allowed_origin:
        out += ["--allowed-origin", origin]
    for name, _ in LIMITS:
        if name != "max_connections_per_address":
            out += ["--" + name.replace("_", "-"), str(getattr(args, name))]
    return out


def _upgrade(url: str) -> str | None:
    """Migrate the database before serving; the reason it cannot be used, if so."""
    from sqlalchemy.exc import DBAPIError

    from cardtable.server.db import make_engine
    from cardtable.server.migrate import DatabaseLayoutError, upgrade_database

    engine = make_engine(url)
    try:
        upgrade_database(engine)
    except DatabaseLayoutError as exc:
        return str(exc)
    except DBAPIError as exc:
        # one line, not a traceback: the driver's first line says what failed
        reason = str(exc.orig).strip().splitlines()[0] if exc.orig else type(exc).__name__
        where = engine.url.render_as_string(hide_password=True)
        return f"cannot use the database {where}: {reason}"
    finally:
        engine.dispose()
    return None


def _safe(settings: Any) -> str:
    """The database URL with any password hidden."""
    from sqlalchemy.engine import make_url

    return make_url(settings.resolved_database_url()).render_as_string(hide_password=True)
