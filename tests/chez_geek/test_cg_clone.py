"""A clone shares no mutable object with its original at any point of a game.

The conformance suite checks this at one random move per game; here every
move of a few games is checked, so every kind of step on the stack (a window,
a Shopping cart, an announced play, a roll) is met while it is pending.
"""

from __future__ import annotations

import pickle
import random

import pytest

from cardtable.engine.conformance import check_clone_shares_nothing_mutable
from cardtable.games.chez_geek.game import ChezGeekGame


@pytest.mark.parametrize("players", [2, 4])
def test_clones_share_nothing_mutable_at_every_move(players: int) -> None:
    game = ChezGeekGame(players=players)
    kinds: set[str] = set()
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            check_clone_shares_nothing_mutable(game, seed, state)
            kinds.update(type(step).__name__ for step in state.stack)
            state.apply_action(
                state.sample_chance() if state.is_chance_node() else rng.choice(legal)
            )
    assert {"Window", "Shopping", "Announced", "Roll", "Draw"} <= kinds


@pytest.mark.parametrize("players", [2, 3])
def test_a_state_pickles_and_plays_on_the_same(players: int) -> None:
    # the server pickles states (snapshots, the bot process pool), compiled or not;
    # pickled at several points, so that every kind of step and action is met pickled
    game = ChezGeekGame(players=players)
    rng = random.Random(players)
    state = game.new_initial_state(seed=players)
    kinds: set[str] = set()
    while not state.is_terminal():
        if state.move_number() % 5 == 0:
            kinds.update(type(step).__name__ for step in state.stack)
            copy = pickle.loads(pickle.dumps(state))
            assert type(copy) is type(state)
            assert copy.to_record() == state.to_record()
            assert copy.history() == state.history()
            for seat in range(players):
                assert copy.observation(seat) == state.observation(seat)
            assert copy.public_log() == state.public_log()
            assert copy.legal_actions() == state.legal_actions()
            for _ in range(4):  # the copy plays on as the original, chance draws too
                if state.is_terminal():
                    break
                action = (
                    state.sample_chance() if state.is_chance_node() else state.legal_actions()[0]
                )
                twin = copy.sample_chance() if copy.is_chance_node() else copy.legal_actions()[0]
                assert twin == action
                assert pickle.loads(pickle.dumps(action)) == action
                state.apply_action(action)
                copy.apply_action(twin)
                assert copy.observation(0) == state.observation(0)
            continue
        state.apply_action(
            state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    assert {"Window", "Announced", "Draw"} <= kinds
