"""The sixteen chess-piece cards each player holds, and their duel values."""

from __future__ import annotations

from collections import Counter

KING, QUEEN, ROOK, KNIGHT, BISHOP, PAWN = range(6)
LETTERS = "KQRNBP"
NAMES = ("King", "Queen", "Rook", "Knight", "Bishop", "Pawn")
# The King is worth "infinity": it never duels by value, because revealing it ends the game.
VALUES = (1_000, 9, 5, 3, 3, 1)
COUNTS = (1, 1, 2, 2, 2, 8)
PILE_SIZE = sum(COUNTS)
DECLARABLE = (QUEEN, ROOK, KNIGHT, BISHOP, PAWN)
STANDARD_PILE = "KQRRNNBBPPPPPPPP"
SEAT_NAMES = ("Black", "White")


def piece_of_letter(letter: str) -> int | None:
    index = LETTERS.find(letter.upper()) if len(letter) == 1 else -1
    return index if index >= 0 else None


def full_pile() -> list[int]:
    """One player's sixteen cards in a fixed order (for building deals)."""
    return [piece for piece, n in enumerate(COUNTS) for _ in range(n)]


def pile_counter() -> Counter[str]:
    return Counter({LETTERS[p]: n for p, n in enumerate(COUNTS)})
