"""Time of one ISMCTS decision at 1,000 iterations, for every registered game.

For each game (default player count) a few decision points are taken along a
seeded random game, and one ISMCTS decision is timed at each; the median is
printed. Run: ``.venv/bin/python benchmarks/ismcts.py [ITERATIONS] [GAME ...]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from cardtable.bots.infoset import decide
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.engine.game import State
from cardtable.engine.registry import available_games, load_game

POSITIONS = 5


def decision_points(name: str, seed: int, count: int) -> list[State]:
    """Decision states with a real choice, spread over the first part of a random game."""
    game = load_game(name)
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    found: list[State] = []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.3:
            found.append(state.clone())
        state.apply_action(legal[rng.randrange(len(legal))])
    return found


def main() -> None:
    iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    names = sys.argv[2:] or available_games()
    print(f"ISMCTS, {iterations} iterations per decision, median of {POSITIONS} positions")
    print(f"{'game':<16}{'players':>8}{'ms/decision':>13}{'min':>8}{'max':>8}")
    for name in names:
        times = []
        for state in decision_points(name, 42, POSITIONS):
            seat = state.current_player()
            assert isinstance(seat, int)
            bot = ISMCTSBot(state.game, seat, seed=1, iterations=iterations)
            start = time.perf_counter()
            decide(bot, state)
            times.append(1000 * (time.perf_counter() - start))
        if not times:
            print(f"{name:<16} no decision point found")
            continue
        players = load_game(name).num_players
        print(
            f"{name:<16}{players:>8}{statistics.median(times):>13.1f}"
            f"{min(times):>8.1f}{max(times):>8.1f}"
        )


if __name__ == "__main__":
    main()
