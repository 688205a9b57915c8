"""Contest actions and their notation.

| notation   | meaning                                              |
|------------|------------------------------------------------------|
| ``Q R N B P`` | declare the card in hand as that piece (true or a bluff) |
| ``call``   | call for a reveal                                    |
| ``pass``   | do not call                                          |
| ``pile``   | consequence: show your Defeated Pile                 |
| ``top``    | consequence: play next round with your top card shown |
|            | (each consequence's word, from its rule module)      |
| ``deal 0 Q`` | chance: the next card of seat 0's pile is a Queen  |

Every action is a frozen dataclass compared by value; the values below are
interned, so that ``action in legal`` usually succeeds on identity before
equality is asked. A consequence's action is ``Choose(word)``, made by its rule
module (``rules``) and interned there.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.game import Action, Decline
from cardtable.games.contest.pieces import LETTER, Piece, piece_of_letter

# Equality and hashing are written out rather than generated: ``action in legal`` asks
# ``==`` of every interned action before the one it finds, on every step, and the
# generated methods are interpreted code even when this module is compiled. They are
# the generated ones' values: equal when of one class with equal fields, the hash of
# the fields' tuple. ``__reduce__`` pickles an action as its class and fields (a
# compiled frozen class refuses the attribute writes of default unpickling).


@dataclass(frozen=True, slots=True, eq=False)
class Declare(Action):
    piece: int

    def __eq__(self, other: object) -> bool:
        return self is other or (type(other) is Declare and self.piece == other.piece)

    def __hash__(self) -> int:
        return hash((self.piece,))

    def __reduce__(self) -> tuple[type[Declare], tuple[int]]:
        return (Declare, (self.piece,))

    def __str__(self) -> str:
        return LETTER[self.piece]


@dataclass(frozen=True, slots=True, eq=False)
class Call(Action):
    def __eq__(self, other: object) -> bool:
        return self is other or type(other) is Call

    def __hash__(self) -> int:
        return hash(())

    def __reduce__(self) -> tuple[type[Call], tuple[()]]:
        return (Call, ())

    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True, slots=True, eq=False)
class Pass(Decline):
    def __eq__(self, other: object) -> bool:
        return self is other or type(other) is Pass

    def __hash__(self) -> int:
        return hash(())

    def __reduce__(self) -> tuple[type[Pass], tuple[()]]:
        return (Pass, ())

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True, eq=False)
class Choose(Action):
    """Choose the consequence called ``name`` (its rule module makes the action)."""

    name: str

    def __eq__(self, other: object) -> bool:
        return self is other or (type(other) is Choose and self.name == other.name)

    # the hash of no fields, as every one-word action's: a name chooses, it does not hash
    def __hash__(self) -> int:
        return hash(())

    def __reduce__(self) -> tuple[type[Choose], tuple[str]]:
        return (Choose, (self.name,))

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True, eq=False)
class Deal(Action):
    seat: int
    piece: int

    def __eq__(self, other: object) -> bool:
        return self is other or (
            type(other) is Deal and self.seat == other.seat and self.piece == other.piece
        )

    def __hash__(self) -> int:
        return hash((self.seat, self.piece))

    def __reduce__(self) -> tuple[type[Deal], tuple[int, int]]:
        return (Deal, (self.seat, self.piece))

    def __str__(self) -> str:
        return f"deal {self.seat} {LETTER[self.piece]}"


DECLARE = tuple(Declare(p) for p in Piece)
CALL = Call()
PASS = Pass()
DEAL = tuple(tuple(Deal(s, p) for p in Piece) for s in range(2))
CALL_CHOICES: tuple[Action, ...] = (CALL, PASS)
# one-word actions by their lower-case notation (pieces and consequences aside)
WORDS: dict[str, Action] = {str(a): a for a in (CALL, PASS)}


def parse(text: str, choices: dict[str, Action]) -> Action | None:
    """Notation to an action, or ``None`` if the text is no Contest action; ``choices``
    are the consequences' actions by their word (the game's registry)."""
    words = text.split()
    if len(words) == 1:
        word = words[0]
        action = WORDS.get(word.lower()) or choices.get(word.lower())
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
