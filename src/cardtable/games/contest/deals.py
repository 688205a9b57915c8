"""What the ``pile`` setting fixes, and explicit deals for tests and puzzles."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardtable.engine.errors import BadDealError, SettingError
from cardtable.engine.game import Action
from cardtable.games.contest.actions import DECLARE
from cardtable.games.contest.pieces import (
    COUNTS,
    DECLARABLE,
    KING,
    LETTER,
    LETTERS,
    NAMES,
    PILE_SIZE,
    STANDARD_PILE,
    Piece,
    PieceLetter,
    full_pile,
    piece_of_letter,
)

SEAT_KEYS = ("black", "white")


@dataclass(frozen=True, slots=True)
class PileRules:
    """One pile's make-up, fixed by the game's settings and shared by all its states.

    Frozen, so states and their clones share it safely.
    """

    counts: tuple[int, ...]  # copies of each piece in one pile, indexed by piece
    declarable: tuple[Piece, ...]  # the pieces a declaration may name
    size: int  # cards in one pile
    declarations: tuple[Action, ...]  # the interned declaration actions, in notation order

    def __reduce__(self) -> tuple[type[PileRules], tuple[Any, ...]]:
        """Pickled as its fields (a compiled frozen class refuses unpickling's writes)."""
        return (PileRules, (self.counts, self.declarable, self.size, self.declarations))


def parse_pile(text: str) -> PileRules:
    """The ``pile`` setting to its rules: only pieces in the pile may be declared."""
    pieces = [piece_of_letter(c) for c in text.strip()]
    if any(p is None for p in pieces) or pieces.count(KING) != 1 or len(pieces) < 2:
        raise SettingError(
            f"setting pile={text!r} must be letters of {LETTERS} with exactly one K and at "
            f"least one other piece, for example {STANDARD_PILE!r} or 'KQP'"
        )
    counts = tuple(pieces.count(p) for p in Piece)
    declarable = tuple(p for p in DECLARABLE if counts[p])
    return PileRules(counts, declarable, sum(counts), tuple(DECLARE[p] for p in declarable))


def parse_deal(
    deal: Any, counts: tuple[int, ...] = COUNTS, size: int = PILE_SIZE
) -> list[list[int]]:
    """``{"black": [...16 letters top first], "white": [...]}`` to piece lists."""
    if not isinstance(deal, dict) or set(deal) != set(SEAT_KEYS):
        raise BadDealError(
            'a Contest deal is {"black": [16 cards], "white": [16 cards]}, top first'
        )
    piles = []
    for seat_key in SEAT_KEYS:
        cards = deal[seat_key]
        if not isinstance(cards, list) or len(cards) != size:
            raise BadDealError(f"the {seat_key} pile must hold {size} cards")
        pile: list[int] = []
        for card in cards:
            read = piece_of_letter(card) if isinstance(card, str) else None
            if read is None:
                raise BadDealError(f"{card!r} in the {seat_key} pile is not one of {LETTERS}")
            pile.append(read)
        for piece, n in enumerate(counts):
            if pile.count(piece) != n:
                raise BadDealError(
                    f"the {seat_key} pile has {counts[piece]} {NAMES[piece]}(s); it needs {n}"
                )
        piles.append(pile)
    return piles


def deal_of(pieces: list[list[int]]) -> dict[str, list[PieceLetter]]:
    """Piece lists back to an explicit deal (the record of a re-dealt state)."""
    return {key: [LETTER[p] for p in pieces[s]] for s, key in enumerate(SEAT_KEYS)}


def standard_deal(rng: random.Random) -> dict[str, list[str]]:
    """A shuffled explicit deal, for tests and puzzles."""
    piles: dict[str, list[str]] = {}
    for key in SEAT_KEYS:
        pile = full_pile()
        rng.shuffle(pile)
        piles[key] = [LETTER[p] for p in pile]
    return piles
