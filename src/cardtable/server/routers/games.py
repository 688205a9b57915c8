"""``/api/games``: what can be played, straight from the engine registry."""

from __future__ import annotations

from fastapi import APIRouter

from cardtable.bots.levels import levels_of
from cardtable.bots.registry import available_bots
from cardtable.engine.registry import available_games, game_info, load_game
from cardtable.server.schemas import GameSummary

router = APIRouter(prefix="/api/games", tags=["games"])


@router.get("", response_model=list[GameSummary])
def list_games() -> list[GameSummary]:
    out = []
    for name in available_games():
        info = game_info(name)
        described = info.describe()
        game = load_game(name)
        out.append(
            GameSummary(
                name=name,
                title=info.title,
                players=described["players"],
                default_players=info.default_players,
                summary=info.summary,
                settings=described["settings"],
                bots=available_bots(game),
                levels=[level.as_dict() for level in levels_of(game)],
            )
        )
    return out
