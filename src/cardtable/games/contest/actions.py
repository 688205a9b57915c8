"""Contest actions and their notation.

| notation   | meaning                                              |
|------------|------------------------------------------------------|
| ``Q R N B P`` | declare the card in hand as that piece (true or a bluff) |
| ``call``   | call for a reveal                                    |
| ``pass``   | do not call                                          |
| ``pile``   | consequence: show your Defeated Pile                 |
| ``top``    | consequence: play next round with your top card shown |
| ``deal 0 Q`` | chance: the next card of seat 0's pile is a Queen  |

Every action is a frozen dataclass compared by value; the values below are
interned, so that ``action in legal`` usually succeeds on identity before
equality is asked. Which consequence an action chooses is declared by its
rule module (``consequences``), which names its action here.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.game import Action, Decline
from cardtable.games.contest.pieces import LETTER, Piece, piece_of_letter


@dataclass(frozen=True, slots=True)
class Declare(Action):
    piece: int

    def __str__(self) -> str:
        return LETTER[self.piece]


@dataclass(frozen=True, slots=True)
class Call(Action):
    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True, slots=True)
class Pass(Decline):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class ShowPile(Action):
    def __str__(self) -> str:
        return "pile"


@dataclass(frozen=True, slots=True)
class ShowTop(Action):
    def __str__(self) -> str:
        return "top"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    seat: int
    piece: int

    def __str__(self) -> str:
        return f"deal {self.seat} {LETTER[self.piece]}"


DECLARE = tuple(Declare(p) for p in Piece)
CALL = Call()
PASS = Pass()
SHOW_PILE = ShowPile()
SHOW_TOP = ShowTop()
DEAL = tuple(tuple(Deal(s, p) for p in Piece) for s in range(2))
CALL_CHOICES: tuple[Action, ...] = (CALL, PASS)
# one-word actions by their lower-case notation (pieces aside)
WORDS: dict[str, Action] = {str(a): a for a in (CALL, PASS, SHOW_PILE, SHOW_TOP)}


def parse(text: str) -> Action | None:
    """Notation to an action, or ``None`` if the text is no Contest action."""
    words = text.split()
    if len(words) == 1:
        word = words[0]
        action = WORDS.get(word.lower())
        if action is not None:
            return action
        piece = piece_of_letter(word)
        if piece is not None:
            return DECLARE[piece]
    elif len(words) == 3 and words[0].lower() == "deal" and words[1] in ("0", "1"):
        piece = piece_of_letter(words[2])
        if piece is not None:
            return DEAL[int(words[1])][piece]
    return None
