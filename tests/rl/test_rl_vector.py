"""The vectorised environment against PettingZoo's, game by game, on every game."""

from __future__ import annotations

import numpy as np
import pytest

from cardtable.rl import ActionSpaceError
from cardtable.rl import pettingzoo as ctpz
from cardtable.rl.vector import VectorEnv
from tests.rl.configs import config_id, every_config

B = 3


def _random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.where(mask, rng.random(mask.shape), -1.0).argmax(axis=1)


@pytest.mark.parametrize("config", every_config(), ids=config_id)
def test_each_row_is_what_pettingzoo_gives_the_seat_to_act_across_games(config):
    """B PettingZoo environments, seeded seed + b and reset without a seed after each game,
    stepped with the same ids: same seat, tensor, mask at every step, and at each end the
    engine's returns in that step's rewards (same-step auto-reset)."""
    name, players, settings = config
    venv = VectorEnv(name, B, players, **settings)
    envs = [ctpz.raw_env(name, players, **settings) for _ in range(B)]
    obs, mask, seat = venv.reset(seed=7)
    for b, env in enumerate(envs):
        env.reset(seed=7 + b)
    rng = np.random.default_rng(7)
    finished = np.zeros(B, dtype=int)
    steps = 0
    while finished.min() < 1 or steps < 40:
        for b, env in enumerate(envs):
            agent = env.agent_selection
            assert seat[b] == env._seat[agent]
            seen = env.observe(agent)
            assert np.array_equal(obs[b], seen["observation"])
            assert np.array_equal(mask[b], seen["action_mask"].astype(bool))
        actions = _random_legal(mask, rng)
        obs, mask, seat, rewards, done = venv.step(actions)
        for b, env in enumerate(envs):
            env.step(int(actions[b]))
            over = env.terminations[env.agent_selection]
            assert done[b] == over
            if over:
                returns = env.state.returns()
                assert rewards[b].tolist() == [np.float32(r) for r in returns]
                assert rewards[b].tolist() == [
                    np.float32(env.rewards[a]) for a in env.possible_agents
                ]
                finished[b] += 1
                env.reset()
            else:
                assert not rewards[b].any()
        steps += 1
        assert steps < 6000, f"games did not end: {finished}"
    assert finished.min() >= 1


def test_a_seeded_run_repeats_exactly_and_reset_with_the_same_seed_restarts_it():
    def run(venv: VectorEnv) -> list[np.ndarray]:
        out = list(venv.reset(seed=3))
        rng = np.random.default_rng(3)
        mask = out[1]
        for _ in range(250):
            step = venv.step(_random_legal(mask, rng))
            mask = step[1]
            out.extend(step)
        return out

    venv = VectorEnv("chez-geek", 4, turn_limit=3)
    first = run(venv)
    again = run(venv)
    other = run(VectorEnv("chez-geek", 4, turn_limit=3))
    assert sum(d.sum() for d in first[7::5]) > 0  # some games ended and restarted
    for x, y, z in zip(first, again, other, strict=True):
        assert np.array_equal(x, y) and np.array_equal(x, z)


def test_reset_without_a_seed_goes_on_with_each_games_sequence():
    venv = VectorEnv("contest", 2)
    venv.reset(seed=5)
    venv.reset()
    env = ctpz.raw_env("contest")
    env.reset(seed=6)
    env.reset()
    assert [str(a) for a in venv.states[1].history()] == [str(a) for a in env.state.history()]


def test_buffers_are_returned_without_copy_and_copies_with_it():
    shared = VectorEnv("contest", 2, copy=False)
    obs, mask, _ = shared.reset(seed=1)
    obs2, mask2, *_ = shared.step(_random_legal(mask, np.random.default_rng(1)))
    assert obs2 is obs and mask2 is mask
    copied = VectorEnv("contest", 2)
    obs, mask, _ = copied.reset(seed=1)
    obs2, *_ = copied.step(_random_legal(mask, np.random.default_rng(1)))
    assert obs2 is not obs
    assert obs.dtype == np.float32 and mask.dtype == np.bool_ and obs.shape == (2, 112)


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ([0, 0], r"shape \(3,\)"),
        ([[0, 0, 0]], r"shape \(3,\)"),
        ([0.0, 1.0, 2.0], "integer ids"),
        ([0, 0, 10**6], "game 2: action id 1000000 is outside"),
        ([0, -1, 0], "game 1: action id -1 is outside"),
    ],
)
def test_a_malformed_batch_is_refused_before_any_game_moves(actions, message):
    venv = VectorEnv("chai-tea-jazz", 3, players=3, setup="short")
    obs, _, _ = venv.reset(seed=2)
    lengths = [len(s.history()) for s in venv.states]
    with pytest.raises(ActionSpaceError, match=message):
        venv.step(actions)
    assert [len(s.history()) for s in venv.states] == lengths


def test_an_illegal_id_names_its_game_and_action_and_changes_nothing():
    venv = VectorEnv("chai-tea-jazz", 3, players=3, setup="short")
    obs, mask, seat = venv.reset(seed=2)
    actions = _random_legal(mask, np.random.default_rng(2))
    bad = int(np.flatnonzero(~mask[1])[0])
    actions[1] = bad
    lengths = [len(s.history()) for s in venv.states]
    label = venv.codec.actions.labels[bad]
    with pytest.raises(ActionSpaceError, match=rf"game 1: action id {bad} \({label!r}\) is not"):
        venv.step(actions)
    assert [len(s.history()) for s in venv.states] == lengths
    actions[1] = int(np.flatnonzero(mask[1])[0])
    venv.step(actions)  # the batch still steps once corrected
    assert [len(s.history()) for s in venv.states] > lengths


def test_step_before_reset_and_a_bad_batch_size_are_refused():
    with pytest.raises(ValueError, match="num_envs"):
        VectorEnv("contest", 0)
    with pytest.raises(RuntimeError, match="reset"):
        VectorEnv("contest", 2).step([0, 0])
