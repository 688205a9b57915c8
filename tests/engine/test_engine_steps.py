"""The step stack's copy contract lives in the engine once, and both games use it.

A copied state must share what never changes and copy what does: a step kind
that never changes once pushed is shared, one that changes is copied, and an
object several steps point at stays one object in the copy (the memo). Toy
step kinds check the contract on its own; seeded Chez and Chez Geek games
check that their states copy their stacks through it.
"""

from __future__ import annotations

import random
import typing

from cardtable import load_game
from cardtable.engine import steps as engine_steps
from cardtable.engine.game import State
from cardtable.engine.steps import Memo, Step, copy_stack
from cardtable.games.chez import steps as chez_steps
from cardtable.games.chez.state import ChezState
from cardtable.games.chez_geek import steps as cg_steps
from cardtable.games.chez_geek.state import ChezGeekState


class Shared:
    """What several toy steps point at (as Chez's steps point at one ``Pending`` play)."""

    def __init__(self, marks: list[int]) -> None:
        self.marks = marks


class Fixed(Step):
    """A step that never changes once pushed: the engine's ``copy`` shares it."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat


class Countdown(Step):
    """A step that counts down: copied, so a copy's count is its own."""

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left

    def copy(self, memo: Memo) -> Countdown:
        return Countdown(self.left)


class OnShared(Step):
    """A step pointing at a ``Shared``: copied, and the shared object once per stack copy."""

    __slots__ = ("shared",)

    def __init__(self, shared: Shared) -> None:
        self.shared = shared

    def copy(self, memo: Memo) -> OnShared:
        got: Shared | None = memo.get(self.shared)
        if got is None:
            got = memo[self.shared] = Shared(self.shared.marks[:])
        return OnShared(got)


def test_a_fixed_step_is_shared_and_a_changing_one_copied() -> None:
    fixed, count = Fixed(2), Countdown(3)
    stack: list[Step] = [fixed, count]
    copy = copy_stack(stack)
    assert copy is not stack and copy[0] is fixed
    assert isinstance(copy[1], Countdown) and copy[1] is not count
    copy[1].left -= 1
    assert count.left == 3 and copy[1].left == 2
    empty: list[Step] = []
    assert copy_stack(empty) == [] and copy_stack(empty) is not empty


def test_steps_sharing_an_object_keep_sharing_one_copy() -> None:
    one, other = Shared([1]), Shared([2])
    stack: list[Step] = [OnShared(one), Fixed(0), OnShared(other), OnShared(one)]
    copy = copy_stack(stack)
    first, third, last = copy[0], copy[2], copy[3]
    assert isinstance(first, OnShared) and isinstance(third, OnShared)
    assert isinstance(last, OnShared)
    assert first.shared is last.shared and first.shared is not one
    assert third.shared is not first.shared and third.shared is not other
    first.shared.marks.append(9)
    assert last.shared.marks == [1, 9] and one.marks == [1]
    # the memo lives for one stack copy: a second copy shares nothing with the first
    again = copy_stack(stack)
    assert isinstance(again[0], OnShared) and again[0].shared is not first.shared


CHEZ_STEPS = (
    chez_steps.DrawStep,
    chez_steps.RollStep,
    chez_steps.TargetStep,
    chez_steps.WindowStep,
    chez_steps.ResolveStep,
    chez_steps.TakeStep,
    chez_steps.GiveStep,
    chez_steps.NameStep,
    chez_steps.FxStep,
)
CHEZ_GEEK_STEPS: tuple[type, ...] = typing.get_args(cg_steps.AnyStep)


def test_both_games_step_kinds_derive_from_the_engine_step() -> None:
    assert len(CHEZ_GEEK_STEPS) == 12
    for cls in CHEZ_STEPS + CHEZ_GEEK_STEPS:
        assert issubclass(cls, Step), cls
    # neither game keeps a step base or a stack copy of its own beside the engine's
    assert chez_steps.Step is engine_steps.Step
    assert cg_steps.Step is engine_steps.Step
    assert not hasattr(chez_steps, "copy_stack") and not hasattr(cg_steps, "copy_stack")


def _stacks(name: str, games: int) -> list[State]:
    """Copies of the positions of seeded random games whose stack holds two steps or more."""
    game = load_game(name, players=4)
    rng = random.Random(5)
    found: list[State] = []
    for seed in range(games):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            if len(getattr(state, "stack", ())) >= 2:
                found.append(state.clone())
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
    return found


def test_a_chez_copy_keeps_the_steps_of_one_play_on_one_copy_of_it() -> None:
    shared = 0
    for state in _stacks("chez", 4):
        assert isinstance(state, ChezState)
        copy = state.clone()
        assert isinstance(copy, ChezState)
        plays = [getattr(s, "play", None) for s in state.stack]
        copied = [getattr(s, "play", None) for s in copy.stack]
        for step, twin in zip(state.stack, copy.stack, strict=True):
            assert type(twin) is type(step) and twin is not step  # every Chez step changes
        for i, p in enumerate(plays):
            if p is None:
                continue
            assert copied[i] is not p
            for j in range(i + 1, len(plays)):
                assert (plays[j] is p) == (copied[j] is copied[i])
                shared += plays[j] is p
    assert shared, "no position had two steps on one play"


def test_a_chez_geek_copy_shares_its_frozen_steps_and_copies_the_others() -> None:
    frozen = changing = 0
    for state in _stacks("chez-geek", 3):
        assert isinstance(state, ChezGeekState)
        copy = state.clone()
        assert isinstance(copy, ChezGeekState)
        for step, twin in zip(state.stack, copy.stack, strict=True):
            assert twin == step
            if type(step).copy is Step.copy:
                assert twin is step
                frozen += 1
            else:
                assert twin is not step
                changing += 1
    assert frozen and changing
