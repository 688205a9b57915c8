"""Chez Geek card definitions: the value types a deck file is loaded into.

Cards are data, not code: a deck file names each card, its kind, numbers,
tags and effects, and the rules engine reads only these values. The types
here are frozen so that one loaded deck can be shared by every state and
every bot without copying. Each pickles as its class and fields
(``__reduce__``; the game and its deck go with a pickled state): compiled, a
frozen class refuses the attribute writes of default unpickling.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final


class CardKind(StrEnum):
    """A card's kind, as a closed set the checker knows rather than free text.

    Each member is the word a deck file writes (``kind = "Person"``), and being a
    ``str`` it prints, formats and serialises (JSON views, logs, observations) as
    that word. ``__hash__`` is the string's so a member and its word are one dict
    key: ``Enum`` would hash the member's name (``"PERSON"``), and a seeded game's
    sets and dicts must iterate as they did when kinds were plain words.
    """

    JOB = "Job"
    PERSON = "Person"
    PET = "Pet"
    THING = "Thing"
    ACTIVITY = "Activity"
    WHENEVER = "Whenever"

    __hash__ = str.__hash__


class NumKind(StrEnum):
    """How a card number is written: fixed, low/high (rolled each turn) or dice.

    A ``str`` with the string's hash for the same reasons as ``CardKind``.
    """

    FIXED = "fixed"
    LOWHIGH = "lowhigh"
    DICE = "dice"

    __hash__ = str.__hash__


# module-level names for the rules' hot paths (``Final``: compiled, a static, where
# ``CardKind.PERSON`` is an attribute lookup on the class each time)
K_JOB: Final = CardKind.JOB
K_PERSON: Final = CardKind.PERSON
K_PET: Final = CardKind.PET
K_THING: Final = CardKind.THING
K_ACTIVITY: Final = CardKind.ACTIVITY
K_WHENEVER: Final = CardKind.WHENEVER
N_FIXED: Final = NumKind.FIXED
N_LOWHIGH: Final = NumKind.LOWHIGH
N_DICE: Final = NumKind.DICE

# ---- vocabularies (the deck format refuses anything else) ----------------------
LIFE_KINDS: Final[tuple[CardKind, ...]] = (K_PERSON, K_PET, K_THING, K_ACTIVITY, K_WHENEVER)
KINDS: Final[tuple[CardKind, ...]] = (K_JOB, *LIFE_KINDS)
TAGS = (
    "Food",
    "Booze",
    "Smoke",
    "Caffeine",
    "TV",
    "Pet",
    "Cat",
    "Nookie",
    "Sleep",
    "Game",
    "Music",
    "Computer",
    "Book",
    "Cancel",
)
CANCEL_TARGETS = ("call", "shopping", "activity", "free_time", "whenever", "tag")
DURATIONS = ("turn", "stay", "turns")
WHEN = ("any", "own_turn", "own_free_time")
SCOPES = ("own", "other", "any")

_DICE = re.compile(r"^(\d*)d6([+-]\d+)?$")
_LOWHIGH = re.compile(r"^(-?\d+)/(-?\d+)$")


@dataclass(frozen=True, slots=True)
class Num:
    """A card number: fixed, low/high (rolled each turn), or dice (``1d6-1``)."""

    kind: NumKind
    a: int  # value, low, or number of dice
    b: int = 0  # unused, high, or the added constant

    def __str__(self) -> str:
        if self.kind == N_FIXED:
            return str(self.a)
        if self.kind == N_LOWHIGH:
            return f"{self.a}/{self.b}"
        plus = f"{self.b:+d}" if self.b else ""
        return f"{self.a}d6{plus}"

    @property
    def variable(self) -> bool:
        return self.kind != N_FIXED

    def fixed_value(self) -> int:
        """The value when fixed; the mean rounded down otherwise (for bots and summaries)."""
        if self.kind == N_FIXED:
            return self.a
        if self.kind == N_LOWHIGH:
            return (self.a + self.b) // 2
        return (self.a * 7) // 2 + self.b

    def __reduce__(self) -> tuple[type[Num], tuple[object, ...]]:
        return (Num, (self.kind, self.a, self.b))


def parse_num(value: object, *, lowhigh: bool = False, dice: bool = False) -> Num | None:
    """A number as a deck file writes it, or ``None`` if it is not one of the allowed forms."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Num(N_FIXED, value)
    if not isinstance(value, str):
        return None
    text = value.strip().replace(" ", "")
    if lowhigh:
        m = _LOWHIGH.match(text)
        if m:
            low, high = int(m.group(1)), int(m.group(2))
            return Num(N_LOWHIGH, low, high) if low <= high else None
    if dice:
        m = _DICE.match(text)
        if m:
            count = int(m.group(1) or "1")
            if 1 <= count <= 3:
                return Num(N_DICE, count, int(m.group(2) or "0"))
    return None


@dataclass(frozen=True, slots=True)
class EffectSyntax:
    """What a deck file may write for one effect word (its rule module declares it).

    ``fields``: the keys besides ``effect`` it may give; ``targets``: the words its
    ``target`` may be, ``target_default`` when none is written (a default outside
    ``targets`` makes it required); ``amount``: the ``amount`` when none is written.
    """

    fields: frozenset[str] = frozenset()
    targets: tuple[str, ...] = ()
    target_default: str = ""
    amount: int = 0

    def __reduce__(self) -> tuple[type[EffectSyntax], tuple[object, ...]]:
        return (EffectSyntax, (self.fields, self.targets, self.target_default, self.amount))


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect in the small vocabulary the rulings list (see ``docs/games/chez-geek.md``)."""

    kind: str
    amount: int = 0
    duration: str = "turn"
    turns: int = 0
    target: str = ""  # cancel target, or "self"/"other" for free_time/income
    tag: str = ""
    tags: tuple[str, ...] = ()
    card_kind: CardKind | None = None  # discard_card / slack: which kind of room card
    to: str = "discard"  # take_thing: "discard" or "room"
    scope: str = "any"
    or_any: bool = False  # discard cost: any card when none has the tags

    def __reduce__(self) -> tuple[type[Effect], tuple[object, ...]]:
        return (
            Effect,
            (
                self.kind,
                self.amount,
                self.duration,
                self.turns,
                self.target,
                self.tag,
                self.tags,
                self.card_kind,
                self.to,
                self.scope,
                self.or_any,
            ),
        )


@dataclass(frozen=True, slots=True)
class Requirements:
    """What must be true to play a card (Activities mostly)."""

    invited_person: bool = False
    tags_in_room: tuple[str, ...] = ()
    jobs: tuple[str, ...] = ()

    def __reduce__(self) -> tuple[type[Requirements], tuple[object, ...]]:
        return (Requirements, (self.invited_person, self.tags_in_room, self.jobs))


@dataclass(frozen=True, slots=True)
class CardDef:
    """One Life card type; ``copies`` physical cards of it are in the deck."""

    index: int
    name: str
    slug: str
    kind: CardKind
    copies: int = 1
    tags: frozenset[str] = frozenset()
    cost: int = 0
    slack: Num | None = None
    text: str = ""
    effects: tuple[Effect, ...] = ()
    stay: tuple[Effect, ...] = ()
    requires: Requirements = field(default_factory=Requirements)
    when: str = "any"
    barred_jobs: tuple[str, ...] = ()
    barred_if_room_has: tuple[str, ...] = ()
    source: str = ""

    @property
    def is_person(self) -> bool:
        return self.kind in (K_PERSON, K_PET)

    @property
    def invited(self) -> bool:
        """Invited People give Slack and must be Called; the others just drop in."""
        s = self.slack
        return self.kind == K_PERSON and s is not None and (s.kind == N_DICE or s.a > 0)

    @property
    def unwanted(self) -> bool:
        """An uninvited Person (Slack 0 or less, or a cost to keep)."""
        return self.kind == K_PERSON and not self.invited

    @property
    def cat(self) -> bool:
        return "Cat" in self.tags

    @property
    def cancel(self) -> Effect | None:
        for e in self.effects:
            if e.kind == "cancel":
                return e
        return None

    @property
    def continuing(self) -> bool:
        return any(e.duration == "turns" for e in self.effects)

    def __reduce__(self) -> tuple[type[CardDef], tuple[object, ...]]:
        return (
            CardDef,
            (
                self.index,
                self.name,
                self.slug,
                self.kind,
                self.copies,
                self.tags,
                self.cost,
                self.slack,
                self.text,
                self.effects,
                self.stay,
                self.requires,
                self.when,
                self.barred_jobs,
                self.barred_if_room_has,
                self.source,
            ),
        )


@dataclass(frozen=True, slots=True)
class JobDef:
    """A Job: Income, Free Time, Slack Goal, hand size and its perk or disadvantage."""

    index: int
    name: str
    slug: str
    income: Num
    free_time: Num
    slack_goal: int
    hand_size: int = 6
    roll_bonus_tag: str = ""
    roll_bonus: int = 0
    call_bonus: int = 0
    evict_bonus: int = 0
    cannot_play: tuple[str, ...] = ()
    text: str = ""
    source: str = ""

    def __reduce__(self) -> tuple[type[JobDef], tuple[object, ...]]:
        return (
            JobDef,
            (
                self.index,
                self.name,
                self.slug,
                self.income,
                self.free_time,
                self.slack_goal,
                self.hand_size,
                self.roll_bonus_tag,
                self.roll_bonus,
                self.call_bonus,
                self.evict_bonus,
                self.cannot_play,
                self.text,
                self.source,
            ),
        )


@dataclass(frozen=True)
class Deck:
    """A loaded, validated deck: Jobs and Life card types, indexed by slug."""

    jobs: tuple[JobDef, ...]
    cards: tuple[CardDef, ...]
    files: tuple[str, ...] = ()
    card_by_slug: dict[str, CardDef] = field(default_factory=dict, compare=False)
    job_by_slug: dict[str, JobDef] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        self.card_by_slug.update({c.slug: c for c in self.cards})
        self.job_by_slug.update({j.slug: j for j in self.jobs})

    @property
    def life_count(self) -> int:
        return sum(c.copies for c in self.cards)

    def __reduce__(self) -> tuple[type[Deck], tuple[object, ...]]:
        # the lookups by slug are made again from the cards and Jobs
        return (Deck, (self.jobs, self.cards, self.files))


def slugify(name: str) -> str:
    """A card's notation: lower case, words joined by hyphens (``NT Server Docco`` -> ...)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
