"""The engine takes the outcome ``sample_chance`` just returned as legal without
listing the node's outcomes: that shortcut must accept that outcome alone, and
the listed outcomes must still be there for whoever asks."""

from __future__ import annotations

import random

import pytest

from cardtable import load_game
from cardtable.engine.errors import IllegalActionError
from cardtable.engine.game import State
from cardtable.games.chez import actions as act


def _chance_nodes(name: str, players: int, games: int) -> list[State]:
    """Fresh copies of chance nodes met in seeded random games (no cached legal list)."""
    game = load_game(name, players=players)
    rng = random.Random(3)
    found: list[State] = []
    for seed in range(games):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            if state.is_chance_node():
                if rng.random() < 0.05:
                    found.append(state.clone())
                state.apply_action(state.sample_chance())
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize(("name", "players"), [("chez", 4), ("chez-geek", 4), ("contest", 2)])
def test_the_sampled_outcome_is_one_of_the_listed_ones(name: str, players: int) -> None:
    nodes = _chance_nodes(name, players, 6)
    assert nodes
    for node in nodes:
        listed = node.clone().legal_actions()
        sampled = node.sample_chance()
        assert sampled in listed
        assert node.legal_actions() == listed  # still listed in full after the shortcut
        node.apply_action(sampled)


def test_after_a_sample_another_outcome_is_still_legal_and_a_non_outcome_is_refused() -> None:
    nodes = [n for n in _chance_nodes("chez", 4, 6) if len(n.clone().legal_actions()) > 1]
    assert nodes
    node = nodes[0]
    listed = node.clone().legal_actions()
    sampled = node.sample_chance()
    other = next(a for a in listed if a is not sampled)
    before = node.move_number()
    with pytest.raises(IllegalActionError):
        node.apply_action(act.PICK)  # a Chez turn action, never a chance outcome
    assert node.move_number() == before  # nothing applied
    node.apply_action(other)
    assert node.move_number() == before + 1
    assert node.history()[-1] is other
