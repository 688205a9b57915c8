"""Chez actions and their notation.

| notation        | meaning                                                        |
|-----------------|----------------------------------------------------------------|
| ``7H``          | play one card onto the discard pile                            |
| ``7H+7S+7D``    | play a combo, in this order (first must be playable, last tops) |
| ``pick``        | pick up a card as your action                                  |
| ``end``         | end your turn after your last action                           |
| ``accept``      | take the pick-up of the Joker stack you face                   |
| ``pass``        | do not nope (reaction window)                                  |
| ``nope AS``     | nope with that Ace (reaction window)                           |
| ``target P2``   | choose the player a King / Revolution / Royal Court / K-Q hits |
| ``give 7H``     | King: give back a card from your original hand                 |
| ``name 7 red``  | True Transformation: the top now counts as a red 7             |
| ``castle``      | bonus: build a Castle from a 7, 8 and 9 (``castle 10``: + a 10) |
| ``siege P2``    | bonus: put a 10 on P2's Castle                                 |
| ``bet 7``       | bonus: The Betting Man with two Jokers, naming 7               |
| ``draw 7H``     | chance: the card drawn from a shuffled part of the draw pile   |
| ``take 7H``     | chance: the card a King takes blind                            |
| ``d6=3``        | chance: a die roll                                             |
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from cardtable.engine.game import Action, Decline
from cardtable.games.chez.cards import JOKER, NAME, NKINDS, RANK_NAMES, parse_card


class ChezAction(Action):
    """A Chez action: a value (equal and hashed by its fields), interned in practice.

    Legality checks scan lists of legal actions, and every action the game
    makes or parses is the one interned object for its notation, so the match
    is found by ``list.__contains__``'s identity short-cut. Each class writes
    its own ``__eq__`` (one call, no tuple building, ``False`` rather than
    ``NotImplemented`` for another class, so no reflected call) because the
    scan calls it once for every non-matching action. Copies and pickles come
    back as the interned object through the notation.
    """

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_interned, (str(self),))


def _interned(text: str) -> Action:
    action = parse(text)
    if action is None:
        raise ValueError(f"not a Chez action: {text!r}")
    return action


@dataclass(frozen=True, slots=True, eq=False)
class Play(ChezAction):
    cards: tuple[int, ...]
    # the notation, computed once when the play is interned
    text: str = field(default="", repr=False)

    def __eq__(self, other: object) -> bool:
        return type(other) is Play and other.cards == self.cards

    def __hash__(self) -> int:
        return hash(self.cards)

    def __str__(self) -> str:
        return self.text or "+".join(NAME[k] for k in self.cards)


@dataclass(frozen=True, slots=True, eq=False)
class Word(ChezAction):
    """An action without arguments (pick, end, accept, pass, castle)."""

    word: str

    def __eq__(self, other: object) -> bool:
        return type(other) is Word and other.word == self.word

    def __hash__(self) -> int:
        return hash(self.word)

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True, eq=False)
class PassWord(Decline):
    """``pass``: declines a reaction window.

    It derives from the engine's ``Decline`` alone (a compiled class takes one
    base), so it is not a ``Word``: it has a word and a notation of its own, and
    copies and pickles come back as the interned ``PASS`` like every Chez action.
    """

    word: str

    def __eq__(self, other: object) -> bool:
        return type(other) is PassWord and other.word == self.word

    def __hash__(self) -> int:
        return hash(self.word)

    def __str__(self) -> str:
        return self.word

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_interned, (str(self),))


@dataclass(frozen=True, slots=True, eq=False)
class Nope(ChezAction):
    kind: int

    def __eq__(self, other: object) -> bool:
        return type(other) is Nope and other.kind == self.kind

    def __hash__(self) -> int:
        return hash(self.kind)

    def __str__(self) -> str:
        return f"nope {NAME[self.kind]}"


@dataclass(frozen=True, slots=True, eq=False)
class Target(ChezAction):
    seat: int

    def __eq__(self, other: object) -> bool:
        return type(other) is Target and other.seat == self.seat

    def __hash__(self) -> int:
        return hash(self.seat)

    def __str__(self) -> str:
        return f"target P{self.seat}"


@dataclass(frozen=True, slots=True, eq=False)
class Give(ChezAction):
    kind: int

    def __eq__(self, other: object) -> bool:
        return type(other) is Give and other.kind == self.kind

    def __hash__(self) -> int:
        return hash(self.kind)

    def __str__(self) -> str:
        return f"give {NAME[self.kind]}"


@dataclass(frozen=True, slots=True, eq=False)
class NameTop(ChezAction):
    value: int
    red: bool

    def __eq__(self, other: object) -> bool:
        return type(other) is NameTop and other.value == self.value and other.red == self.red

    def __hash__(self) -> int:
        return hash((self.value, self.red))

    def __str__(self) -> str:
        return f"name {RANK_NAMES[self.value]} {'red' if self.red else 'black'}"


@dataclass(frozen=True, slots=True, eq=False)
class Siege(ChezAction):
    seat: int

    def __eq__(self, other: object) -> bool:
        return type(other) is Siege and other.seat == self.seat

    def __hash__(self) -> int:
        return hash(self.seat)

    def __str__(self) -> str:
        return f"siege P{self.seat}"


@dataclass(frozen=True, slots=True, eq=False)
class Bet(ChezAction):
    number: int

    def __eq__(self, other: object) -> bool:
        return type(other) is Bet and other.number == self.number

    def __hash__(self) -> int:
        return hash(self.number)

    def __str__(self) -> str:
        return f"bet {self.number}"


@dataclass(frozen=True, slots=True, eq=False)
class Draw(ChezAction):
    kind: int

    def __eq__(self, other: object) -> bool:
        return type(other) is Draw and other.kind == self.kind

    def __hash__(self) -> int:
        return hash(self.kind)

    def __str__(self) -> str:
        return f"draw {NAME[self.kind]}"


@dataclass(frozen=True, slots=True, eq=False)
class Take(ChezAction):
    kind: int

    def __eq__(self, other: object) -> bool:
        return type(other) is Take and other.kind == self.kind

    def __hash__(self) -> int:
        return hash(self.kind)

    def __str__(self) -> str:
        return f"take {NAME[self.kind]}"


@dataclass(frozen=True, slots=True, eq=False)
class Roll(ChezAction):
    die: int
    value: int

    def __eq__(self, other: object) -> bool:
        return type(other) is Roll and other.die == self.die and other.value == self.value

    def __hash__(self) -> int:
        return hash((self.die, self.value))

    def __str__(self) -> str:
        return f"d{self.die}={self.value}"


PICK: Final = Word("pick")
END: Final = Word("end")
ACCEPT: Final = Word("accept")
PASS: Final = PassWord("pass")
CASTLE: Final = Word("castle")
CASTLE_TEN: Final = Word("castle 10")
WORDS = {w.word: w for w in (PICK, END, ACCEPT, PASS, CASTLE, CASTLE_TEN)}
MAX_SEATS = 10
NOPE: Final[tuple[Nope, ...]] = tuple(Nope(k) for k in range(NKINDS))
TARGET: Final[tuple[Target, ...]] = tuple(Target(s) for s in range(MAX_SEATS))
SIEGE: Final[tuple[Siege, ...]] = tuple(Siege(s) for s in range(MAX_SEATS))
GIVE: Final[tuple[Give, ...]] = tuple(Give(k) for k in range(NKINDS))
DRAW: Final[tuple[Draw, ...]] = tuple(Draw(k) for k in range(NKINDS))
TAKE: Final[tuple[Take, ...]] = tuple(Take(k) for k in range(NKINDS))
BET: Final = tuple(Bet(n) for n in range(13))
NAME_TOP = tuple(NameTop(v, red) for v in range(14) for red in (False, True))
DICE = (4, 6, 8, 10, 12, 20)
ROLL = {d: tuple(Roll(d, v) for v in range(d + 1)) for d in DICE}
ROLL_OUTCOMES: Final[dict[int, tuple[tuple[Action, float], ...]]] = {
    d: tuple((ROLL[d][v], 1.0 / d) for v in range(1, d + 1)) for d in DICE
}

_PLAYS: Final[dict[tuple[int, ...], Play]] = {}


def play_of(cards: tuple[int, ...]) -> Play:
    """The interned ``Play`` of these cards, so legality checks are identity checks."""
    found = _PLAYS.get(cards)
    if found is None:
        found = _PLAYS[cards] = Play(cards, "+".join(NAME[k] for k in cards))
    return found


SINGLE: Final = tuple(play_of((k,)) for k in range(NKINDS))


def name_top(value: int, red: bool) -> NameTop:
    return NAME_TOP[value * 2 + int(red)]


def _seat(word: str) -> int | None:
    w = word.upper().removeprefix("P")
    return int(w) if w.isdigit() and int(w) < MAX_SEATS else None


def _value(word: str) -> int | None:
    up = word.upper()
    if up in RANK_NAMES[1:]:
        return RANK_NAMES.index(up)
    return int(up) if up.isdigit() and 1 <= int(up) <= 13 else None


_PARSED: dict[str, Action] = {}
_PARSE_CACHE_LIMIT = 50_000


def parse(text: str) -> Action | None:
    """Notation to an action (not yet checked for legality), or ``None``.

    Records replay every action through here, so results are memoised (the
    notation space is small; the cache is bounded against hostile input).
    """
    found = _PARSED.get(text)
    if found is not None:
        return found
    action = _parse_words(text)
    if action is not None and len(_PARSED) < _PARSE_CACHE_LIMIT:
        _PARSED[text] = action
    return action


def _parse_words(text: str) -> Action | None:
    words = text.lower().replace("+", " ").split()
    head = words[0]
    if len(words) == 1 and head in WORDS:
        return WORDS[head]
    if head == "castle" and len(words) == 2 and words[1] == "10":
        return CASTLE_TEN
    if len(words) == 2:
        arg = words[1]
        if head in ("nope", "give", "draw", "take"):
            kind = parse_card(arg)
            if kind is None:
                return None
            table = {"nope": NOPE, "give": GIVE, "draw": DRAW, "take": TAKE}[head]
            return table[kind]
        if head in ("target", "siege"):
            seat = _seat(arg)
            if seat is None:
                return None
            return (TARGET if head == "target" else SIEGE)[seat]
        if head == "bet":
            return BET[int(arg)] if arg.isdigit() and 1 <= int(arg) <= 12 else None
    if head == "name" and len(words) == 3 and words[2] in ("red", "black"):
        value = _value(words[1])
        return None if value is None else name_top(value, words[2] == "red")
    if len(words) == 1 and head.startswith("d") and "=" in head:
        die, _, face = head[1:].partition("=")
        if die.isdigit() and face.isdigit() and int(die) in ROLL:
            d, v = int(die), int(face)
            return ROLL[d][v] if 1 <= v <= d else None
        return None
    if head == "play":
        words = words[1:]
    if not 1 <= len(words) <= 5:
        return None
    kinds = []
    for word in words:
        kind = parse_card(word)
        if kind is None:
            return None
        kinds.append(kind)
    if len(kinds) > 1 and JOKER in kinds and any(k != JOKER for k in kinds):
        return None
    return play_of(tuple(kinds))
