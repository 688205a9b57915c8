"""What can be played onto what, precomputed.

Playability only depends on the top card's *key* (value, colour, suit, or
"Joker"), so it is computed once as ``PLAYABLE[top_key][kind]``: the hot path
is one index, not a rule evaluation. The rules: onto a black card, lower or
equal; onto a red one, higher or equal (Aces low); onto an Ace or King, also
the Ace or King of the same suit; Jokers onto anything and anything onto a
Joker; a True Transformation's named top has no suit.
"""

from __future__ import annotations

from cardtable.games.chez.cards import (
    ACE,
    JOKER,
    KING,
    NKINDS,
    RANK,
    RED,
    SUIT,
    SUIT_NAMES,
    VALUE_WORDS,
)

# ---- top keys ------------------------------------------------------------------------------
# A top card counts as (value, colour, suit); a True Transformation names a value and a
# colour and no suit (suit -1). A Joker on top (not transformed) is its own key.
JOKER_TOP = 130


def top_key(value: int, red: bool, suit: int) -> int:
    return (value - 1) * 10 + (5 if red else 0) + suit + 1


def key_of_kind(kind: int) -> int:
    if kind == JOKER:
        return JOKER_TOP
    return top_key(RANK[kind], RED[kind], SUIT[kind])


# every kind's key as a table, for the hot paths (a play, a nope, the first top card)
KEY_OF_KIND: tuple[int, ...] = tuple(key_of_kind(k) for k in range(NKINDS))


def _playable(key: int, kind: int) -> bool:
    if key == JOKER_TOP or kind == JOKER:
        return True
    value, rest = divmod(key, 10)
    value += 1
    red, suit = divmod(rest, 5)
    suit -= 1
    rank = RANK[kind]
    if value in (ACE, KING) and suit == SUIT[kind] and rank in (ACE, KING):
        return True
    return rank >= value if red else rank <= value


class PlayableRow(tuple[bool, ...]):
    """Which kinds may go onto one top key; ``key`` names the row (memo keys use it)."""

    key: int


def _row(key: int) -> PlayableRow:
    row = PlayableRow(_playable(key, k) for k in range(NKINDS))
    row.key = key
    return row


PLAYABLE: tuple[PlayableRow, ...] = tuple(_row(key) for key in range(JOKER_TOP + 1))


def describe_key(key: int) -> str:
    if key == JOKER_TOP:
        return "a Joker (anything goes)"
    value, rest = divmod(key, 10)
    red, suit = divmod(rest, 5)
    colour = "red" if red else "black"
    where = f" of {SUIT_NAMES[suit - 1]}" if suit else ""
    return f"{VALUE_WORDS[value + 1]}{where} ({colour})"


# the same table as sets of kinds, for "does this hand hold a playable card" questions
PLAYABLE_SETS: tuple[frozenset[int], ...] = tuple(
    frozenset(k for k in range(NKINDS) if row[k]) for row in PLAYABLE
)
