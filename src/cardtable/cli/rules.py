"""``cardtable rules GAME``: the rules as the engine implements them."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cardtable.engine.errors import CardtableError
from cardtable.engine.registry import available_games, game_info


def rules_file(name: str) -> Path:
    """A game's page: shipped inside an installed wheel, else read from the checkout.

    The pages are written once, in ``docs/games/``; a wheel's build copies them
    into ``cardtable/rules_text/`` (setup.py), while a checkout or an editable
    install reads ``docs/games/`` itself, so the two never drift apart.
    """
    shipped = Path(__file__).resolve().parents[1] / "rules_text" / f"{name}.md"
    if shipped.exists():
        return shipped
    return Path(__file__).resolve().parents[3] / "docs" / "games" / f"{name}.md"


def register(sub: Any) -> None:
    p = sub.add_parser("rules", help="print a game's rules summary")
    p.add_argument("game", help=f"one of: {', '.join(available_games())}")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    info = game_info(args.game)
    path = rules_file(info.name)
    if not path.exists():
        raise CardtableError(f"the rules of {info.name} are not at {path}")
    print(path.read_text(encoding="utf-8"))
    return 0
