"""The explicit stack of pending steps that drives a Chez Geek turn.

Every decision or chance event is the top step of ``state.stack``; the step
knows who decides and what is legal. Announced plays (a Call, a Shopping
trip, an Activity, a Whenever) sit on the stack as ``Announced`` steps with
a ``Window`` step above them, so Whenevers answering Whenevers nest naturally
and nothing hides in flags scattered through the rules.

Each kind of step is its own small class holding only its own fields. The
steps nobody changes once pushed are frozen and shared by clones; the few
that count something down or collect cards (a draw, a roll, a window, a
Shopping cart, an announced play) are copied by ``clone``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Self

from cardtable.games.chez_geek.schema import PlayLabel, RollPurposeLabel, StepLabel


class StepKind(enum.IntEnum):
    """What a pending step is: a chance event, a decision, or a play that resolves itself."""

    CH_JOB = 0
    CH_DRAW = 1
    CH_ROLL = 2
    D_PICK = 3
    D_CALLS = 4
    D_FREE = 5
    D_SHOP = 6
    D_WINDOW = 7
    D_SEND = 8
    D_COST = 9
    D_DISCARD = 10
    PLAY = 11

    @property
    def label(self) -> StepLabel:
        """The name the observation's ``prompt.step`` carries."""
        return STEP_NAMES[self]


class PlayKind(enum.IntEnum):
    """What an announced play is (what a cancel may answer)."""

    CALL = 0
    SHOP = 1
    ACTIVITY = 2
    WHENEVER = 3

    @property
    def label(self) -> PlayLabel:
        """The name the observation's ``stack[].play`` carries."""
        return PLAY_NAMES[self]


class RollPurpose(enum.IntEnum):
    """Why a die is rolled."""

    INCOME = 0
    FREE_TIME = 1
    EVICT = 2
    CALL = 3
    SLACK = 4

    @property
    def label(self) -> RollPurposeLabel:
        """The name the observation's ``prompt.purpose`` carries."""
        return ROLL_PURPOSES[self]

    @property
    def words(self) -> str:
        """The purpose as the public log writes it."""
        return ROLL_NAMES[self]


STEP_NAMES: tuple[StepLabel, ...] = (
    "deal-job",
    "draw",
    "roll",
    "pick-job",
    "call-people",
    "free-time",
    "shopping",
    "whenever-window",
    "send-person",
    "person-cost",
    "discard",
    "play",
)
PLAY_NAMES: tuple[PlayLabel, ...] = ("Call", "Shopping trip", "Activity", "Whenever")
ROLL_PURPOSES: tuple[RollPurposeLabel, ...] = (
    "income",
    "free-time",
    "get-rid-of-person",
    "call",
    "slack",
)
ROLL_NAMES = ("Income", "Free Time", "get rid of a Person", "Call", "Slack")

# module-level names for the rules' hot paths
(
    CH_JOB,
    CH_DRAW,
    CH_ROLL,
    D_PICK,
    D_CALLS,
    D_FREE,
    D_SHOP,
    D_WINDOW,
    D_SEND,
    D_COST,
    D_DISCARD,
    PLAY,
) = StepKind
P_CALL, P_SHOP, P_ACTIVITY, P_WHENEVER = PlayKind
R_INCOME, R_FREE_TIME, R_EVICT, R_CALL, R_SLACK = RollPurpose


class Step:
    """What every step has: its kind, and (declared by each step class) its ``seat``.

    ``clone`` gives a copy a state may change without touching the original;
    a frozen step is its own clone. Each step pickles as its class and fields
    (``__reduce__``): compiled, a step class has no default unpickling.
    """

    __slots__ = ()

    # a property, not a class variable: compiled, a dataclass's ``__annotations__`` name
    # a ``ClassVar``'s bare type, which ``dataclasses`` would take for a field
    @property
    def kind(self) -> StepKind:
        """What the step is (each step class names its own)."""
        raise NotImplementedError

    def clone(self) -> Self:
        return self


@dataclass(frozen=True, slots=True)
class DealJob(Step):
    """Chance deals ``seat`` a Job, from ``pool`` (the two-player pair) or the pile."""

    seat: int
    pool: tuple[int, ...] = ()

    @property
    def kind(self) -> StepKind:
        return StepKind.CH_JOB

    def __reduce__(self) -> tuple[type[DealJob], tuple[int, tuple[int, ...]]]:
        return (DealJob, (self.seat, self.pool))


@dataclass(slots=True)
class Draw(Step):
    """Chance deals ``seat`` Life cards, ``count`` still to come."""

    seat: int
    count: int

    @property
    def kind(self) -> StepKind:
        return StepKind.CH_DRAW

    def clone(self) -> Draw:
        return Draw(self.seat, self.count)

    def __reduce__(self) -> tuple[type[Draw], tuple[int, int]]:
        return (Draw, (self.seat, self.count))


@dataclass(slots=True)
class Roll(Step):
    """Chance rolls a die for ``purpose``; a Slack roll adds ``dice`` dice to ``total``.

    ``held`` is the card type rolled for (the Person called, the card whose
    Slack is rolled) and ``target`` the room it goes to; ``uid`` is the room
    card a roll to get rid of a Person is for.
    """

    seat: int
    purpose: RollPurpose
    held: int = -1
    target: int = -1
    uid: int = -1
    dice: int = 0
    total: int = 0

    @property
    def kind(self) -> StepKind:
        return StepKind.CH_ROLL

    def clone(self) -> Roll:
        return Roll(
            self.seat, self.purpose, self.held, self.target, self.uid, self.dice, self.total
        )

    def __reduce__(self) -> tuple[type[Roll], tuple[int, RollPurpose, int, int, int, int, int]]:
        return (
            Roll,
            (self.seat, self.purpose, self.held, self.target, self.uid, self.dice, self.total),
        )


@dataclass(frozen=True, slots=True)
class PickJob(Step):
    """The last game's winner picks a Job."""

    seat: int

    @property
    def kind(self) -> StepKind:
        return StepKind.D_PICK

    def __reduce__(self) -> tuple[type[PickJob], tuple[int]]:
        return (PickJob, (self.seat,))


@dataclass(frozen=True, slots=True)
class CallPeople(Step):
    """The turn player's Call People phase."""

    seat: int

    @property
    def kind(self) -> StepKind:
        return StepKind.D_CALLS

    def __reduce__(self) -> tuple[type[CallPeople], tuple[int]]:
        return (CallPeople, (self.seat,))


@dataclass(frozen=True, slots=True)
class FreeTime(Step):
    """The turn player's Free Time phase."""

    seat: int

    @property
    def kind(self) -> StepKind:
        return StepKind.D_FREE

    def __reduce__(self) -> tuple[type[FreeTime], tuple[int]]:
        return (FreeTime, (self.seat,))


@dataclass(slots=True)
class Shopping(Step):
    """A Shopping trip under way: the cart's slots and the Income they will cost."""

    seat: int
    slots: list[int] = field(default_factory=list)
    spent: int = 0

    @property
    def kind(self) -> StepKind:
        return StepKind.D_SHOP

    def clone(self) -> Shopping:
        return Shopping(self.seat, self.slots[:], self.spent)

    def __reduce__(self) -> tuple[type[Shopping], tuple[int, list[int], int]]:
        return (Shopping, (self.seat, self.slots, self.spent))


@dataclass(slots=True)
class Window(Step):
    """A reaction window for the play at stack index ``ref``; ``order[pos]`` is asked next.

    ``seat`` is the seat whose play it answers.
    """

    seat: int
    order: tuple[int, ...]
    ref: int
    pos: int = 0

    @property
    def kind(self) -> StepKind:
        return StepKind.D_WINDOW

    def clone(self) -> Window:
        return Window(self.seat, self.order, self.ref, self.pos)

    def __reduce__(self) -> tuple[type[Window], tuple[int, tuple[int, ...], int, int]]:
        return (Window, (self.seat, self.order, self.ref, self.pos))


@dataclass(frozen=True, slots=True)
class SendPerson(Step):
    """``seat`` got rid of the room card ``uid``: send it on or dismiss it."""

    seat: int
    uid: int

    @property
    def kind(self) -> StepKind:
        return StepKind.D_SEND

    def __reduce__(self) -> tuple[type[SendPerson], tuple[int, int]]:
        return (SendPerson, (self.seat, self.uid))


@dataclass(frozen=True, slots=True)
class PersonCost(Step):
    """An unwanted Person asks ``seat`` for a card with one of ``tags`` (any, ``or_any``)."""

    seat: int
    tags: tuple[str, ...] = ()
    or_any: bool = False

    @property
    def kind(self) -> StepKind:
        return StepKind.D_COST

    def __reduce__(self) -> tuple[type[PersonCost], tuple[int, tuple[str, ...], bool]]:
        return (PersonCost, (self.seat, self.tags, self.or_any))


@dataclass(frozen=True, slots=True)
class Discard(Step):
    """The turn player's Discard phase."""

    seat: int

    @property
    def kind(self) -> StepKind:
        return StepKind.D_DISCARD

    def __reduce__(self) -> tuple[type[Discard], tuple[int]]:
        return (Discard, (self.seat,))


@dataclass(slots=True)
class Announced(Step):
    """An announced play waiting for its window to close; resolves at the top of the stack.

    ``target`` is the seat of the room or player it is for, ``uid``/``dest``
    a Whenever's room card and destination, ``ref`` the stack index of the play
    a cancel answers, ``spent`` the Income a Shopping cart cost.
    """

    seat: int
    play_kind: PlayKind
    slots: tuple[int, ...]
    target: int = -1
    uid: int = -1
    dest: int = -1
    ref: int = -1
    spent: int = 0
    cancelled: bool = False

    @property
    def kind(self) -> StepKind:
        return StepKind.PLAY

    def clone(self) -> Announced:
        return Announced(
            self.seat,
            self.play_kind,
            self.slots,
            self.target,
            self.uid,
            self.dest,
            self.ref,
            self.spent,
            self.cancelled,
        )

    def __reduce__(
        self,
    ) -> tuple[
        type[Announced], tuple[int, PlayKind, tuple[int, ...], int, int, int, int, int, bool]
    ]:
        return (
            Announced,
            (
                self.seat,
                self.play_kind,
                self.slots,
                self.target,
                self.uid,
                self.dest,
                self.ref,
                self.spent,
                self.cancelled,
            ),
        )


AnyStep = (
    DealJob
    | Draw
    | Roll
    | PickJob
    | CallPeople
    | FreeTime
    | Shopping
    | Window
    | SendPerson
    | PersonCost
    | Discard
    | Announced
)
