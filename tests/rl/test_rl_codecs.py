"""Action ids and observation tensors: round trips, shapes and secrecy."""

from __future__ import annotations

import random

import numpy as np
import pytest

import cardtable
from cardtable.engine.record import replay_states
from cardtable.rl import ActionSpaceError, codec_for
from tests.rl.configs import config_id, every_config

CONFIGS = every_config()


def _walk(name, players, settings, seed, limit):
    """States at the decision points of a seeded random game (at most ``limit``)."""
    game = cardtable.load_game(name, players=players, **settings)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    seen = 0
    while not state.is_terminal() and seen < limit:
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        yield state
        seen += 1
        state.apply_action(rng.choice(state.legal_actions()))
    state.resolve_chance()
    yield state


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_ids_round_trip_with_notation_for_every_legal_action(config):
    name, players, settings = config
    game = cardtable.load_game(name, players=players, **settings)
    codec = codec_for(game)
    table = codec.actions
    for seed in range(2):
        for state in _walk(name, players, settings, seed, limit=150):
            legal = state.legal_actions()
            ids = [table.id_of(a) for a in legal]
            assert len(set(ids)) == len(ids), f"two legal actions share an id at {state}"
            mask = codec.mask(state)
            assert mask.shape == (codec.num_actions,)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
            for action, i in zip(legal, ids, strict=True):
                assert table.action_of(state, i) is action
                parsed = state.parse_action(str(action))
                assert table.id_of(parsed) == i
                assert table.labels[i] == table.key(action)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_tensor_has_the_documented_shape_and_is_finite(config):
    name, players, settings = config
    game = cardtable.load_game(name, players=players, **settings)
    codec = codec_for(game)
    assert codec.layout.slices[-1].stop == codec.layout.size
    for state in _walk(name, players, settings, seed=5, limit=400):
        for seat in range(players):
            tensor = codec.tensor(state, seat)
            assert tensor.shape == codec.shape and tensor.dtype == np.float32
            assert np.all(np.isfinite(tensor))


def _probes(states, players):
    """(seat, state) pairs: every seat at a few points along the game."""
    live = [s for s in states if not s.is_terminal()]
    for k in range(1, 6):
        for seat in range(players):
            yield seat, live[len(live) * k // 6]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_tensor_and_mask_unchanged_when_hidden_cards_are_redealt(config):
    """The conformance suite's secrecy check, on tensors and masks: re-deal what a seat
    cannot see and replay; at every step its tensor (and its mask where it acts) is equal."""
    name, players, settings = config
    game = cardtable.load_game(name, players=players, **settings)
    codec = codec_for(game)
    rng = random.Random(7)
    changed = 0
    states = [s.clone() for s in _walk(name, players, settings, seed=3, limit=60)]
    for seat, mid in _probes(states, players):
        other = mid.resample(seat, rng)
        original = replay_states(mid.to_record())
        resampled = replay_states(other.to_record())
        assert len(original) == len(resampled)
        for a, b in zip(original, resampled, strict=True):
            assert np.array_equal(codec.tensor(a, seat), codec.tensor(b, seat))
            if a.current_player() == seat:
                assert np.array_equal(codec.mask(a), codec.mask(b))
        changed += any(
            not np.array_equal(codec.tensor(mid, s), codec.tensor(other, s))
            for s in range(players)
            if s != seat
        )
    assert changed, "no re-deal changed what another seat sees: the check was vacuous"


def test_an_id_outside_the_space_or_not_legal_is_refused_by_name():
    game = cardtable.load_game("contest")
    codec = codec_for(game)
    state = game.new_initial_state(seed=1)
    state.resolve_chance()
    with pytest.raises(ActionSpaceError, match="outside 0..8"):
        codec.actions.action_of(state, 99)
    with pytest.raises(ActionSpaceError, match="'call'.*not legal now"):
        codec.actions.action_of(state, codec.actions.ids["call"])
