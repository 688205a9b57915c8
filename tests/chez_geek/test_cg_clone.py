"""A clone shares no mutable object with its original at any point of a game.

The conformance suite checks this at one random move per game; here every
move of a few games is checked, so every kind of step on the stack (a window,
a Shopping cart, an announced play, a roll) is met while it is pending.
"""

from __future__ import annotations

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
