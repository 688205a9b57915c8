"""Decks a server offers: files named on the command line, chosen by name over the network.

A table request never names a file. Settings that the engine marks as naming
files (``Setting.files``, e.g. Chez Geek's ``deck``) are taken from a request
only as names of decks the server was started with (``cardtable serve --deck
FILE``); the server resolves them to its own paths when it builds the game,
and every public view shows the names. Anything else — a path, an unknown
name — is refused with a ``SettingError`` that does not say whether such a
file exists.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cardtable.engine.errors import SettingError
from cardtable.engine.registry import game_info

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")


def deck_name(path: str) -> str:
    """``decks/my-house.toml`` -> ``my-house``: the name a deck is offered under."""
    stem = re.sub(r"[^A-Za-z0-9_-]", "-", Path(path).stem).strip("-_") or "deck"
    return stem[:40]


class ServerDecks:
    """Name -> file of the decks this server was started with."""

    def __init__(self, decks: tuple[tuple[str, str], ...] = ()) -> None:
        self.paths: dict[str, str] = {}
        for name, path in decks:
            if not NAME.fullmatch(name):
                raise SettingError(f"deck name {name!r}: use letters, digits, '-' and '_'")
            if name in self.paths:
                raise SettingError(f"two decks are named {name!r}; rename one file")
            self.paths[name] = path

    @classmethod
    def from_files(cls, files: list[str]) -> ServerDecks:
        for f in files:
            if not Path(f).is_file():
                raise SettingError(f"--deck {f}: no such file")
        return cls(tuple((deck_name(f), str(Path(f).resolve())) for f in files))

    def names(self) -> list[str]:
        return sorted(self.paths)

    def check_request(self, game: str, settings: dict[str, Any]) -> None:
        """Refuse file-naming settings that are not names of this server's decks."""
        for s in game_info(game).settings:
            if s.files and s.name in settings:
                for item in _items(s.check(settings[s.name])):
                    if not isinstance(item, str) or item not in self.paths:
                        offered = ", ".join(self.names()) or "none (the game's own deck only)"
                        raise SettingError(
                            f"setting {s.name}: decks are chosen by name among this "
                            f"server's decks ({offered}); file paths are refused"
                        )

    def resolve(self, game: str, settings: dict[str, Any]) -> dict[str, Any]:
        """The settings with deck names replaced by this server's files (for the engine only)."""
        out = dict(settings)
        for s in game_info(game).settings:
            if s.files and s.name in out:
                value = out[s.name]
                names = _items(value)
                missing = [n for n in names if n not in self.paths]
                if missing:
                    raise SettingError(f"setting {s.name}: this server has no deck {missing[0]!r}")
                paths = [self.paths[n] for n in names]
                out[s.name] = paths if isinstance(value, list | tuple) else paths[0]
        return out


def _items(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else [value]
