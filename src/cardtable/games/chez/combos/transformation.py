"""True Transformation: a five-card straight flush (Ace low); the top becomes what you name.

It cannot be noped. The named value and colour hold until the next card is played.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.game import Setting
from cardtable.games.chez.actions import Play
from cardtable.games.chez.cards import make_kind
from cardtable.games.chez.combos._shape import run_orders

SETTING = Setting("true_transformation", True, "The True Transformation combo", (True, False), bool)


def options(by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]) -> None:
    suits = [0, 0, 0, 0]
    for rank in range(1, 14):
        for k in set(by_rank[rank]):
            suits[k // 13] += 1
    for suit in range(4):
        if suits[suit] < 5:
            continue
        present = [make_kind(r, suit) in by_rank[r] for r in range(1, 14)]
        for start in range(1, 10):
            if all(present[start - 1 : start + 4]):
                kinds = [make_kind(r, suit) for r in range(start, start + 5)]
                run_orders(kinds, playable, out)


def is_straight_flush(kinds: Sequence[int]) -> bool:
    from cardtable.games.chez.cards import JOKER, RANK, SUIT

    if len(kinds) != 5 or JOKER in kinds or len({SUIT[k] for k in kinds}) != 1:
        return False
    ranks = sorted(RANK[k] for k in kinds)
    return ranks == list(range(ranks[0], ranks[0] + 5))
