"""Doubles, Triples, Quadruples: 2-4 cards of one value played as one action.

What such a play does is its card's special, repeated or with its die
stepped up (the Dice Law, ``dice``), so its effect lives with the special
cards (``specials``); this module says what is offered and what is one. Jokers
played together form a Joker stack. The pair 6H+6D is the Two Red Sixes
instead while that combo is on (that module is asked first).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.game import Action, Setting
from cardtable.games.chez.actions import Play, play_of
from cardtable.games.chez.cards import JOKER, SIX_DIAMONDS, SIX_HEARTS
from cardtable.games.chez.playability import PlayableRow

SETTING: Setting = Setting(
    "doubles", True, "Doubles, Triples, Quadruples and Joker stacks", (True, False), bool
)
RED_PAIR = frozenset({SIX_HEARTS, SIX_DIAMONDS})
TALLY = "doubles"  # the statistics counter (every combo of one value)


def recognises(ranks: Sequence[int], kinds: Sequence[int]) -> bool:
    """Several cards of one value (``ranks`` sorted)."""
    return ranks[0] == ranks[-1]


def joker_stacks(jokers: int, out: list[Action]) -> None:
    """Facing a Joker stack: two to four Jokers may be stacked at once."""
    out.extend(play_of((JOKER,) * m) for m in range(2, min(4, jokers) + 1))


def options(
    by_rank: Sequence[list[int]], playable: PlayableRow, out: list[Play], red_sixes: bool
) -> None:
    jokers = len(by_rank[0])
    for m in range(2, min(4, jokers) + 1):
        out.append(play_of((JOKER,) * m))
    for rank in range(1, 14):
        group = by_rank[rank]
        if len(group) < 2:
            continue
        # the same cards of one value onto the same top give the same plays: memoised
        key = (playable.key, tuple(group), red_sixes)
        plays = _MEMO.get(key)
        if plays is None:
            if len(_MEMO) > 50_000:
                _MEMO.clear()
            plays = _MEMO[key] = _same_value(group, playable, red_sixes)
        out.extend(plays)


_MEMO: dict[tuple[int, tuple[int, ...], bool], tuple[Play, ...]] = {}


def _same_value(group: list[int], playable: Sequence[bool], red_sixes: bool) -> tuple[Play, ...]:
    plays = []
    distinct = sorted(set(group))
    for m in range(2, min(4, len(group)) + 1):
        for f in distinct:
            if not playable[f]:
                continue
            rest = list(group)
            rest.remove(f)
            for last in sorted(set(rest)):
                if m == 2 and red_sixes and {f, last} == RED_PAIR:
                    continue
                rest2 = list(rest)
                rest2.remove(last)
                plays.append(play_of((f, *rest2[: m - 2], last)))
    return tuple(plays)
