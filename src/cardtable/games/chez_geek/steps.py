"""The explicit stack of pending steps that drives a Chez Geek turn.

Every decision or chance event is the top step of ``state.stack``; the step
knows who decides and what is legal. Announced plays (a Call, a Shopping
trip, an Activity, a Whenever) sit on the stack as ``Announced`` steps with
a ``Window`` step above them, so Whenevers answering Whenevers nest naturally
and nothing hides in flags scattered through the rules.

Each kind of step is its own small class holding only its own fields, under
the engine's ``Step`` and its copy contract (the state copies its stack with
the engine's ``copy_stack``). The steps nobody changes once pushed are frozen
and shared by copies; the few that count something down or collect cards (a
draw, a roll, a window, a Shopping cart, an announced play) override ``copy``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar, Final

from cardtable.engine.steps import Memo, Step
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

# module-level names for the rules' hot paths (``Final``: compiled, a static, not a
# lookup in the module's namespace)
CH_JOB: Final = StepKind.CH_JOB
CH_DRAW: Final = StepKind.CH_DRAW
CH_ROLL: Final = StepKind.CH_ROLL
D_PICK: Final = StepKind.D_PICK
D_CALLS: Final = StepKind.D_CALLS
D_FREE: Final = StepKind.D_FREE
D_SHOP: Final = StepKind.D_SHOP
D_WINDOW: Final = StepKind.D_WINDOW
D_SEND: Final = StepKind.D_SEND
D_COST: Final = StepKind.D_COST
D_DISCARD: Final = StepKind.D_DISCARD
PLAY: Final = StepKind.PLAY
P_CALL: Final = PlayKind.CALL
P_SHOP: Final = PlayKind.SHOP
P_ACTIVITY: Final = PlayKind.ACTIVITY
P_WHENEVER: Final = PlayKind.WHENEVER
R_INCOME: Final = RollPurpose.INCOME
R_FREE_TIME: Final = RollPurpose.FREE_TIME
R_EVICT: Final = RollPurpose.EVICT
R_CALL: Final = RollPurpose.CALL
R_SLACK: Final = RollPurpose.SLACK


class GeekStep(Step):
    """What every Chez Geek step has: its kind, and (declared by each step class) its ``seat``.

    A frozen step (a frozen dataclass) is shared by copies (the engine's
    ``Step.copy``). The steps that change are plain classes with their own
    ``__init__`` and ``copy``: compiled, a dataclass's generated ``__init__``
    runs interpreted, and these are made on every play. Their equality,
    hashing and ``repr`` read ``args()`` as a dataclass's would read its
    fields. Each step pickles as its class and fields (``__reduce__``):
    compiled, a step class has no default unpickling.
    """

    # the fields, in the constructor's order (``__reduce__`` gives their values)
    names: ClassVar[tuple[str, ...]] = ()

    @property
    def kind(self) -> StepKind:
        """What the step is (each step class names its own)."""
        raise NotImplementedError

    def args(self) -> tuple[object, ...]:
        """The constructor's arguments: this step's fields."""
        raise NotImplementedError

    def __reduce__(self) -> tuple[type[GeekStep], tuple[object, ...]]:
        return (type(self), self.args())

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and isinstance(other, GeekStep)
            and other.args() == self.args()
        )

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.args()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={v!r}" for n, v in zip(self.names, self.args(), strict=True))
        return f"{type(self).__name__}({fields})"


@dataclass(frozen=True, slots=True)
class DealJob(GeekStep):
    """Chance deals ``seat`` a Job, from ``pool`` (the two-player pair) or the pile."""

    seat: int
    pool: tuple[int, ...] = ()

    @property
    def kind(self) -> StepKind:
        return CH_JOB

    def args(self) -> tuple[object, ...]:
        return (self.seat, self.pool)


class Draw(GeekStep):
    """Chance deals ``seat`` Life cards, ``count`` still to come."""

    names = ("seat", "count")

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count

    @property
    def kind(self) -> StepKind:
        return CH_DRAW

    def copy(self, memo: Memo) -> Draw:
        return Draw(self.seat, self.count)

    def args(self) -> tuple[object, ...]:
        return (self.seat, self.count)


class Roll(GeekStep):
    """Chance rolls a die for ``purpose``; a Slack roll adds ``dice`` dice to ``total``.

    ``held`` is the card type rolled for (the Person called, the card whose
    Slack is rolled) and ``target`` the room it goes to; ``uid`` is the room
    card a roll to get rid of a Person is for.
    """

    names = ("seat", "purpose", "held", "target", "uid", "dice", "total")

    def __init__(
        self,
        seat: int,
        purpose: RollPurpose,
        held: int = -1,
        target: int = -1,
        uid: int = -1,
        dice: int = 0,
        total: int = 0,
    ) -> None:
        self.seat = seat
        self.purpose = purpose
        self.held = held
        self.target = target
        self.uid = uid
        self.dice = dice
        self.total = total

    @property
    def kind(self) -> StepKind:
        return CH_ROLL

    def copy(self, memo: Memo) -> Roll:
        return Roll(
            self.seat, self.purpose, self.held, self.target, self.uid, self.dice, self.total
        )

    def args(self) -> tuple[object, ...]:
        return (self.seat, self.purpose, self.held, self.target, self.uid, self.dice, self.total)


@dataclass(frozen=True, slots=True)
class PickJob(GeekStep):
    """The last game's winner picks a Job."""

    seat: int

    @property
    def kind(self) -> StepKind:
        return D_PICK

    def args(self) -> tuple[object, ...]:
        return (self.seat,)


@dataclass(frozen=True, slots=True)
class CallPeople(GeekStep):
    """The turn player's Call People phase."""

    seat: int

    @property
    def kind(self) -> StepKind:
        return D_CALLS

    def args(self) -> tuple[object, ...]:
        return (self.seat,)


@dataclass(frozen=True, slots=True)
class FreeTime(GeekStep):
    """The turn player's Free Time phase."""

    seat: int

    @property
    def kind(self) -> StepKind:
        return D_FREE

    def args(self) -> tuple[object, ...]:
        return (self.seat,)


class Shopping(GeekStep):
    """A Shopping trip under way: the cart's slots and the Income they will cost."""

    names = ("seat", "slots", "spent")

    def __init__(self, seat: int, slots: list[int] | None = None, spent: int = 0) -> None:
        self.seat = seat
        self.slots: list[int] = [] if slots is None else slots
        self.spent = spent

    @property
    def kind(self) -> StepKind:
        return D_SHOP

    def copy(self, memo: Memo) -> Shopping:
        return Shopping(self.seat, self.slots[:], self.spent)

    def args(self) -> tuple[object, ...]:
        return (self.seat, self.slots, self.spent)


class Window(GeekStep):
    """A reaction window for the play at stack index ``ref``; ``order[pos]`` is asked next.

    ``seat`` is the seat whose play it answers.
    """

    names = ("seat", "order", "ref", "pos")

    def __init__(self, seat: int, order: tuple[int, ...], ref: int, pos: int = 0) -> None:
        self.seat = seat
        self.order = order
        self.ref = ref
        self.pos = pos

    @property
    def kind(self) -> StepKind:
        return D_WINDOW

    def copy(self, memo: Memo) -> Window:
        return Window(self.seat, self.order, self.ref, self.pos)

    def args(self) -> tuple[object, ...]:
        return (self.seat, self.order, self.ref, self.pos)


@dataclass(frozen=True, slots=True)
class SendPerson(GeekStep):
    """``seat`` got rid of the room card ``uid``: send it on or dismiss it."""

    seat: int
    uid: int

    @property
    def kind(self) -> StepKind:
        return D_SEND

    def args(self) -> tuple[object, ...]:
        return (self.seat, self.uid)


@dataclass(frozen=True, slots=True)
class PersonCost(GeekStep):
    """An unwanted Person asks ``seat`` for a card with one of ``tags`` (any, ``or_any``)."""

    seat: int
    tags: tuple[str, ...] = ()
    or_any: bool = False

    @property
    def kind(self) -> StepKind:
        return D_COST

    def args(self) -> tuple[object, ...]:
        return (self.seat, self.tags, self.or_any)


@dataclass(frozen=True, slots=True)
class Discard(GeekStep):
    """The turn player's Discard phase."""

    seat: int

    @property
    def kind(self) -> StepKind:
        return D_DISCARD

    def args(self) -> tuple[object, ...]:
        return (self.seat,)


class Announced(GeekStep):
    """An announced play waiting for its window to close; resolves at the top of the stack.

    ``target`` is the seat of the room or player it is for, ``uid``/``dest``
    a Whenever's room card and destination, ``ref`` the stack index of the play
    a cancel answers, ``spent`` the Income a Shopping cart cost.
    """

    names = ("seat", "play_kind", "slots", "target", "uid", "dest", "ref", "spent", "cancelled")

    def __init__(
        self,
        seat: int,
        play_kind: PlayKind,
        slots: tuple[int, ...],
        target: int = -1,
        uid: int = -1,
        dest: int = -1,
        ref: int = -1,
        spent: int = 0,
        cancelled: bool = False,
    ) -> None:
        self.seat = seat
        self.play_kind = play_kind
        self.slots = slots
        self.target = target
        self.uid = uid
        self.dest = dest
        self.ref = ref
        self.spent = spent
        self.cancelled = cancelled

    @property
    def kind(self) -> StepKind:
        return PLAY

    def copy(self, memo: Memo) -> Announced:
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

    def args(self) -> tuple[object, ...]:
        return (
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


# the turn's phase steps, made once: frozen, so every state may share them
MAX_SEATS: Final = 5
CALL_STEPS: Final = tuple(CallPeople(s) for s in range(MAX_SEATS))
FREE_STEPS: Final = tuple(FreeTime(s) for s in range(MAX_SEATS))
DISCARD_STEPS: Final = tuple(Discard(s) for s in range(MAX_SEATS))

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
