"""``cardtable rules GAME``: the rules as the engine implements them."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cardtable.engine.errors import CardtableError
from cardtable.engine.registry import available_games, game_info


def docs_dir() -> Path:
    """The project's docs folder (a source checkout or an editable install)."""
    return Path(__file__).resolve().parents[3] / "docs" / "games"


def register(sub: Any) -> None:
    p = sub.add_parser("rules", help="print a game's rules summary")
    p.add_argument("game", help=f"one of: {', '.join(available_games())}")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    info = game_info(args.game)
    path = docs_dir() / f"{info.name}.md"
    if not path.exists():
        raise CardtableError(f"the rules of {info.name} are not at {path}")
    print(path.read_text(encoding="utf-8"))
    return 0
