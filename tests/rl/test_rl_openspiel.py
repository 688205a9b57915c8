"""The OpenSpiel games: OpenSpiel's random simulation test and serialisation."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest

import cardtable
from cardtable.engine.errors import SettingError
from cardtable.rl import codec_for
from cardtable.rl import openspiel as cos
from tests.rl.configs import SHORT


def _params(name):
    return {k: v for k, v in SHORT[name].items()}


@pytest.mark.parametrize("name", cardtable.available_games())
def test_every_game_is_registered_and_passes_the_random_simulation_test(name):
    assert cos.short_name(name) in pyspiel.registered_names()
    game = cos.load(name, **_params(name))
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def _random_state(game, seed, steps):
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", cardtable.available_games())
def test_serialize_and_deserialize_round_trip(name):
    game = cos.load(name, **_params(name))
    state = _random_state(game, seed=3, steps=120)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert state2.history() == state.history()
    assert state2.current_player() == state.current_player()
    for seat in range(game.num_players()):
        assert state2.information_state_string(seat) == state.information_state_string(seat)
        assert state2.observation_tensor(seat) == state.observation_tensor(seat)
    assert state2.returns() == state.returns()


def test_tensors_and_strings_come_from_the_seats_view():
    game = cos.load("contest", max_rounds=30)
    state = _random_state(game, seed=5, steps=50)
    inner = state.inner
    codec = codec_for(inner.game)
    for seat in range(2):
        assert np.array_equal(
            np.array(state.observation_tensor(seat), dtype=np.float32), codec.tensor(inner, seat)
        )
        assert state.information_state_string(seat).startswith(state.observation_string(seat))
    assert game.observation_tensor_shape() == list(codec.shape)
    assert game.num_distinct_actions() == codec.num_actions


def test_parameters_are_checked():
    with pytest.raises(SettingError, match="deck"):
        cos.load("chez-geek", deck=["x.toml"])
    game = cos.load("chez", players=5, castle=False)
    assert game.num_players() == 5
    assert "castle=False" in str(game)
