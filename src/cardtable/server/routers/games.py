"""``/api/games`` and ``/api/decks``: what can be played, from the engine registry.

Settings that name files (a Chez Geek deck) list the game's default and this
server's decks by name as their choices: a table picks among them and never
names a path.
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from cardtable.bots.levels import levels_of
from cardtable.bots.registry import available_bots, default_bot
from cardtable.engine.registry import available_games, game_info
from cardtable.server.deps import manager_of
from cardtable.server.schemas import GameSummary

router = APIRouter(prefix="/api", tags=["games"])


@router.get("/games", response_model=list[GameSummary])
async def list_games(request: Request) -> list[GameSummary]:
    manager = manager_of(request)
    decks = manager.decks.names()
    out = []
    for name in available_games():
        info = game_info(name)
        described = info.describe()
        for s in described["settings"]:
            if s.get("files"):
                # values of the setting's own shape: a list setting takes a list of names
                offered: list[object] = [[n] for n in decks] if s["type"] == "list" else list(decks)
                s["choices"] = [s["default"], *offered]
        game = await manager.game_for(name, info.default_players, {})
        out.append(
            GameSummary(
                name=name,
                title=info.title,
                players=described["players"],
                default_players=info.default_players,
                summary=info.summary,
                settings=described["settings"],
                bots=available_bots(game),
                default_bot=default_bot(game),
                levels=[level.as_dict() for level in levels_of(game)],
                answer_seconds=manager.answer_seconds(name),
            )
        )
    return out


@router.get("/decks", response_model=list[str])
async def list_decks(request: Request) -> list[str]:
    """Names of the decks this server was started with (``cardtable serve --deck FILE``)."""
    return manager_of(request).decks.names()
