"""Castle (front combo): 7, 8, 9 make one wall, with a 10 two; absorbs attacks."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.game import Action, Setting
from cardtable.games.chez.actions import CASTLE, CASTLE_TEN

SETTING = Setting("castle", True, "Castles (front combo)", (True, False), bool)
RANKS = (7, 8, 9)


def options(by_rank: Sequence[list[int]], has_castle: bool, out: list[Action]) -> None:
    if has_castle or not all(by_rank[r] for r in RANKS):
        return
    out.append(CASTLE)
    if by_rank[10]:
        out.append(CASTLE_TEN)
