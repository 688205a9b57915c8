"""The chess-piece cards each player holds, their letters and their duel values.

A piece is a ``Piece`` (an ``IntEnum``, so it indexes the tables below and the
per-piece counts directly); its letter is its notation in actions, views and
deals.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Literal, get_args

PieceLetter = Literal["K", "Q", "R", "N", "B", "P"]
SeatName = Literal["Black", "White"]


class Piece(IntEnum):
    """The six pieces, in the order of their letters."""

    KING = 0
    QUEEN = 1
    ROOK = 2
    KNIGHT = 3
    BISHOP = 4
    PAWN = 5


KING, QUEEN, ROOK, KNIGHT, BISHOP, PAWN = Piece
# each piece's letter, indexed by piece (the notation: actions, views, deals)
LETTER: tuple[PieceLetter, ...] = get_args(PieceLetter)
LETTERS = "".join(LETTER)
NAMES = ("King", "Queen", "Rook", "Knight", "Bishop", "Pawn")
# The King is worth "infinity": it never duels by value, because revealing it ends the game.
VALUES = (1_000, 9, 5, 3, 3, 1)
COUNTS = (1, 1, 2, 2, 2, 8)
PILE_SIZE = sum(COUNTS)
DECLARABLE = (QUEEN, ROOK, KNIGHT, BISHOP, PAWN)
STANDARD_PILE = "KQRRNNBBPPPPPPPP"
SEAT_NAMES: tuple[SeatName, ...] = get_args(SeatName)  # indexed by seat


def piece_of_letter(letter: str) -> Piece | None:
    index = LETTERS.find(letter.upper()) if len(letter) == 1 else -1
    return Piece(index) if index >= 0 else None


def duel_winner(value0: int, value1: int) -> int | None:
    """The seat whose value is higher, or ``None`` for a tie (equal values tie)."""
    if value0 == value1:
        return None
    return 0 if value0 > value1 else 1


def full_pile() -> list[Piece]:
    """One player's sixteen cards in a fixed order (for building deals)."""
    return [Piece(piece) for piece, n in enumerate(COUNTS) for _ in range(n)]
