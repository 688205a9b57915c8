"""The search's results for fixed seeds: what speed work on the search must keep.

A change that only makes the search faster (the rollouts' bookkeeping, a
cheaper re-deal, loop overheads) must leave every result the same: the same
draws from the search's generator, so the same determinizations and rollouts,
so the same visit count and utility total for every root action. The
expected figures in ``ismcts_root_stats.json`` were recorded from the search
before such work (``python -m tests.sim.test_ismcts_root_stats`` writes them
again, for a change that is meant to alter the search); totals are compared
exactly, as the ``repr`` of the float sum, because a reordered sum is a
changed search too. The generator's next draw after each search is recorded
as well, so a change that consumes more or fewer random numbers shows even
where the root happens to agree.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from cardtable.bots.infoset import InformationSet
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.engine.game import State
from cardtable.engine.registry import available_games, load_game

EXPECTED = Path(__file__).with_name("ismcts_root_stats.json")
POSITIONS = 4


# the plain search, and the two kinds that run the game's heuristic bot inside it
# (its rollouts; its weighing of deals), which read more of a state
SEARCHES: dict[str, dict[str, Any]] = {
    "plain": {"iterations": 150},
    "heuristic rollouts": {"iterations": 30, "rollout": "heuristic", "rollout_epsilon": 0.1},
    "inference": {"iterations": 30, "inference": "heuristic", "pool_size": 6},
}


def _positions(name: str) -> list[State]:
    """``POSITIONS`` decision points with a real choice, spread over one seeded random game."""
    state = load_game(name).new_initial_state(seed=7)
    rng = random.Random(7)
    found: list[State] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            found.append(state.clone())
        state.apply_action(legal[rng.randrange(len(legal))])
    step = len(found) / POSITIONS
    return [found[int(step * (i + 0.5))] for i in range(POSITIONS)]


def root_stats(name: str) -> list[dict[str, Any]]:
    """Per decision point: each root action's visits and total, and the generator's next draw."""
    out = []
    for i, state in enumerate(_positions(name)):
        seat = state.current_player()
        assert isinstance(seat, int)
        legal = list(state.legal_actions())
        for kind, settings in SEARCHES.items():
            if kind != "plain" and i != 1:
                continue  # the costlier kinds at one position
            bot = ISMCTSBot(state.game, seat, seed=100 + i, max_actions=None, **settings)
            root = bot.search(InformationSet(state, seat), legal)
            out.append(
                {
                    "move": state.move_number(),
                    "search": kind,
                    "root": [[str(a), root.visits[a], repr(root.total[a])] for a in legal],
                    "next_draw": bot.rng.getrandbits(32),
                }
            )
    return out


@pytest.mark.parametrize("name", available_games())
def test_the_search_gives_the_recorded_root_statistics(name: str) -> None:
    expected = json.loads(EXPECTED.read_text())[name]
    assert root_stats(name) == expected


if __name__ == "__main__":  # record: python -m tests.sim.test_ismcts_root_stats
    EXPECTED.write_text(json.dumps({n: root_stats(n) for n in available_games()}, indent=1) + "\n")
    sys.exit(0)
