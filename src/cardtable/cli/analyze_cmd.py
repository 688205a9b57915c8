"""``cardtable analyze RECORD --seat N``: what the seat's plays were worth, per the game's analyser.

A game offers post-game analysis by naming a function in ``Game.analysis``
(``"module:function"``, called with the replayed states, the actions and the
seat, yielding lines); Chai Tea Jazz solves every trick double-dummy. The
command knows no game: a game without an analyser is refused by name.
"""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from cardtable.engine.errors import SettingError
from cardtable.engine.record import load_record, replay_states


def register(sub: Any) -> None:
    p = sub.add_parser(
        "analyze", help="after a game: the best play at each decision of a seat (Chai Tea Jazz)"
    )
    p.add_argument("file", help="a record written by 'cardtable play' or the server")
    p.add_argument("--seat", type=int, required=True, help="the seat whose plays are analysed")
    p.add_argument(
        "--exact",
        type=int,
        default=6,
        help="solve exactly from this many tricks left (more is slower; default 6)",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    states = replay_states(record)
    game = states[0].game
    if not 0 <= args.seat < game.num_players:
        raise SettingError(f"--seat {args.seat}: seats are 0..{game.num_players - 1}")
    target: str | None = getattr(game, "analysis", None)
    if target is None:
        raise SettingError(f"{game.name} has no post-game analysis")
    if args.exact < 0 or args.exact > 12:
        raise SettingError(f"--exact {args.exact}: choose 0..12 tricks")
    module_name, _, attr = target.partition(":")
    analyse = getattr(importlib.import_module(module_name), attr)
    actions = states[-1].history()
    for line in analyse(states, actions, args.seat, args.exact):
        print(line, flush=True)
    return 0
