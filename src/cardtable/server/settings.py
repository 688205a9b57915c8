"""Every server setting in one place, with defaults a newcomer never has to change.

The database defaults to a SQLite file in the user's data folder so that
``cardtable serve`` works with no setup; ``--database`` (or the
``CARDTABLE_DATABASE`` variable) points the same code at PostgreSQL.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path


def data_dir() -> Path:
    """The per-user data folder (XDG on Linux, Application Support on macOS, APPDATA)."""
    override = os.environ.get("CARDTABLE_DATA")
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return base / "cardtable"


def default_database_url() -> str:
    return os.environ.get("CARDTABLE_DATABASE") or f"sqlite:///{data_dir() / 'cardtable.db'}"


@dataclass(frozen=True)
class Settings:
    """Server configuration; tests build one with a temporary database."""

    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str = ""
    # one of several processes serving one PostgreSQL database (``serve --cluster``): tables
    # are owned through advisory locks and handed over on demand (``server/leases.py``)
    cluster: bool = False
    # a client message larger than this is refused with a typed error, not parsed
    max_message_bytes: int = 4096
    # the transport closes connections beyond this (well above max_message_bytes)
    ws_max_size: int = 65536
    # defaults for new tables (each table may choose its own)
    default_turn_seconds: float = 0.0
    # a reaction phase lasts its whole clock where who can answer is hidden: kept short,
    # but long enough to read the play and tap (four newcomers lost a 4 s one)
    default_reaction_seconds: float = 6.0
    # where every seat asked can answer (Contest's calls) a window closes once all have
    # answered, so a long clock costs nothing and gives a newcomer time to read
    default_open_reaction_seconds: float = 20.0
    # how long a bot waits before its turn at a table with a person (bot-only tables: 0)
    default_bot_delay: float = 1.0
    max_turn_seconds: float = 3600.0
    max_tables_listed: int = 200
    # finished tables nobody watches are dropped from memory beyond this many
    max_live_tables: int = 1000
    # decks the server was started with (``serve --deck FILE``): name -> file;
    # tables choose among these by name, never by path
    decks: tuple[tuple[str, str], ...] = ()
    # ---- limits: each refusal is typed (docs/server.md, "Limits") ----
    # tables one client address may create per minute
    tables_per_minute: int = 30
    # tables being played at once (people or bots)
    max_open_tables: int = 500
    # tables being played with no person at all
    max_bot_tables: int = 8
    # cap on settings that multiply a game's length (a match's games) at bot-only tables
    max_bot_games: int = 10
    # JSON nesting of any message or request body
    max_json_depth: int = 16
    # size of an HTTP request body
    max_request_bytes: int = 65536
    # a socket that sends nothing for this long is closed (clients ping every 30 s)
    idle_seconds: float = 300.0
    # a socket must say hello within this many seconds of opening
    hello_seconds: float = 10.0
    # an HTTP request's headers, and then its body, must arrive within this (half-sent requests)
    request_seconds: float = 10.0
    # HTTP keep-alive connections idle this long are closed (uvicorn's timeout)
    keep_alive_seconds: float = 5.0
    # replay pages one client address may ask for per minute
    replays_per_minute: int = 120
    # open sockets (HTTP and WebSocket, spectators included) in all, and from one address;
    # ``serve`` keeps the total below the process's file descriptor limit
    max_connections: int = 800
    max_connections_per_address: int = 64
    # tables being played that one client address created
    max_open_tables_per_address: int = 25
    # a table at which no person has opened a seat is removed after this long
    unjoined_table_seconds: float = 1800.0
    # ---- addresses ----
    # the address invite links are made from (e.g. https://cards.example.org); when
    # empty, the address the request was sent to
    public_url: str = ""
    # comma-separated addresses of reverse proxies whose X-Forwarded-For is believed
    # (empty: none; the peer's own address is the client's)
    trusted_proxies: str = ""
    # comma-separated origins whose pages may open the play socket, besides the
    # server's own (``public_url``, or the request's Host)
    allowed_origins: str = ""
    # ---- bots ----
    # processes that run bot thinking (0: a thread of the server process, for tests)
    bot_workers: int = 1
    # processes that build replay pages, started with the first replay asked for (0: a thread)
    replay_workers: int = 1
    # seconds one bot decision may take; searching bots are told to stop by then
    bot_move_seconds: float = 5.0
    # the share of the bot workers' time that tables with no person at a seat may take
    # while a person's table waits for its bots (people's tables go first)
    bot_idle_share: float = 0.5
    # bot-only tables: at most this many bot decisions a second per table, and in all
    bot_only_moves_per_second: float = 50.0
    bot_only_moves_total: float = 200.0
    # every this many moves a table's state is saved, so a restart replays at most this many
    snapshot_every: int = 50
    # seconds of bot-worker time one game's review may take (``reviews.py``): a long game's
    # decisions get shorter searches
    review_seconds: float = 60.0

    def resolved_database_url(self) -> str:
        return self.database_url or default_database_url()
