"""The explicit stack of pending steps that drives a Chez Geek turn.

Every decision or chance event is the top step of ``state.stack``; the step
knows who decides and what is legal. Announced plays (a Call, a Shopping
trip, an Activity, a Whenever) sit on the stack as ``PLAY`` steps with a
``WINDOW`` step above them, so Whenevers answering Whenevers nest naturally
and nothing hides in flags scattered through the rules.
"""

from __future__ import annotations

import enum

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
CHANCE_KINDS = (CH_JOB, CH_DRAW, CH_ROLL)
P_CALL, P_SHOP, P_ACTIVITY, P_WHENEVER = PlayKind
R_INCOME, R_FREE_TIME, R_EVICT, R_CALL, R_SLACK = RollPurpose


class Step:
    """One pending step; fields unused by a kind keep their defaults."""

    __slots__ = (
        "kind",
        "seat",
        "slots",
        "held",
        "target",
        "uid",
        "dest",
        "order",
        "pos",
        "cancelled",
        "purpose",
        "dice",
        "total",
        "spent",
        "ref",
        "count",
        "tags",
        "or_any",
        "play_kind",
        "pool",
    )

    def __init__(
        self,
        kind: StepKind,
        seat: int = -1,
        *,
        slots: list[int] | None = None,
        held: int = -1,
        target: int = -1,
        uid: int = -1,
        dest: int = -1,
        order: tuple[int, ...] = (),
        purpose: int = -1,
        dice: int = 0,
        total: int = 0,
        ref: int = -1,
        count: int = 0,
        tags: tuple[str, ...] = (),
        or_any: bool = False,
        play_kind: int = -1,
        pool: tuple[int, ...] = (),
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.slots = slots if slots is not None else []
        self.held = held  # a card type held by this step (an Activity or Person being rolled for)
        self.target = target  # a seat: the room a Person goes to, the player a Whenever targets
        self.uid = uid  # a room card
        self.dest = dest  # a second seat (move a Person there)
        self.order = order  # the seats a window asks, in order
        self.pos = 0  # the next seat of ``order`` to ask
        self.cancelled = False
        self.purpose = purpose
        self.dice = dice  # dice still to roll
        self.total = total  # running total of a roll
        self.spent = 0  # Income a Shopping cart will cost
        self.ref = ref  # stack index of the PLAY a window or a cancel refers to
        self.count = count  # cards still to draw
        self.tags = tags
        self.or_any = or_any
        self.play_kind = play_kind
        self.pool = pool  # Jobs a chance deal may give

    def copy(self) -> Step:
        other = object.__new__(Step)
        other.kind = self.kind
        other.seat = self.seat
        other.held = self.held
        other.target = self.target
        other.uid = self.uid
        other.dest = self.dest
        other.order = self.order
        other.pos = self.pos
        other.cancelled = self.cancelled
        other.purpose = self.purpose
        other.dice = self.dice
        other.total = self.total
        other.spent = self.spent
        other.ref = self.ref
        other.count = self.count
        other.tags = self.tags
        other.or_any = self.or_any
        other.play_kind = self.play_kind
        other.pool = self.pool
        other.slots = self.slots[:]
        return other
