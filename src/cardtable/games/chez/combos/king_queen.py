"""The King-Queen Combo: King and Queen of one suit; exchange whole hands."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.game import Setting
from cardtable.games.chez.actions import Play, play_of
from cardtable.games.chez.cards import KING, QUEEN, make_kind

SETTING = Setting("king_queen", True, "The King-Queen combo", (True, False), bool)


def options(by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]) -> None:
    kings, queens = by_rank[KING], by_rank[QUEEN]
    if not kings or not queens:
        return
    for suit in range(4):
        k, q = make_kind(KING, suit), make_kind(QUEEN, suit)
        if k in kings and q in queens:
            if playable[k]:
                out.append(play_of((k, q)))
            if playable[q]:
                out.append(play_of((q, k)))
