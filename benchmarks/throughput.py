"""Random-playout throughput of every registered game, through the public engine API.

For each game: play random games for about ``--seconds`` per run, several runs,
and print the median games/s, decisions/s and microseconds per decision
(decisions are player actions; chance outcomes are resolved by the state's own
seeded RNG and their cost is included in the time). Single process.

    python benchmarks/throughput.py [--seconds 2] [--runs 5] [--game contest]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardtable import available_games, game_info, load_game


def one_run(name: str, players: int, seconds: float, seed: int) -> tuple[int, int, int, float]:
    game = load_game(name, players=players)
    rng = random.Random(seed)
    games = decisions = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    s = seed
    while time.perf_counter() < deadline:
        state = game.new_initial_state(seed=s)
        s += 1
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
            actions += 1
        games += 1
    return games, decisions, actions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args()
    names = args.game or available_games()
    print(
        f"{'game':<16}{'players':>8}{'games/s':>10}{'decisions/s':>13}{'µs/decision':>13}"
        f"{'actions/game':>14}"
    )
    for name in names:
        info = game_info(name)
        counts = [args.players] if args.players else [info.default_players]
        for players in counts:
            rates = []
            for run in range(args.runs):
                games, decisions, actions, elapsed = one_run(
                    name, players, args.seconds, run * 10_000
                )
                rates.append(
                    (
                        games / elapsed,
                        decisions / elapsed,
                        elapsed / decisions * 1e6,
                        actions / games,
                    )
                )
            g = statistics.median(r[0] for r in rates)
            d = statistics.median(r[1] for r in rates)
            us = statistics.median(r[2] for r in rates)
            length = statistics.median(r[3] for r in rates)
            print(f"{name:<16}{players:>8}{g:>10.0f}{d:>13.0f}{us:>13.2f}{length:>14.1f}")


if __name__ == "__main__":
    main()
