"""The explicit stack of pending steps that drives a Chez Geek turn.

Every decision or chance event is the top step of ``state.stack``; the step
knows who decides and what is legal. Announced plays (a Call, a Shopping
trip, an Activity, a Whenever) sit on the stack as ``PLAY`` steps with a
``WINDOW`` step above them, so Whenevers answering Whenevers nest naturally
and nothing hides in flags scattered through the rules.
"""

from __future__ import annotations

# chance steps
CH_JOB, CH_DRAW, CH_ROLL = range(3)
# decisions
D_PICK, D_CALLS, D_FREE, D_SHOP, D_WINDOW, D_SEND, D_COST, D_DISCARD = range(3, 11)
# automatic: resolves when it reaches the top of the stack
PLAY = 11
CHANCE_KINDS = (CH_JOB, CH_DRAW, CH_ROLL)
STEP_NAMES = (
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

# what a PLAY is
P_CALL, P_SHOP, P_ACTIVITY, P_WHENEVER = range(4)
PLAY_NAMES = ("Call", "Shopping trip", "Activity", "Whenever")
# why a die is rolled
R_INCOME, R_FREE_TIME, R_EVICT, R_CALL, R_SLACK = range(5)
ROLL_NAMES = ("Income", "Free Time", "get rid of a Person", "Call", "Slack")


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
        kind: int,
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
