"""Time of one ISMCTS decision at 1,000 iterations, for every registered game.

For each game (default player count) a few decision points are taken along a
seeded random game, and one ISMCTS decision (``max_actions`` off, so exactly
ITERATIONS iterations) is timed at each; the median is printed, as CPU time of
this process (robust when other work shares the machine) and as wall time,
after one untimed decision (the first search of a process fills the game's
per-hand tables and interned actions once).
Also printed: the default ``ismcts`` bot's CPU time per move and iterations,
since its action budget stops long games early.
Run: ``.venv/bin/python benchmarks/ismcts.py [ITERATIONS] [POSITIONS] [GAME ...]``.
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
    positions = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    names = sys.argv[3:] or available_games()
    print(f"ISMCTS, {iterations} iterations per decision, median of {positions} positions")
    print(
        f"{'game':<16}{'players':>8}{'cpu ms':>9}{'wall ms':>9}{'default bot cpu ms':>20}{'its':>6}"
    )
    for name in names:
        cpu, wall, default_cpu, default_its = [], [], [], []
        points = decision_points(name, 42, positions)
        if points:  # untimed: the first search of a process fills the game's tables
            warm = points[-1]
            warm_seat = warm.current_player()
            assert isinstance(warm_seat, int)
            decide(ISMCTSBot(warm.game, warm_seat, seed=2, iterations=iterations), warm)
        for state in points:
            seat = state.current_player()
            assert isinstance(seat, int)
            bot = ISMCTSBot(state.game, seat, seed=1, iterations=iterations, max_actions=None)
            c0, w0 = time.process_time(), time.perf_counter()
            decide(bot, state)
            cpu.append(1000 * (time.process_time() - c0))
            wall.append(1000 * (time.perf_counter() - w0))
            default = ISMCTSBot(state.game, seat, seed=1)
            c0 = time.process_time()
            decide(default, state)
            default_cpu.append(1000 * (time.process_time() - c0))
            default_its.append(default.last_iterations)
        if not cpu:
            print(f"{name:<16} no decision point found")
            continue
        players = load_game(name).num_players
        print(
            f"{name:<16}{players:>8}{statistics.median(cpu):>9.1f}{statistics.median(wall):>9.1f}"
            f"{statistics.median(default_cpu):>20.1f}{statistics.median(default_its):>6.0f}"
        )


if __name__ == "__main__":
    main()
