"""Doubles, Triples, Quadruples: 2-4 cards of one value played as one action.

What such a play does is its card's special, repeated or with its die
stepped up (the Dice Law, ``dice``), so its effect lives with the special
cards (``specials``); this module says what is offered and what is one. Jokers
played together form a Joker stack. The pair 6H+6D is the Two Red Sixes
instead while that combo is on (that module is asked first).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardtable.engine.game import Action, Setting
from cardtable.games.chez import cards
from cardtable.games.chez.actions import Play, play_of
from cardtable.games.chez.cards import JOKER, SIX_DIAMONDS, SIX_HEARTS, SUIT, make_kind
from cardtable.games.chez.playability import PLAYABLE, PlayableRow

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
    kinds: list[int],
    dup: int,
    kbits: int,
    one_deck: bool,
    topkey: int,
    playable: PlayableRow,
    out: list[Play],
    red_sixes: bool,
) -> None:
    """Append the plays of several cards of one value, for a hand of these kinds (in any order)
    whose value bits ``dup`` it holds more than once.

    The same cards of one value onto the same top give the same plays, so they are
    memoised under a small int: the value, its cards as a count per suit (3 bits each,
    for two decks) and which suits are playable (``_SUITS_PLAYABLE``); building it
    needs no grouping of the hand. With one deck no kind repeats, so the hand's kind
    bits (``kbits``) hold each count code already, four bits apart.
    """
    if dup & 1:  # two Jokers or more: the stacks first
        jokers = 2  # one deck has two
        if not one_deck:
            jokers = 0
            for k in kinds:
                if k == JOKER:
                    jokers += 1
        for m in range(2, min(4, jokers) + 1):
            out.append(play_of((JOKER,) * m))
    suits = _SUITS_PLAYABLE[topkey]
    flag = _RED_FLAG if red_sixes else 0
    dup >>= 1
    rank = 1
    while dup:
        if dup & 1:
            # the value's count code, from one pass over the hand (most hands repeat
            # one value: cheaper than a count list for every value)
            if one_deck:
                low = rank - 1  # the value's kind in the first suit
                code = (
                    (kbits >> low & 1)
                    | (kbits >> (low + 13) & 1) << 3
                    | (kbits >> (low + 26) & 1) << 6
                    | (kbits >> (low + 39) & 1) << 9
                )
            else:
                code = 0
                for k in kinds:
                    if RANK[k] == rank:
                        code += _SUIT_UNIT[k]
            key = rank | code << 4 | suits[rank] << 16 | flag
            plays = _MEMO.get(key)
            if plays is None:
                if len(_MEMO) > 50_000:
                    _MEMO.clear()
                plays = _MEMO[key] = _same_value(_group(rank, code), playable, red_sixes)
            out.extend(plays)
        dup >>= 1
        rank += 1


# per kind, its suit's unit in a value's count code (3 bits per suit); per top key and
# value, which suits' cards of that value are playable (4 bits)
_SUIT_UNIT: Final = tuple(1 << (3 * SUIT[k]) if k != JOKER else 0 for k in range(JOKER + 1))
_SUITS_PLAYABLE: Final = tuple(
    tuple(sum(1 << s for s in range(4) if row[make_kind(r, s)]) if r else 0 for r in range(14))
    for row in PLAYABLE
)
_RED_FLAG: Final = 1 << 20
RANK: Final = cards.RANK  # a static here: an imported name is looked up on every use
_MEMO: Final[dict[int, tuple[Play, ...]]] = {}


def _group(rank: int, code: int) -> list[int]:
    """The sorted kinds a value's count code stands for."""
    out: list[int] = []
    for s in range(4):
        out.extend([make_kind(rank, s)] * ((code >> (3 * s)) & 7))
    return out


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
