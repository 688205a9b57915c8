"""Card kinds, their notation and the playability table.

A card *kind* is an int: ``suit * 13 + rank - 1`` for the 52 suited cards
(suits Clubs, Diamonds, Hearts, Spades) and ``JOKER`` (52) for every Joker.
Physical cards are ids (see ``state``); kinds are what rules look at, so
two copies of a card in a two-deck game are interchangeable.

What may be played onto what lives in ``playability``.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

SUITS = "CDHS"
SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades")
RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
VALUE_WORDS = ("", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")
JOKER: Final = 52
NKINDS: Final = 53
ACE, JACK, QUEEN, KING = 1, 11, 12, 13


def make_kind(rank: int, suit: int) -> int:
    return suit * 13 + rank - 1


RANK: Final[tuple[int, ...]] = tuple([k % 13 + 1 for k in range(52)] + [0])
SUIT: tuple[int, ...] = tuple([k // 13 for k in range(52)] + [-1])
RED: tuple[bool, ...] = tuple([SUIT[k] in (1, 2) for k in range(52)] + [False])
NAME: tuple[str, ...] = tuple([RANK_NAMES[RANK[k]] + SUITS[SUIT[k]] for k in range(52)] + ["JK"])
KIND_OF_NAME: dict[str, int] = {name: k for k, name in enumerate(NAME)}
ACE_OF_SPADES: Final = 39  # make_kind(ACE, 3), a literal so compiled modules inline it
SIX_HEARTS = make_kind(6, 2)
SIX_DIAMONDS = make_kind(6, 1)
assert make_kind(ACE, 3) == ACE_OF_SPADES
ACES: tuple[int, ...] = tuple(make_kind(ACE, s) for s in range(4))

# ranks whose single play is a special card (the Ace only as a reaction)
SPECIAL_RANKS = frozenset({6, 10, JACK, QUEEN, KING, 0})


def parse_card(text: str) -> int | None:
    """``"10h"`` -> kind; ``None`` when it is not a card name."""
    up = text.strip().upper()
    if up in ("JK", "JOKER"):
        return JOKER
    return KIND_OF_NAME.get(up)


def deck_counter(decks: int) -> Counter[str]:
    """Every card of ``decks`` packs of 52 cards and 2 Jokers, by name."""
    counter: Counter[str] = Counter({NAME[k]: decks for k in range(52)})
    counter["JK"] = 2 * decks
    return counter


def deck_kinds(decks: int) -> list[int]:
    """The deck in a fixed order (kind-sorted), for building piles."""
    out: list[int] = []
    for k in range(52):
        out.extend([k] * decks)
    out.extend([JOKER] * (2 * decks))
    return out
