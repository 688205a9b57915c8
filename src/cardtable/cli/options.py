"""Options shared by sub-commands: which game, how many players, which settings."""

from __future__ import annotations

import argparse
import json
import tomllib
from pathlib import Path
from typing import Any

from cardtable.engine.errors import SettingError
from cardtable.engine.game import Game
from cardtable.engine.registry import available_games, load_game


def add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=f"one of: {', '.join(available_games())}")
    parser.add_argument("--players", "-p", type=int, default=None, help="number of players")
    parser.add_argument(
        "--set",
        dest="settings",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game setting (VALUE is JSON, or text; @FILE reads a JSON/TOML file)",
    )
    parser.add_argument(
        "--setup",
        metavar="FILE",
        help="a contract setup file (JSON/TOML), for games with a 'setup' setting",
    )
    parser.add_argument(
        "--deck",
        action="append",
        metavar="FILE",
        help="a deck file (repeatable, merged), for games with a 'deck' setting",
    )


def read_data_file(path: str) -> Any:
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise SettingError(f"cannot read {path}: {exc.strerror}") from exc
    try:
        if file.suffix == ".toml":
            return tomllib.loads(text)
        return json.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise SettingError(
            f"{path} is not valid {file.suffix.lstrip('.') or 'JSON'}: {exc}"
        ) from exc


def parse_value(raw: str) -> Any:
    if raw.startswith("@"):
        return read_data_file(raw[1:])
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def settings_from(args: argparse.Namespace) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    for item in args.settings:
        name, sep, raw = item.partition("=")
        if not sep or not name:
            raise SettingError(f"--set {item!r}: write NAME=VALUE")
        settings[name.strip()] = parse_value(raw.strip())
    if getattr(args, "setup", None):
        settings["setup"] = read_data_file(args.setup)
    if getattr(args, "deck", None):
        settings["deck"] = list(args.deck)
    return settings


def game_from(args: argparse.Namespace) -> Game:
    return load_game(args.game, players=args.players, **settings_from(args))
