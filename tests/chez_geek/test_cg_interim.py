"""``interim_returns()``: one value per seat during the game, ``returns()`` at the end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.engine.registry import load_game


@pytest.mark.parametrize(("players", "settings"), [(2, {}), (4, {}), (3, {"games": 2})])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_interim_returns_track_the_game_and_equal_returns_at_the_end(
    players: int, settings: dict[str, Any], seed: int
) -> None:
    game = load_game("chez-geek", players=players, **settings)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal():
        if state.move_number() % 37 == 0:
            before = state.to_record()
            interim = state.interim_returns()
            assert interim is not None and len(interim) == players
            assert all(isinstance(v, float) for v in interim)
            assert state.to_record() == before  # reading it changes nothing
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 3
    assert state.interim_returns() == state.returns()
