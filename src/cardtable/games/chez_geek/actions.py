"""Chez Geek actions and their notation.

Cards are written by their slug (``ultra-slims``), seats by number, and a card
in a room as ``SEAT:slug`` (``1:cigarettes``; ``1:beer#2`` for the second of
two alike).

| notation                    | meaning                                              |
|-----------------------------|------------------------------------------------------|
| ``job tech-support``        | chance: the next Job dealt                           |
| ``draw cigarettes``         | chance: the Life card drawn                          |
| ``roll 4``                  | chance: a die                                        |
| ``pick slacker``            | a match's last winner chooses their Job              |
| ``call choad-warrior 2``    | Call People: a Person or Pet to seat 2's room         |
| ``shop`` / ``buy X`` / ``checkout`` | a Shopping trip, its Things, and its end      |
| ``do sleep``                | Free Time: an Activity                               |
| ``play bum 1:cigarettes``   | a Whenever, with its target if it has one            |
| ``play get-a-life 2``       | a Whenever on a player                               |
| ``play bouncer 1:mooch>2``  | a Whenever moving a Person to another room           |
| ``pass``                    | a reaction window: no answer                         |
| ``discard white-russian``   | Discard phase, or a cost an unwanted Person exacts   |
| ``send 2`` / ``dismiss``    | a Person you got rid of goes to room 2 / the discards |
| ``done``                    | end the current phase                                |
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardtable.engine.game import Action, Decline

# Equality and hashing are written out rather than generated: ``action in legal`` asks
# ``==`` of the interned actions before the one it finds, on every step, and the
# generated methods stay interpreted code even when this module is compiled. They give
# the generated ones' values (equal when of one class with equal fields, the hash of
# the fields' tuple) except where a class says otherwise. ``__reduce__`` pickles an
# action as its class and fields (a compiled frozen class refuses the attribute writes
# of default unpickling).


@dataclass(frozen=True, slots=True, eq=False)
class Chance(Action):
    """A chance outcome: ``job``, ``draw`` or ``roll`` with its value.

    Equal by value (``verb`` and ``value``; ``label`` is the value's name).
    Every chance outcome is interned (``ROLLS`` here, each game's
    ``draw_actions`` and ``job_actions``) and the parser only returns those
    objects, so the engine's membership test in lists of up to ~80 draw
    outcomes mostly meets the outcome itself; the comparison that runs for the
    others is kept to the two fields.
    """

    verb: str
    value: int
    label: str

    def __str__(self) -> str:
        return f"{self.verb} {self.label}"

    def __eq__(self, other: object) -> bool:
        # no identity test: ``list.__contains__`` makes it before calling this
        return type(other) is Chance and self.value == other.value and self.verb == other.verb

    def __hash__(self) -> int:
        return hash((self.verb, self.value))

    def __reduce__(self) -> tuple[type[Chance], tuple[str, int, str]]:
        return (Chance, (self.verb, self.value, self.label))


@dataclass(frozen=True, slots=True, eq=False)
class Word(Action):
    """A one-word decision: done, shop, checkout, dismiss (``pass`` is ``PassWord``)."""

    word: str

    def __str__(self) -> str:
        return self.word

    def __eq__(self, other: object) -> bool:
        return type(other) is Word and self.word == other.word

    def __hash__(self) -> int:
        return hash((self.word,))

    def __reduce__(self) -> tuple[type[Word], tuple[str]]:
        return (Word, (self.word,))


@dataclass(frozen=True, slots=True, eq=False)
class PassWord(Decline):
    """``pass``: declines a reaction window.

    A one-word decision like ``Word``, but derived from the engine's ``Decline``
    alone (a compiled class has one base), so that servers and bots know it by type.
    """

    word: str

    def __str__(self) -> str:
        return self.word

    def __eq__(self, other: object) -> bool:
        return type(other) is PassWord and self.word == other.word

    def __hash__(self) -> int:
        return hash((self.word,))

    def __reduce__(self) -> tuple[type[PassWord], tuple[str]]:
        return (PassWord, (self.word,))


@dataclass(frozen=True, slots=True, eq=False)
class CardAct(Action):
    """A verb on one card type from hand (or the Job pile for ``pick``)."""

    verb: str  # buy, do, discard, pick
    card: int
    slug: str

    def __str__(self) -> str:
        return f"{self.verb} {self.slug}"

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is CardAct
            and self.card == other.card
            and self.verb == other.verb
            and self.slug == other.slug
        )

    def __hash__(self) -> int:
        return hash((self.verb, self.card, self.slug))

    def __reduce__(self) -> tuple[type[CardAct], tuple[str, int, str]]:
        return (CardAct, (self.verb, self.card, self.slug))


@dataclass(frozen=True, slots=True, eq=False)
class Call(Action):
    """Call a Person (or put out a Pet) into ``seat``'s room."""

    card: int
    slug: str
    seat: int

    def __str__(self) -> str:
        return f"call {self.slug} {self.seat}"

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is Call
            and self.card == other.card
            and self.seat == other.seat
            and self.slug == other.slug
        )

    def __hash__(self) -> int:
        return hash((self.card, self.slug, self.seat))

    def __reduce__(self) -> tuple[type[Call], tuple[int, str, int]]:
        return (Call, (self.card, self.slug, self.seat))


@dataclass(frozen=True, slots=True, eq=False)
class Send(Action):
    """Send a Person you got rid of to ``seat``'s room."""

    seat: int

    def __str__(self) -> str:
        return f"send {self.seat}"

    def __eq__(self, other: object) -> bool:
        return type(other) is Send and self.seat == other.seat

    def __hash__(self) -> int:
        return hash((self.seat,))

    def __reduce__(self) -> tuple[type[Send], tuple[int]]:
        return (Send, (self.seat,))


# whether this module runs compiled (its file is then the extension, not the source)
IS_COMPILED: Final = not __file__.endswith(".py")


@dataclass(frozen=True, slots=True, eq=False)
class Play(Action):
    """Play a Whenever; ``target`` is its written target (``''`` when it has none).

    ``tseat``/``uid``/``dest`` hold the target resolved against the state the
    action was made for: a player, a room card (by its uid) and a destination.
    """

    card: int
    slug: str
    target: str = ""
    tseat: int = -1
    uid: int = -1
    dest: int = -1

    # written out, so ``dataclass`` keeps it: compiled, its generated ``__init__`` runs
    # interpreted (about 0.8 us), and targeted plays are made whenever a room changes;
    # compiled, these are native field writes (a frozen field still refuses ``setattr``)
    def __init__(
        self, card: int, slug: str, target: str = "", tseat: int = -1, uid: int = -1, dest: int = -1
    ) -> None:
        if IS_COMPILED:
            self.card = card  # type: ignore[misc]
            self.slug = slug  # type: ignore[misc]
            self.target = target  # type: ignore[misc]
            self.tseat = tseat  # type: ignore[misc]
            self.uid = uid  # type: ignore[misc]
            self.dest = dest  # type: ignore[misc]
        else:
            set_field = object.__setattr__
            set_field(self, "card", card)
            set_field(self, "slug", slug)
            set_field(self, "target", target)
            set_field(self, "tseat", tseat)
            set_field(self, "uid", uid)
            set_field(self, "dest", dest)

    def __str__(self) -> str:
        return f"play {self.slug} {self.target}" if self.target else f"play {self.slug}"

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is Play
            and self.card == other.card
            and self.target == other.target
            and self.uid == other.uid
            and self.dest == other.dest
            and self.tseat == other.tseat
        )

    def __hash__(self) -> int:
        return hash((self.card, self.target, self.uid, self.dest))

    def __reduce__(self) -> tuple[type[Play], tuple[int, str, str, int, int, int]]:
        return (Play, (self.card, self.slug, self.target, self.tseat, self.uid, self.dest))


# ``Final``: compiled, the rules read these as statics
PASS: Final = PassWord("pass")
DONE: Final = Word("done")
SHOP: Final = Word("shop")
CHECKOUT: Final = Word("checkout")
DISMISS: Final = Word("dismiss")
WORDS: dict[str, Action] = {str(w): w for w in (PASS, DONE, SHOP, CHECKOUT, DISMISS)}
ROLLS: Final = tuple(Chance("roll", v, str(v)) for v in range(7))
SEND: Final = tuple(Send(s) for s in range(5))
