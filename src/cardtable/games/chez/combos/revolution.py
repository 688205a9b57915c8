"""The Revolution: one each of 2, 3, 4, 5; overthrows a royal-heavy opponent."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.game import Setting
from cardtable.games.chez.actions import Play
from cardtable.games.chez.combos._shape import one_of_each

SETTING = Setting("revolution", True, "The Revolution combo", (True, False), bool)
RANKS = (2, 3, 4, 5)


def options(by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]) -> None:
    one_of_each([by_rank[r] for r in RANKS], playable, out)


def overthrows(target_ranks: Sequence[int]) -> bool:
    """More Jacks, Queens and Kings than 2s-5s in the shown hand."""
    royals = sum(1 for r in target_ranks if r >= 11)
    lows = sum(1 for r in target_ranks if 2 <= r <= 5)
    return royals > lows
