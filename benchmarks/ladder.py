"""The level ladder of a game: each level against the one below it, head to head.

For each step of the ladder (``expert`` over ``hard``, ``hard`` over ``medium``,
``medium`` over ``easy``, ``easy`` over ``random``) one seat plays the upper level
and every other seat the lower one, on duplicate deals in every seat rotation
(``cardtable arena GAME --bots UPPER,LOWER``). The upper level's share of first
places is printed with its 95% Wilson interval beside the even share, the share
it would get if it were no stronger: a step holds when the whole interval is above
the even share. The even share is the mean fraction of seats that share first
place in the games played: 1/N when one seat wins, 1/2 in Chai Tea Jazz's team
games (4 and 6 players), where a seat wins with its team, whatever its partner's
level; draws (nobody first) lower it a little.

Why head to head and not one table of all levels: a person picks one level and
plays against it, so what must be ordered is each level against the next; in a
table of all levels a strong seat takes first places from every other seat
and hides how the weaker ones compare.

Run: ``.venv/bin/python benchmarks/ladder.py GAME [--players N] [--games G]
[--steps expert,hard,...] [--workers W] [--seed S]`` (``--steps`` names the
upper levels of the steps to play; default: all four). Times are the machine's;
results are the same for a seed whatever the number of workers.
"""

from __future__ import annotations

import argparse
import time

from tqdm import tqdm

from cardtable.engine.game import Game
from cardtable.engine.registry import load_game
from cardtable.sim.arena import ArenaSpec, play_arena_game, rounded_games, run_games
from cardtable.sim.summary import is_win
from cardtable.stats import wilson_interval

# each level and the one below it
BELOW = {"expert": "hard", "hard": "medium", "medium": "easy", "easy": "random"}


def step(
    game_name: str, players: int | None, upper: str, games: int, seed: int, workers: int
) -> tuple[Game, int, int, float, float, float, float]:
    """The game, games played, the upper level's first places, their interval, the even
    share, seconds."""
    game = load_game(game_name, players=players)
    spec = ArenaSpec(game.name, game.num_players, dict(game.settings), (upper, BELOW[upper]), seed)
    total = rounded_games(spec, games)
    start = time.monotonic()
    with tqdm(total=total, desc=f"{upper} vs {BELOW[upper]}", unit="game", leave=False) as bar:
        outcomes = run_games(play_arena_game, spec, total, workers=workers, progress=bar.update)
    wins = sum(
        is_win(o, seat) for o in outcomes for seat, name in enumerate(o.seating) if name == upper
    )
    low, high = wilson_interval(wins, len(outcomes))
    seats = game.num_players
    even = sum(sum(is_win(o, s) for s in range(seats)) / seats for o in outcomes) / len(outcomes)
    return game, len(outcomes), wins, low, high, even, time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", "-p", type=int)
    parser.add_argument("--games", "-n", type=int, default=400)
    parser.add_argument("--steps", default="expert,hard,medium,easy")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    uppers = [s.strip() for s in args.steps.split(",") if s.strip()]
    unknown = [s for s in uppers if s not in BELOW]
    if unknown:
        parser.error(f"--steps names {unknown}; the steps are {', '.join(BELOW)}")
    print("| game | players | step | games | upper first | 95% CI | even share | holds | minutes |")
    print("|---|---|---|---|---|---|---|---|---|")
    for upper in uppers:
        game, n, wins, low, high, chance, spent = step(
            args.game, args.players, upper, args.games, args.seed, args.workers
        )
        holds = "yes" if low > chance else "no"
        print(
            f"| {game.name} | {game.num_players} | {upper} > {BELOW[upper]} | {n} "
            f"| {wins / n:.1%} | {low:.1%}–{high:.1%} | {chance:.1%} | {holds} "
            f"| {spent / 60:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
