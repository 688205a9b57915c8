"""Every game at every player count, with settings that keep games short."""

from __future__ import annotations

from typing import Any

import cardtable

SHORT: dict[str, dict[str, Any]] = {
    "contest": {"max_rounds": 20},
    "chai-tea-jazz": {"setup": "short"},
    "chez": {},
    "chez-geek": {"turn_limit": 3},
}


def every_config() -> list[tuple[str, int, dict[str, Any]]]:
    return [
        (name, players, SHORT[name])
        for name in cardtable.available_games()
        for players in cardtable.game_info(name).player_counts()
    ]


def config_id(config: tuple[str, int, dict[str, Any]]) -> str:
    return f"{config[0]}-{config[1]}"
