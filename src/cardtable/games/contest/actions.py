"""Contest actions and their notation.

| notation   | meaning                                              |
|------------|------------------------------------------------------|
| ``Q R N B P`` | declare the card in hand as that piece (true or a bluff) |
| ``call``   | call for a reveal                                    |
| ``pass``   | do not call                                          |
| ``pile``   | consequence: show your Defeated Pile                 |
| ``top``    | consequence: play next round with your top card shown |
| ``deal 0 Q`` | chance: the next card of seat 0's pile is a Queen  |
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.game import Action, Decline
from cardtable.games.contest.pieces import LETTERS


@dataclass(frozen=True, slots=True)
class Declare(Action):
    piece: int

    def __str__(self) -> str:
        return LETTERS[self.piece]


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
        return f"deal {self.seat} {LETTERS[self.piece]}"


DECLARE = tuple(Declare(p) for p in range(len(LETTERS)))
CALL = Call()
PASS = Pass()
SHOW_PILE = ShowPile()
SHOW_TOP = ShowTop()
DEAL = tuple(tuple(Deal(s, p) for p in range(len(LETTERS))) for s in range(2))
CALL_CHOICES: list[Action] = [CALL, PASS]
CONSEQUENCE_CHOICES: list[Action] = [SHOW_PILE, SHOW_TOP]
