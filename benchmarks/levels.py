"""CPU time per move of each level, against the game's heuristic bots.

For each game (default player count) and level, one seeded game is played
with the level at seat 0 and heuristic bots elsewhere, for at most SECONDS of
CPU; the median and the maximum CPU time (``time.process_time``) of the
level's decisions with a real choice are printed.
Run: ``.venv/bin/python benchmarks/levels.py [SECONDS] [LEVEL ...] [GAME ...] [--players N]``
(default 30 s; hard expert; every game; each game's default count, or N players,
whose own levels are then measured: Chai Tea Jazz's at 2 and 6 are other searches).
"""

from __future__ import annotations

import sys
import time

from cardtable.bots.infoset import decide
from cardtable.bots.registry import make_bot
from cardtable.engine.registry import available_games, load_game


def main() -> None:
    args = sys.argv[1:]
    players = None
    if "--players" in args:
        at = args.index("--players")
        players = int(args[at + 1])
        del args[at : at + 2]
    budget = float(args[0]) if args else 30.0
    names = available_games()
    words = args[1:]
    levels = [w for w in words if w not in names] or ["hard", "expert"]
    games = [w for w in words if w in names] or names
    print("game            level    decisions  median s  max s")
    for name in games:
        game = load_game(name, players=players)
        for level in levels:
            state = game.new_initial_state(seed=1)
            bots = [make_bot(level, game, 0, 1)]
            bots += [make_bot("heuristic", game, s, s) for s in range(1, game.num_players)]
            times: list[float] = []
            start = time.process_time()
            while not state.is_terminal() and time.process_time() - start < budget:
                if state.is_chance_node():
                    state.apply_action(state.sample_chance())
                    continue
                seat = state.current_player()
                assert isinstance(seat, int)
                many = len(state.legal_actions()) > 1
                t = time.process_time()
                action = decide(bots[seat], state, seat)
                if seat == 0 and many:
                    times.append(time.process_time() - t)
                state.apply_action(action)
            times.sort()
            median = times[len(times) // 2] if times else 0.0
            top = times[-1] if times else 0.0
            print(f"{name:<15} {level:<8} {len(times):>9}  {median:>8.3f}  {top:>5.3f}", flush=True)


if __name__ == "__main__":
    main()
