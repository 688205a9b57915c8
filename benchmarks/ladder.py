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
[--steps expert,hard,...] [--workers W] [--seed S] [--save FILE]`` (``--steps``
names the upper levels of the steps to play; default: all four). Times are the
machine's; results are the same for a seed whatever the number of workers. A
step can take hours: with ``--save`` each game is kept as it ends, the same
command resumes where a stopped run left off, and a run stopped by Ctrl-C or
SIGTERM prints what its whole deals give.
"""

from __future__ import annotations

import argparse
import json
import signal
import time
from pathlib import Path

from tqdm import tqdm

from cardtable.engine.game import Game
from cardtable.engine.registry import load_game
from cardtable.sim.arena import ArenaSpec, play_arena_game, rounded_games, run_games, whole_deals
from cardtable.sim.runner import GameOutcome
from cardtable.sim.summary import is_win
from cardtable.stats import wilson_interval

# each level and the one below it
BELOW = {"expert": "hard", "hard": "medium", "medium": "easy", "easy": "random"}


def saved_outcomes(path: Path | None, key: dict[str, object]) -> dict[int, GameOutcome]:
    """The games of this step an earlier run saved to ``path`` (same game, count, seed
    and level specs), by index."""
    found: dict[int, GameOutcome] = {}
    if path is None or not path.exists():
        return found
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        entry = json.loads(line)
        if entry["key"] != key:
            continue
        o = entry["outcome"]
        found[o["index"]] = GameOutcome(
            index=o["index"],
            seed=o["seed"],
            seating=tuple(o["seating"]),
            returns=tuple(o["returns"]),
            places=None if o["places"] is None else tuple(o["places"]),
            length=o["length"],
        )
    return found


def step(
    game_name: str,
    players: int | None,
    upper: str,
    games: int,
    seed: int,
    workers: int,
    save: Path | None = None,
    upper_spec: str | None = None,
) -> tuple[Game, int, int, float, float, float, float, int]:
    """The game, games counted, the upper level's first places, their interval, the even
    share, seconds, and the games the step asked for.

    With ``save``, every finished game is appended to that file as it ends and a later
    run of the same step plays only the games still missing, so hours of games
    survive a stopped run. A stopped run counts whole deals only. ``upper_spec`` plays
    a candidate bot spec in the upper level's seat, against the level below it."""
    game = load_game(game_name, players=players)
    seat_name = upper_spec or upper
    bots = (seat_name, BELOW[upper])
    spec = ArenaSpec(game.name, game.num_players, dict(game.settings), bots, seed)
    total = rounded_games(spec, games)
    specs = game.level_specs()
    key: dict[str, object] = {
        "game": game.name,
        "players": game.num_players,
        "seed": seed,
        "upper": upper_spec or specs.get(upper, upper),
        "lower": specs.get(BELOW[upper], BELOW[upper]),
    }
    before = saved_outcomes(save, key)
    start = time.monotonic()

    def keep(outcome: GameOutcome) -> None:
        if save is None:
            return
        row = {
            "key": key,
            "outcome": {
                "index": outcome.index,
                "seed": outcome.seed,
                "seating": list(outcome.seating),
                "returns": list(outcome.returns),
                "places": None if outcome.places is None else list(outcome.places),
                "length": outcome.length,
            },
        }
        with save.open("a") as out:
            out.write(json.dumps(row) + "\n")

    with tqdm(
        total=total,
        initial=len(before),
        desc=f"{upper} vs {BELOW[upper]}",
        unit="game",
        leave=False,
    ) as bar:
        played = run_games(
            play_arena_game,
            spec,
            total,
            workers=workers,
            progress=bar.update,
            skip=before.keys(),
            on_outcome=keep,
        )
    outcomes = whole_deals(spec, sorted([*before.values(), *played], key=lambda o: o.index))
    if not outcomes:
        raise SystemExit(f"{upper} > {BELOW[upper]}: stopped before a whole deal was played")
    wins = sum(
        is_win(o, seat)
        for o in outcomes
        for seat, name in enumerate(o.seating)
        if name == seat_name
    )
    low, high = wilson_interval(wins, len(outcomes))
    seats = game.num_players
    even = sum(sum(is_win(o, s) for s in range(seats)) / seats for o in outcomes) / len(outcomes)
    return game, len(outcomes), wins, low, high, even, time.monotonic() - start, total


def stop_on_term(signum: int, frame: object) -> None:
    """SIGTERM stops the step as Ctrl-C does: the games played so far are counted."""
    raise KeyboardInterrupt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", "-p", type=int)
    parser.add_argument("--games", "-n", type=int, default=400)
    parser.add_argument("--steps", default="expert,hard,medium,easy")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--upper-spec",
        help="a candidate bot spec played in the upper level's seat (one step only)",
    )
    parser.add_argument(
        "--save",
        type=Path,
        help="append each game to this JSON-lines file; a later run resumes from it",
    )
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, stop_on_term)
    uppers = [s.strip() for s in args.steps.split(",") if s.strip()]
    unknown = [s for s in uppers if s not in BELOW]
    if unknown:
        parser.error(f"--steps names {unknown}; the steps are {', '.join(BELOW)}")
    if args.upper_spec and len(uppers) != 1:
        parser.error("--upper-spec takes the place of one level: give one step in --steps")
    print("| game | players | step | games | upper first | 95% CI | even share | holds | minutes |")
    print("|---|---|---|---|---|---|---|---|---|")
    for upper in uppers:
        game, n, wins, low, high, chance, spent, asked = step(
            args.game,
            args.players,
            upper,
            args.games,
            args.seed,
            args.workers,
            args.save,
            args.upper_spec,
        )
        holds = "yes" if low > chance else "no"
        games = str(n) if n == asked else f"{n} (stopped; of {asked})"
        print(
            f"| {game.name} | {game.num_players} | {args.upper_spec or upper} > {BELOW[upper]} "
            f"| {games} "
            f"| {wins / n:.1%} | {low:.1%}–{high:.1%} | {chance:.1%} | {holds} "
            f"| {spent / 60:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
