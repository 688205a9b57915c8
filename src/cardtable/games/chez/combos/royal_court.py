"""The Royal Court: Jack, Queen and King together; King, then Queen, then Jack (d6)."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.game import Setting
from cardtable.games.chez.actions import Play
from cardtable.games.chez.combos._shape import one_of_each

SETTING = Setting("royal_court", True, "The Royal Court combo", (True, False), bool)
RANKS = (11, 12, 13)


def options(by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]) -> None:
    one_of_each([by_rank[r] for r in RANKS], playable, out)
