"""PettingZoo's own API and seed tests on every game at every player count."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from cardtable.engine.errors import SettingError
from cardtable.rl import ActionSpaceError
from cardtable.rl import pettingzoo as ctpz
from tests.rl.configs import config_id, every_config


@pytest.mark.parametrize("config", every_config(), ids=config_id)
def test_pettingzoo_api_and_seed_tests_pass(config):
    name, players, settings = config
    with warnings.catch_warnings():
        # PettingZoo warns about dict observations, which its classic card games use too
        warnings.simplefilter("ignore", UserWarning)
        api_test(ctpz.env(name, players, **settings), num_cycles=60)
        seed_test(lambda: ctpz.env(name, players, **settings), num_cycles=60)


@pytest.mark.parametrize("name", ["contest", "chai-tea-jazz"])
def test_pettingzoo_api_test_passes_on_the_tiny_variants(name):
    from cardtable.rl.tiny import TINY

    settings = dict(TINY[name])
    players = settings.pop("players")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(ctpz.env(name, players, **settings), num_cycles=60)


def _play_out(env, seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals


def test_a_whole_game_pays_the_engine_returns_and_replays_from_its_seed():
    env = ctpz.raw_env("contest", max_rounds=50)
    totals = _play_out(env, seed=11)
    returns = env.state.returns()
    assert totals == {f"player_{i}": returns[i] for i in range(2)}
    first = [str(a) for a in env.state.history()]
    _play_out(env, seed=11)
    assert [str(a) for a in env.state.history()] == first


def test_only_the_agent_to_act_has_legal_ids():
    env = ctpz.raw_env("chai-tea-jazz", players=3)
    env.reset(seed=1)
    acting = env.agent_selection
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == acting)


def test_ansi_render_is_the_text_view_of_the_seat_to_act():
    env = ctpz.raw_env("contest", render_mode="ansi")
    env.reset(seed=2)
    seat = env.state.current_player()
    assert env.render() == env.game.render(env.state.observation(seat))


def test_an_illegal_id_is_refused_and_changes_nothing():
    env = ctpz.raw_env("contest")
    env.reset(seed=3)
    before = env.state.to_record()
    with pytest.raises(ActionSpaceError, match="not legal now"):
        env.step(env.codec.actions.ids["pile"])
    assert env.state.to_record() == before


def test_bad_settings_are_refused_by_the_engine():
    with pytest.raises(SettingError, match="played by"):
        ctpz.env("contest", players=3)
    with pytest.raises(ValueError, match="render_mode"):
        ctpz.env("contest", render_mode="human")
