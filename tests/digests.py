"""Decision positions of seeded random games (the information-digest tests, and others that
walk every decision of a few games)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from cardtable.engine.game import Game, State


def decisions(game: Game, games: int, seed: int) -> Iterator[State]:
    """Every decision of ``games`` random games (the live state: copy to keep one)."""
    for g in range(games):
        state = game.new_initial_state(seed=seed + g)
        rng = random.Random(g)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            yield state
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
