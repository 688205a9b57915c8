"""The Two Red Sixes: 6H and 6D together; a d8 roll of 6 empties your hand at once."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.game import Setting
from cardtable.games.chez.actions import Play, play_of
from cardtable.games.chez.cards import SIX_DIAMONDS, SIX_HEARTS

SETTING = Setting("two_red_sixes", True, "The Two Red Sixes combo", (True, False), bool)


def options(by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]) -> None:
    sixes = by_rank[6]
    if SIX_HEARTS in sixes and SIX_DIAMONDS in sixes:
        if playable[SIX_HEARTS]:
            out.append(play_of((SIX_HEARTS, SIX_DIAMONDS)))
        if playable[SIX_DIAMONDS]:
            out.append(play_of((SIX_DIAMONDS, SIX_HEARTS)))
