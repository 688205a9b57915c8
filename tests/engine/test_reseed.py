"""A re-seeded state makes its generator when it first draws, from the seed drawn at
``reseed``: the same draws as seeding at once, and a copy made before the first draw
draws the same, independently."""

from __future__ import annotations

import random

import pytest

from cardtable import available_games, load_game


@pytest.mark.parametrize("name", available_games())
def test_a_reseeded_state_draws_as_if_seeded_at_once(name: str) -> None:
    state = load_game(name).new_initial_state(seed=1)
    parent = random.Random(9)
    state.reseed(parent)
    expected = random.Random(random.Random(9).getrandbits(64))
    copy = state.clone()  # before the first draw: the pending seed is shared, not a generator
    first = [state.rng.random() for _ in range(5)]
    assert first == [expected.random() for _ in range(5)]
    assert [copy.rng.random() for _ in range(5)] == first  # the copy draws the same ...
    assert state.rng is not copy.rng  # ... from a generator of its own
    assert state.seed is None


@pytest.mark.parametrize("name", available_games())
def test_a_reseeded_state_plays_like_one_given_that_generator(name: str) -> None:
    game = load_game(name)
    lazy = game.new_initial_state(seed=4)
    eager = lazy.clone()
    lazy.reseed(random.Random(5))
    eager.rng = random.Random(random.Random(5).getrandbits(64))
    rng = random.Random(6)
    for _ in range(300):
        if lazy.is_terminal():
            break
        if lazy.is_chance_node():
            outcome = lazy.sample_chance()
            assert outcome == eager.sample_chance()
        else:
            legal = lazy.legal_actions()
            assert legal == eager.legal_actions()
            outcome = legal[rng.randrange(len(legal))]
            eager.apply_action(outcome)
            lazy.apply_action(outcome)
            continue
        lazy.apply_action(outcome)
        eager.apply_action(outcome)
