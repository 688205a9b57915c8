"""An engine error raised while a worker process plays a game reaches the caller whole.

``simulate``, ``arena`` and the ladder play games in worker processes; an error
there comes back pickled. Rebuilt from its message alone, an ``ActionError``
could not be made again, and the pool broke with a ``TypeError`` that named
neither the action nor the reason.
"""

from __future__ import annotations

import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest

from cardtable.engine.errors import (
    ActionError,
    IllegalActionError,
    MalformedActionError,
    RecordError,
)
from cardtable.engine.registry import load_game


def apply_text_in_worker(text: str) -> None:
    """Apply ``text`` at the start of a Contest game (raises: it is not legal there)."""
    state = load_game("contest").new_initial_state(seed=3)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    state.apply_action(state.parse_action(text))


@pytest.mark.parametrize(
    "error",
    [
        ActionError("Q", "not now", "move 3, seat 1 to act"),
        IllegalActionError("Q", "not now", "move 3, seat 1 to act"),
        MalformedActionError("??", "no such action", "move 0"),
    ],
)
def test_action_errors_keep_their_type_and_parts_through_pickle(error: ActionError) -> None:
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error)
    assert (back.text, back.reason, back.where) == (error.text, error.reason, error.where)
    assert str(back) == str(error)


def test_a_record_error_keeps_its_index_through_pickle() -> None:
    back = pickle.loads(pickle.dumps(RecordError("no such action", index=7)))
    assert back.index == 7
    assert str(back) == "action 7: no such action"


def test_an_error_in_a_worker_process_arrives_with_its_reason() -> None:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        future = pool.submit(apply_text_in_worker, "no-such-action")
        with pytest.raises(ActionError) as caught:
            future.result(timeout=120)
    assert caught.value.text == "no-such-action"
    assert caught.value.reason
