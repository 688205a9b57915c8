"""Double-dummy solver speed: exact solves of Chai Tea Jazz rounds with N tricks left.

For each N, DEALS three-player rounds are taken (contract picked by heuristic
bots on seeded deals, earlier tricks played by them too) and the rest of the
round is solved exactly from a trick start; the mean CPU time per solve
(``time.process_time``), the mean nodes (plies searched) and nodes per second
are printed. ``N = 12`` is a whole round from the first lead. Also the time of
one PIMC decision (default settings) at the first lead.
Run: ``.venv/bin/python benchmarks/ctj_solver.py [DEALS] [N ...]`` (default: 4 deals, N = 5 6 7).
"""

from __future__ import annotations

import sys
import time

from cardtable.bots.infoset import decide
from cardtable.bots.registry import make_bot
from cardtable.engine.game import Marker
from cardtable.games.chai_tea_jazz.ai.solver import solvable, solve
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.games.chai_tea_jazz.state import ChaiTeaJazzState


def trick_start(game: ChaiTeaJazzGame, seed: int, left: int) -> ChaiTeaJazzState:
    """The first round of a seeded game, heuristic play up to the start of a trick with
    ``left`` tricks to go."""
    state = game.new_initial_state(seed=seed)
    bots = [make_bot("heuristic", game, s, seed) for s in range(game.num_players)]
    while True:
        if state.current_player() is Marker.CHANCE:
            state.apply_action(state.sample_chance())
            continue
        if solvable(state) and game.tricks - state.trick_no == left and not state.trick_cards:
            return state
        seat = state.current_player()
        assert isinstance(seat, int)
        state.apply_action(decide(bots[seat], state, seat))


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    lefts = [int(x) for x in sys.argv[2:]] or [5, 6, 7]
    game = ChaiTeaJazzGame(3)
    print("tricks left | mean CPU s per solve | mean nodes | nodes/s")
    for left in lefts:
        cpu = 0.0
        nodes = 0
        for seed in range(deals):
            state = trick_start(game, seed, left)
            start = time.process_time()
            _, solver = solve(state)
            cpu += time.process_time() - start
            nodes += solver.nodes
        print(f"{left:>11} | {cpu / deals:>20.3f} | {nodes // deals:>10} | {nodes / cpu:,.0f}")
    cpu = 0.0
    for seed in range(deals):
        state = trick_start(game, seed, game.tricks)
        seat = state.current_player()
        assert isinstance(seat, int)
        bot = make_bot("pimc", game, seat, seed)
        start = time.process_time()
        decide(bot, state, seat)
        cpu += time.process_time() - start
    print(f"PIMC (default settings) first lead: {cpu / deals:.3f} s CPU per decision")


if __name__ == "__main__":
    main()
