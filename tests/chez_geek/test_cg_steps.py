"""The changing steps are plain classes: they must still behave as values.

A state's copy copies them (the engine's ``Step.copy``) and a server snapshot
pickles them, so equality, hashing, ``repr`` and pickling read every field, as
the dataclasses they replaced did.
"""

from __future__ import annotations

import pickle

from cardtable.games.chez_geek.steps import (
    CALL_STEPS,
    P_SHOP,
    R_SLACK,
    Announced,
    CallPeople,
    Draw,
    Roll,
    Shopping,
    Window,
)


def test_changing_steps_compare_hash_and_pickle_by_their_fields() -> None:
    steps = [
        Draw(1, 2),
        Roll(0, R_SLACK, held=4, target=2, uid=7, dice=1, total=5),
        Shopping(3, [10, 11], 4),
        Window(2, (3, 0, 1), 5, pos=1),
        Announced(1, P_SHOP, (4, 9), target=1, spent=3),
    ]
    for step in steps:
        copy = step.copy({})
        assert copy == step and copy is not step
        if not isinstance(step, Shopping):  # a cart's slots are a list: unhashable
            assert hash(copy) == hash(step)
        assert pickle.loads(pickle.dumps(step)) == step
    # one field apart is a different step
    assert Window(2, (3, 0, 1), 5, pos=2) != Window(2, (3, 0, 1), 5, pos=1)
    assert Draw(1, 2) != Roll(1, R_SLACK)
    assert repr(Window(2, (3, 0, 1), 5)) == "Window(seat=2, order=(3, 0, 1), ref=5, pos=0)"


def test_a_copy_of_a_changing_step_is_changed_alone() -> None:
    cart = Shopping(0, [1])
    copy = cart.copy({})
    copy.slots.append(2)
    copy.spent = 3
    assert cart.slots == [1] and cart.spent == 0


def test_the_shared_phase_steps_are_one_per_seat() -> None:
    assert [s.seat for s in CALL_STEPS] == list(range(len(CALL_STEPS)))
    assert CALL_STEPS[2] == CallPeople(2) and CALL_STEPS[2].copy({}) is CALL_STEPS[2]
