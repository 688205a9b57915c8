"""The explicit stack of pending steps that multi-decision effects are made of.

Each step knows who decides next (a seat, or chance) and the state reads
``current_player()`` and ``legal_actions()`` off the top step; when the stack
is empty the turn player decides. Steps are plain data: the behaviour lives
in the state's layers, dispatched on the step's type (``state._run_step``).
They derive from the engine's ``Step`` and the state copies its stack with the
engine's ``copy_stack``; the steps that point at one ``Pending`` play keep
sharing one copy of it through the copy's memo (``_play``).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from mypy_extensions import mypyc_attr

from cardtable.engine.steps import Memo, Step
from cardtable.games.chez.schema import PlayName, RollFor


class PlayKind(IntEnum):
    """What a play on the discard pile is: a plain card, a special card's (one value,
    one copy or several), or a combo (which one: ``Pending.combo``, its rule's index
    among the game's combos, so that a combo is declared by its rule module alone).

    Hot paths compare against the module-level aliases below: an enum attribute
    lookup costs about ten times a global's. The labels sit in a table beside the
    enum (a compiled module's enum takes no ``__new__`` of its own); a combo's label
    is its rule's.
    """

    NORMAL = 0
    SIX = 1
    TEN = 2
    JACK = 3
    QUEEN = 4
    KING = 5
    JOKER = 6
    COMBO = 7


# the labels of every kind but ``COMBO``, by kind
PLAY_NAMES: tuple[PlayName, ...] = ("card", "6", "10", "Jack", "Queen", "King", "Joker")


class RollPurpose(IntEnum):
    """What a roll's total does; ``label`` is the words the views use for it."""

    PLAY = 0
    ACCEPT = 1
    PLAGUE = 2
    PLAGUE2 = 3
    BET = 4

    @property
    def label(self) -> RollFor:
        return ROLL_NAMES[self]


ROLL_NAMES: tuple[RollFor, ...] = ("play", "joker pick-up", "plague", "plague", "betting man")


class Fx(IntEnum):
    """An automatic part of an effect, queued on the stack to run after what is above it."""

    RECYCLE = 0  # a 10: the hand under the pile, as many drawn back
    QUEEN = 1  # a Royal Court's Queen
    JACK = 2  # a Royal Court's Jack: the rolled extra actions
    SIX = 3  # a Two Red Sixes that did not win: a 6 with its roll


# module-level names for the hot paths (``Final``: compiled, statics rather than lookups
# in the module's namespace)
NORMAL: Final = PlayKind.NORMAL
SIX: Final = PlayKind.SIX
TEN: Final = PlayKind.TEN
JACK: Final = PlayKind.JACK
QUEEN: Final = PlayKind.QUEEN
KING: Final = PlayKind.KING
JOKER_PLAY: Final = PlayKind.JOKER
COMBO: Final = PlayKind.COMBO
R_PLAY: Final = RollPurpose.PLAY
R_ACCEPT: Final = RollPurpose.ACCEPT
R_PLAGUE: Final = RollPurpose.PLAGUE
R_PLAGUE2: Final = RollPurpose.PLAGUE2
R_BET: Final = RollPurpose.BET
FX_RECYCLE: Final = Fx.RECYCLE
FX_QUEEN: Final = Fx.QUEEN
FX_JACK: Final = Fx.JACK
FX_SIX: Final = Fx.SIX


# compiled, a class that allows interpreted subclasses allocates in ``cls.__new__``
# without running ``__init__``, which unpickling needs (the server pickles states
# and everything in them); the flag is not inherited, so each class says so
@mypyc_attr(allow_interpreted_subclasses=True)
class Pending:
    """One play on the discard pile from the moment it is played until it resolves."""

    __slots__ = (
        "seat",
        "kinds",
        "ptype",
        "copies",
        "target",
        "dice",
        "nopes",
        "taken",
        "base",
        "combo",
    )

    def __init__(
        self,
        seat: int,
        kinds: tuple[int, ...],
        ptype: PlayKind,
        copies: int,
        combo: int = -1,
    ) -> None:
        self.seat = seat
        self.kinds = kinds
        self.ptype = ptype
        self.copies = copies
        self.target = -1
        self.dice: list[int] = []
        self.nopes = 0
        self.taken: list[int] = []
        self.base = 0  # a Joker's stack size before this play
        self.combo = combo  # a combo's index in the game's combos switched on, else -1

    def copy(self) -> Pending:
        other = Pending(self.seat, self.kinds, self.ptype, self.copies, self.combo)
        other.target = self.target
        other.dice = self.dice[:]
        other.nopes = self.nopes
        other.taken = self.taken[:]
        other.base = self.base
        return other


def _play(p: Pending, memo: Memo) -> Pending:
    """The copy of ``p`` for this stack copy: steps that share a play keep sharing one.

    Pendings hash by identity, and the memo lives only while one stack is copied."""
    got: Pending | None = memo.get(p)
    if got is None:
        got = memo[p] = p.copy()
    return got


@mypyc_attr(allow_interpreted_subclasses=True)  # see Pending
class DrawStep(Step):
    """``seat`` must pick up ``n`` more cards (no action used, no Plague roll)."""

    __slots__ = ("seat", "n")

    def __init__(self, seat: int, n: int) -> None:
        self.seat = seat
        self.n = n

    def copy(self, memo: Memo) -> DrawStep:
        return DrawStep(self.seat, self.n)


@mypyc_attr(allow_interpreted_subclasses=True)  # see Pending
class RollStep(Step):
    """Dice to roll (chance), then ``purpose`` says what the total does."""

    __slots__ = ("dice", "results", "purpose", "play", "seat", "data")

    def __init__(
        self,
        dice: tuple[int, ...],
        purpose: RollPurpose,
        seat: int,
        play: Pending | None = None,
        data: int = 0,
    ) -> None:
        self.dice = dice
        self.results: list[int] = []
        self.purpose = purpose
        self.play = play
        self.seat = seat
        self.data = data

    def copy(self, memo: Memo) -> RollStep:
        play = None if self.play is None else _play(self.play, memo)
        other = RollStep(self.dice, self.purpose, self.seat, play, self.data)
        other.results = self.results[:]
        return other


@mypyc_attr(allow_interpreted_subclasses=True)  # see Pending
class TargetStep(Step):
    """The player of a King / Revolution / Royal Court / King-Queen picks a target."""

    __slots__ = ("play",)

    def __init__(self, play: Pending) -> None:
        self.play = play

    def copy(self, memo: Memo) -> TargetStep:
        return TargetStep(_play(self.play, memo))


@mypyc_attr(allow_interpreted_subclasses=True)  # see Pending
class WindowStep(Step):
    """A reaction window on ``play`` (or on the last nope of its chain).

    ``order`` is every seat that may be asked, in turn order from ``opener``
    and then ``opener``; it is fixed when the window opens and never depends on
    who holds an Ace, so asking reveals nothing.
    """

    __slots__ = ("play", "opener", "order", "pos", "as_only")

    def __init__(self, play: Pending, opener: int, as_only: bool) -> None:
        self.play = play
        self.opener = opener
        self.order: tuple[int, ...] | None = None
        self.pos = 0
        self.as_only = as_only

    def copy(self, memo: Memo) -> WindowStep:
        other = WindowStep(_play(self.play, memo), self.opener, self.as_only)
        other.order = self.order
        other.pos = self.pos
        return other


@mypyc_attr(allow_interpreted_subclasses=True)  # see Pending
class ResolveStep(Step):
    """The window closed: apply the play unless an odd number of nopes cancelled it."""

    __slots__ = ("play",)

    def __init__(self, play: Pending) -> None:
        self.play = play

    def copy(self, memo: Memo) -> ResolveStep:
        return ResolveStep(_play(self.play, memo))


@mypyc_attr(allow_interpreted_subclasses=True)  # see Pending
class TakeStep(Step):
    """A King takes ``left`` more cards blind from its target (chance)."""

    __slots__ = ("play", "left")

    def __init__(self, play: Pending, left: int) -> None:
        self.play = play
        self.left = left

    def copy(self, memo: Memo) -> TakeStep:
        return TakeStep(_play(self.play, memo), self.left)


@mypyc_attr(allow_interpreted_subclasses=True)  # see Pending
class GiveStep(Step):
    """A King gives back cards from the original hand; ``left`` is -1 until known."""

    __slots__ = ("play", "left")

    def __init__(self, play: Pending) -> None:
        self.play = play
        self.left = -1

    def copy(self, memo: Memo) -> GiveStep:
        other = GiveStep(_play(self.play, memo))
        other.left = self.left
        return other


@mypyc_attr(allow_interpreted_subclasses=True)  # see Pending
class NameStep(Step):
    """True Transformation: its player names a value and a colour."""

    __slots__ = ("play",)

    def __init__(self, play: Pending) -> None:
        self.play = play

    def copy(self, memo: Memo) -> NameStep:
        return NameStep(_play(self.play, memo))


@mypyc_attr(allow_interpreted_subclasses=True)  # see Pending
class FxStep(Step):
    """An automatic part of an effect, queued so that it runs after what is above it."""

    __slots__ = ("code", "play")

    def __init__(self, code: Fx, play: Pending) -> None:
        self.code = code
        self.play = play

    def copy(self, memo: Memo) -> FxStep:
        return FxStep(self.code, _play(self.play, memo))
