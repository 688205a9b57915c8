"""Options shared by sub-commands: which game, how many players, which settings."""

from __future__ import annotations

import argparse
import json
import tomllib
from pathlib import Path
from typing import Any

from cardtable.engine.errors import SettingError
from cardtable.engine.game import FileOption, Game
from cardtable.engine.registry import available_games, game_class, load_game


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
    for option in _file_options():
        parser.add_argument(
            option.flag,
            dest=_dest(option),
            action="append" if option.many else "store",
            metavar="FILE",
            help=option.help,
        )


def _file_options() -> list[FileOption]:
    """Every game's file flags, once each (two games may share one)."""
    seen: dict[str, FileOption] = {}
    for name in available_games():
        for option in game_class(name).file_options:
            seen.setdefault(option.flag, option)
    return list(seen.values())


def _dest(option: FileOption) -> str:
    return "file_" + option.flag.lstrip("-").replace("-", "_")


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
    for option in _file_options():
        given = getattr(args, _dest(option), None)
        if not given:
            continue
        paths = list(given) if option.many else [given]
        values = [read_data_file(p) if option.read else p for p in paths]
        settings[option.setting] = values if option.many else values[0]
    return settings


def game_from(args: argparse.Namespace) -> Game:
    return load_game(args.game, players=args.players, **settings_from(args))
