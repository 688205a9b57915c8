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
    # a client message larger than this is refused with a typed error, not parsed
    max_message_bytes: int = 4096
    # the transport closes connections beyond this (well above max_message_bytes)
    ws_max_size: int = 65536
    # defaults for new tables (each table may choose its own)
    default_turn_seconds: float = 0.0
    default_reaction_seconds: float = 8.0
    max_turn_seconds: float = 3600.0
    max_tables_listed: int = 200
    # finished tables nobody watches are dropped from memory beyond this many
    max_live_tables: int = 1000

    def resolved_database_url(self) -> str:
        return self.database_url or default_database_url()
