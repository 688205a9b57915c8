"""``cardtable deck check FILE…``: validate deck files for games whose cards are data."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from typing import Any

from cardtable.engine.errors import SettingError
from cardtable.engine.registry import available_games, game_class


def games_with_decks() -> list[str]:
    return [name for name in available_games() if game_class(name).deck_checker]


def register(sub: Any) -> None:
    p = sub.add_parser("deck", help="check deck files (games whose cards are data)")
    verbs = p.add_subparsers(dest="verb", required=True, metavar="VERB")
    check = verbs.add_parser("check", help="validate deck files and print a summary")
    check.add_argument("files", nargs="+", metavar="FILE", help="deck files, merged in order")
    check.add_argument("--game", default=None, help="the game the deck is for")
    check.set_defaults(run=run_check)


def checker_for(game: str | None) -> Callable[[list[str]], str]:
    candidates = games_with_decks()
    if game is None:
        if len(candidates) != 1:
            raise SettingError(f"say which game with --game: one of {', '.join(candidates)}")
        game = candidates[0]
    path = game_class(game).deck_checker
    if not path:
        raise SettingError(
            f"{game} has no deck files; games with decks: {', '.join(candidates) or 'none'}"
        )
    module_name, _, attr = path.partition(":")
    func: Callable[[list[str]], str] = getattr(importlib.import_module(module_name), attr)
    return func


def run_check(args: argparse.Namespace) -> int:
    print(checker_for(args.game)(list(args.files)))
    return 0
