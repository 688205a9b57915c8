"""Chai Tea Jazz actions and their notation.

| notation                 | meaning                                                   |
|--------------------------|-----------------------------------------------------------|
| ``deal 9H``              | chance: the next card of the deal is the 9 of Hearts      |
| ``pass``                 | picking: pass (Hard Pass); Passing the Barrel: decline    |
| ``pick under``           | pick the Under row (the first pick of a round is free)    |
| ``pick trump H``         | pick the Trump row with Hearts as trump                   |
| ``pick slalom low``      | pick Slalom, the first trick low                          |
| ``pick joker trump S``   | pick the Joker row, played as Trump (Spades)              |
| ``pick under debt 10``   | pick Under, raising the Bet Debt to 10                    |
| ``offer 10``             | Passing the Barrel: offer 10 points to take the Barrel    |
| ``accept``               | Passing the Barrel: take the offer (then pick freely)     |
| ``9H`` (or ``play 9H``)  | play the 9 of Hearts (``JK`` is a Joker)                  |

Actions are interned for the whole process (``intern``), so the same action is
the same object in every game instance and equality is identity: legality and
parsing checks are then C-level identity scans instead of dataclass ``__eq__``
calls, which dominated the profile of a random playout.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass, field, is_dataclass
from typing import TypeVar, cast

from cardtable.engine.game import Action, Decline
from cardtable.games.chai_tea_jazz.contracts import Play


@dataclass(frozen=True, slots=True, eq=False)
class Deal(Action):
    card: int
    text: str = field(compare=False, repr=False)

    def __str__(self) -> str:
        return f"deal {self.text}"


@dataclass(frozen=True, slots=True, eq=False)
class PlayCard(Action):
    card: int
    text: str = field(compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True, eq=False)
class Pass(Decline):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True, eq=False)
class Pick(Action):
    row: int
    play: Play
    debt: int
    text: str = field(compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True, eq=False)
class Offer(Action):
    amount: int

    def __str__(self) -> str:
        return f"offer {self.amount}"


@dataclass(frozen=True, slots=True, eq=False)
class Accept(Action):
    def __str__(self) -> str:
        return "accept"


A = TypeVar("A", bound=Action)
_INTERNED: dict[tuple[object, ...], Action] = {}


def intern(action: A) -> A:
    """The one shared instance of an action equal to ``action`` (by class, fields and text)."""
    if not is_dataclass(action):
        raise TypeError(f"{type(action).__name__} is not an action dataclass")
    key = (type(action), *astuple(action))
    return cast(A, _INTERNED.setdefault(key, action))


PASS = intern(Pass())
ACCEPT = intern(Accept())
