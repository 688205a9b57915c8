"""Cards as small ints, the three decks, points and strength tables.

A card is ``suit << 4 | rank`` (suits C D H S = 0..3, ranks 1..13) and the
Joker is ``JOKER`` (suit 4). Ints keep the hot path (legal plays, trick
winners) to list indexing; names only appear at the edges (notation, views).
The Jass deck uses the same ranks 1..9 and only relabels them.
"""

from __future__ import annotations

from typing import Final

SUITS = "CDHS"
SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades")
JOKER_SUIT: Final = 4
JOKER: Final = JOKER_SUIT << 4
NUM_CODES: Final = JOKER + 1

SUIT_OF: Final[tuple[int, ...]] = tuple(c >> 4 for c in range(NUM_CODES))
RANK_OF: Final[tuple[int, ...]] = tuple(c & 15 for c in range(NUM_CODES))
# Odd cards score their rank; each Joker scores 2 (so the six-player deck holds 200).
POINTS: Final[tuple[int, ...]] = tuple(
    2 if c == JOKER else (c & 15 if (c & 15) % 2 == 1 else 0) for c in range(NUM_CODES)
)

JASS_LABELS = ("", "6", "7", "8", "9", "10", "U", "O", "K", "A")

STANDARD, SIX, DOUBLE = "standard", "six", "double"


def code(suit: int, rank: int) -> int:
    return suit << 4 | rank


def deck_codes(kind: str) -> list[int]:
    """Every card of a deck, in a fixed order (duplicates for the double deck)."""
    if kind == STANDARD:
        return [code(s, r) for s in range(4) for r in range(1, 10)]
    if kind == SIX:
        return [code(s, r) for s in range(4) for r in range(1, 14)] + [JOKER, JOKER]
    if kind == DOUBLE:
        return [code(s, r) for s in range(4) for r in range(1, 10)] * 2
    raise ValueError(kind)


def card_names(jass: bool) -> list[str]:
    """Notation of every code: ``9H``, ``13C``, ``JK``; Jass labels ``6..10 U O K A``."""
    names = [""] * NUM_CODES
    for s in range(4):
        for r in range(1, 14):
            label = JASS_LABELS[r] if jass and r <= 9 else str(r)
            names[code(s, r)] = f"{label}{SUITS[s]}"
    names[JOKER] = "JK"
    return names


def max_rank(kind: str) -> int:
    return 13 if kind == SIX else 9


# Strength of a rank in a trick's direction; larger is stronger.
HIGH, LOW, MIDDLE = 0, 1, 2
DIRECTION_NAMES = ("high", "low", "middle")


def strength_table(direction: int, top: int) -> tuple[int, ...]:
    """Rank -> strength. Middle: closest to the centre wins, the lower of two equals."""
    if direction == HIGH:
        return tuple(range(top + 1))
    if direction == LOW:
        return tuple(0 if r == 0 else top + 1 - r for r in range(top + 1))
    centre = (top + 1) // 2
    return tuple(
        0 if r == 0 else 2 * top - (2 * abs(r - centre) + (1 if r > centre else 0))
        for r in range(top + 1)
    )


def middle_order(top: int) -> list[int]:
    """Ranks strongest first under Middle (for docs and tests)."""
    table = strength_table(MIDDLE, top)
    return sorted(range(1, top + 1), key=lambda r: -table[r])
