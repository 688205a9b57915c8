"""``cardtable games``: what can be played, with player counts and settings."""

from __future__ import annotations

import argparse
from typing import Any

from cardtable.engine.registry import available_games, game_info


def register(sub: Any) -> None:
    p = sub.add_parser("games", help="list the games, their player counts and settings")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    for name in available_games():
        info = game_info(name)
        counts = ", ".join(str(n) for n in info.player_counts())
        print(f"{name} — {info.title} ({counts} players)")
        print(f"  {info.summary}")
        for s in info.settings:
            choices = f" (one of {', '.join(map(str, s.choices))})" if s.choices else ""
            print(f"  --set {s.name}=…  default {s.default!r}{choices}: {s.help}")
        print()
    return 0
