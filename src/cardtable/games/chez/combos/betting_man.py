"""The Betting Man (front combo): two Jokers, name 1-12, roll a d12."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.game import Action, Setting
from cardtable.games.chez.actions import BET

SETTING = Setting("betting_man", True, "The Betting Man (front combo)", (True, False), bool)


def options(by_rank: Sequence[list[int]], out: list[Action]) -> None:
    if len(by_rank[0]) >= 2:
        out.extend(BET[1:13])
