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

Actions are values: two actions with the same fields are equal and hash
alike, whoever built them (a parser, a record, another process). They are
also interned for the whole process (``intern``), so the action a state offers
and the one a caller hands back are usually the same object, and the
``action in legal`` scans of the hot path mostly end on C-level identity; the
hand-written ``__eq__`` and ``__hash__`` below keep the other comparisons to
one type check and one field (the generated ones build tuples, which
dominated the profile of a random playout, and stay interpreted code even in
the compiled build). ``__reduce__`` pickles an action as its class and fields:
a compiled frozen class refuses the attribute writes of default unpickling.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass, field, is_dataclass
from typing import TypeVar, cast

from cardtable.engine.game import Action, Decline
from cardtable.games.chai_tea_jazz.plays import Play


@dataclass(frozen=True, slots=True, eq=False)  # the __eq__ and __hash__ written below
class Deal(Action):
    card: int
    text: str = field(compare=False, repr=False)

    def __eq__(self, other: object) -> bool:
        return type(other) is Deal and other.card == self.card

    def __hash__(self) -> int:
        return self.card

    def __reduce__(self) -> tuple[type[Deal], tuple[int, str]]:
        return (Deal, (self.card, self.text))

    def __str__(self) -> str:
        return f"deal {self.text}"


@dataclass(frozen=True, slots=True, eq=False)  # the __eq__ and __hash__ written below
class PlayCard(Action):
    card: int
    text: str = field(compare=False, repr=False)

    def __eq__(self, other: object) -> bool:
        return type(other) is PlayCard and other.card == self.card

    def __hash__(self) -> int:
        return self.card | 0x100

    def __reduce__(self) -> tuple[type[PlayCard], tuple[int, str]]:
        return (PlayCard, (self.card, self.text))

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True, eq=False)  # the __eq__ and __hash__ written below
class Pass(Decline):
    def __eq__(self, other: object) -> bool:
        return type(other) is Pass

    def __hash__(self) -> int:
        return 0x200

    def __reduce__(self) -> tuple[type[Pass], tuple[()]]:
        return (Pass, ())

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True, eq=False)  # the __eq__ and __hash__ written below
class Pick(Action):
    row: int
    play: Play
    debt: int
    text: str = field(compare=False, repr=False)
    # computed once: a Play hashes through its generated dataclass ``__hash__``
    key: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", hash((self.row, self.play, self.debt)))

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is Pick
            and other.key == self.key
            and other.row == self.row
            and other.debt == self.debt
            and other.play == self.play
        )

    def __hash__(self) -> int:
        return self.key

    def __reduce__(self) -> tuple[type[Pick], tuple[int, Play, int, str]]:
        # ``key`` is not passed: ``__post_init__`` computes it again in the new process
        return (Pick, (self.row, self.play, self.debt, self.text))

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True, eq=False)  # the __eq__ and __hash__ written below
class Offer(Action):
    amount: int

    def __eq__(self, other: object) -> bool:
        return type(other) is Offer and other.amount == self.amount

    def __hash__(self) -> int:
        return self.amount | 0x400

    def __reduce__(self) -> tuple[type[Offer], tuple[int]]:
        return (Offer, (self.amount,))

    def __str__(self) -> str:
        return f"offer {self.amount}"


@dataclass(frozen=True, slots=True, eq=False)  # the __eq__ and __hash__ written below
class Accept(Action):
    def __eq__(self, other: object) -> bool:
        return type(other) is Accept

    def __hash__(self) -> int:
        return 0x800

    def __reduce__(self) -> tuple[type[Accept], tuple[()]]:
        return (Accept, ())

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
