"""Siege (bonus action): a 10 from your hand on another player's Castle knocks a wall."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.game import Action, Setting
from cardtable.games.chez.actions import SIEGE

SETTING = Setting("siege", True, "Siege on other players' Castles", (True, False), bool)


def options(by_rank: Sequence[list[int]], castle_seats: Sequence[int], out: list[Action]) -> None:
    if by_rank[10]:
        out.extend(SIEGE[s] for s in castle_seats)
