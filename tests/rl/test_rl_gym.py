"""The single-agent Gymnasium environment: Gymnasium's checker and whole episodes."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import cardtable
from cardtable.engine.errors import SettingError
from cardtable.rl import ActionSpaceError
from cardtable.rl.gym import CardtableEnv
from tests.rl.configs import SHORT


@pytest.mark.parametrize("name", cardtable.available_games())
def test_gymnasium_env_checker_passes_against_the_heuristic_bot(name):
    env = CardtableEnv(name, opponents=["heuristic"], **SHORT[name])
    with warnings.catch_warnings():
        # unbounded Box warnings: tensors hold scores, which have no fixed bound
        warnings.simplefilter("ignore", UserWarning)
        check_env(env, skip_render_check=False)


def _episode(env, seed):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps, done = 0.0, 0, False
    while not done:
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, truncated, info = env.step(action)
        total += reward
        steps += 1
        assert not truncated
    return total, steps


def test_an_episode_ends_with_the_seats_return_and_replays_from_its_seed():
    env = CardtableEnv(
        "chai-tea-jazz", players=3, seat=1, opponents=["heuristic", "random"], setup="short"
    )
    total, steps = _episode(env, seed=4)
    assert total == env.state.returns()[1]
    record = env.state.to_record()
    assert _episode(env, seed=4) == (total, steps)
    assert env.state.to_record() == record


def test_opponents_are_named_bots_and_bad_names_are_refused():
    with pytest.raises(SettingError, match="unknown bot 'nobody'.*heuristic"):
        CardtableEnv("contest", opponents=["nobody"])
    with pytest.raises(SettingError, match="needs 3 opponent"):
        CardtableEnv("chez", players=4, opponents=["random", "heuristic"])
    with pytest.raises(SettingError, match="seat 5"):
        CardtableEnv("contest", seat=5)


def test_an_illegal_id_ends_the_episode_or_raises_as_asked():
    env = CardtableEnv("contest")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal_action"]) == (-1.0, True, True)
    strict = CardtableEnv("contest", illegal="raise")
    strict.reset(seed=1)
    before = strict.state.to_record()
    with pytest.raises(ActionSpaceError, match="not legal now"):
        strict.step(illegal)
    assert strict.state.to_record() == before
