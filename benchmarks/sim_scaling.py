"""Simulation throughput with 1 and 2 local workers, and the scaling between them.

Plays the same seeded games (random bots, or the bots named) with
``sim.runner.run_local`` at each worker count, checks that the outcomes are
identical, and prints games per second and the speed-up.
Run: ``.venv/bin/python benchmarks/sim_scaling.py [GAMES] [BOTS] [GAME ...]``.
"""

from __future__ import annotations

import sys
import time

from cardtable.engine.registry import available_games, load_game
from cardtable.sim.runner import SimSpec, run_local


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    bots = tuple(sys.argv[2].split(",")) if len(sys.argv) > 2 else ("random",)
    names = sys.argv[3:] or available_games()
    print(f"{games} games per run, bots {','.join(bots)}")
    print(f"{'game':<16}{'1 worker g/s':>14}{'2 workers g/s':>15}{'speed-up':>10}  same")
    for name in names:
        game = load_game(name)
        spec = SimSpec(name, game.num_players, dict(game.settings), bots, seed=0)
        rates = []
        results = []
        for workers in (1, 2):
            start = time.perf_counter()
            results.append(run_local(spec, games, workers=workers))
            rates.append(games / (time.perf_counter() - start))
        same = results[0] == results[1]
        print(f"{name:<16}{rates[0]:>14.1f}{rates[1]:>15.1f}{rates[1] / rates[0]:>9.2f}x  {same}")


if __name__ == "__main__":
    main()
