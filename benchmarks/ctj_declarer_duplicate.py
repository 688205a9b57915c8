"""Declarer points on duplicate deals: a bot playing the declarer's cards vs the heuristic.

For each seeded deal the first round's contract is picked by heuristic bots
(deterministic, so it is the same in both runs); then the tricks are played
twice from the same position: once with the heuristic bot at every seat, once
with BOT at the declarer's seat and heuristic defenders. Printed: the mean
declarer round score of each, with a 95% interval of the mean difference, the
share of the two runs' points taken by BOT (BOT / (BOT + heuristic)) and how
often BOT scored more (ties half). With ``--defend`` BOT plays both defenders
instead and lower declarer scores are better for it.
Run: ``nice -n 10 .venv/bin/python benchmarks/ctj_declarer_duplicate.py BOT DEALS``
(options ``--defend``, ``--seed S``).
"""

from __future__ import annotations

import argparse
import math
import signal
import statistics
import time

from cardtable.bots.infoset import decide
from cardtable.bots.registry import make_bot
from cardtable.bots.specs import parse_spec
from cardtable.engine.game import Marker
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.games.chai_tea_jazz.state import ChaiTeaJazzState


def contract_position(game: ChaiTeaJazzGame, seed: int) -> ChaiTeaJazzState:
    state = game.new_initial_state(seed=seed)
    bots = [make_bot("heuristic", game, s, seed) for s in range(game.num_players)]
    while state.pick is None:
        if state.current_player() is Marker.CHANCE:
            state.apply_action(state.sample_chance())
            continue
        seat = state.current_player()
        assert isinstance(seat, int)
        state.apply_action(decide(bots[seat], state, seat))
    return state


def play_round(state: ChaiTeaJazzState, spec: str, seats: set[int], seed: int) -> int:
    game = state.game
    bots = [
        parse_spec(spec).make(game, s, seed + s) if s in seats else make_bot("heuristic", game, s)
        for s in range(game.num_players)
    ]
    state = state.clone()
    while not state.summaries:
        seat = state.current_player()
        assert isinstance(seat, int)
        state.apply_action(decide(bots[seat], state, seat))
    return int(state.summaries[0]["score"])


def main() -> None:
    signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C even in the background
    parser = argparse.ArgumentParser()
    parser.add_argument("bot")
    parser.add_argument("deals", type=int)
    parser.add_argument("--defend", action="store_true")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = ChaiTeaJazzGame(3)
    ours: list[int] = []
    theirs: list[int] = []
    start = time.process_time()
    try:
        for i in range(args.deals):
            seed = args.seed + i
            state = contract_position(game, seed)
            declarer = state.declarer
            seats = {s for s in range(3) if s != declarer} if args.defend else {declarer}
            ours.append(play_round(state, args.bot, seats, seed))
            theirs.append(play_round(state, "heuristic", set(), seed))
            if (i + 1) % 25 == 0:
                print(
                    f"{i + 1} deals: {statistics.mean(ours):.2f} vs {statistics.mean(theirs):.2f}",
                    flush=True,
                )
    except KeyboardInterrupt:
        del ours[len(theirs) :]
        print(f"Interrupted: statistics on the {len(theirs)} deals finished.")
    diffs = [a - b for a, b in zip(ours, theirs, strict=True)]
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    better = sum(1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in diffs)
    if args.defend:
        better = len(diffs) - better
    who = "defending" if args.defend else "declaring"
    print(f"{args.bot} {who}, {len(diffs)} deals, seed {args.seed}")
    print(f"mean declarer score with {args.bot}: {statistics.mean(ours):.2f}")
    print(f"mean declarer score with heuristic: {statistics.mean(theirs):.2f}")
    print(f"difference: {statistics.mean(diffs):+.2f} (95% CI +-{half:.2f})")
    print(f"share of points: {sum(ours) / (sum(ours) + sum(theirs)):.3f}")
    print(f"deals where {args.bot} did better (ties half): {better / len(diffs):.3f}")
    print(f"CPU {time.process_time() - start:.0f} s")


if __name__ == "__main__":
    main()
