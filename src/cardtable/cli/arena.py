"""``cardtable arena GAME --bots a,b,c --games N``: bots compared on duplicate deals.

Prints win rates and mean returns with 95% intervals and an OpenSkill rating
per bot; ``--csv``/``--json`` keep every game, ``--plots DIR`` draws the charts.
The helpers for choosing bots and where to run (local processes or Ray) are
shared with ``cardtable simulate``.
"""

from __future__ import annotations

import argparse
import csv
import json
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any, TypeVar

from tqdm import tqdm

from cardtable.bots.specs import check_specs
from cardtable.cli.options import add_game_options, game_from
from cardtable.engine.game import Game
from cardtable.sim.arena import (
    ArenaSpec,
    play_arena_game,
    rounded_games,
    run_games,
    whole_deals,
)
from cardtable.sim.extras import summarise
from cardtable.sim.runner import GameOutcome
from cardtable.sim.summary import by_bot, draws, format_rows

S = TypeVar("S")


# ---- shared with ``simulate`` ---------------------------------------------------------
def add_run_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=0, help="first seed")
    p.add_argument("--workers", type=int, default=None, help="processes (default: all local cores)")
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    add_scale_options(p)


def add_scale_options(p: argparse.ArgumentParser) -> None:
    """Where to run and what to draw: ``--ray``, ``--ray-address``, ``--plots``."""
    p.add_argument(
        "--ray", action="store_true", help="run on Ray (a local instance unless --ray-address)"
    )
    p.add_argument("--ray-address", metavar="ADDR", help="Ray cluster address (implies --ray)")
    p.add_argument("--plots", metavar="DIR", help="write PNG charts to DIR")


def parse_bots(game: Game, text: str) -> tuple[str, ...]:
    """``--bots``: specs such as ``hard,heuristic`` or ``ismcts(iterations=2000),heuristic``."""
    return check_specs(game, text)


def execute(
    play: Callable[[S, int], GameOutcome],
    spec: S,
    games: int,
    args: argparse.Namespace,
) -> list[GameOutcome]:
    """Play with a progress bar (tqdm shows the ETA), locally or on Ray."""
    with tqdm(total=games, unit="game", disable=args.no_progress, smoothing=0.1) as bar:
        if args.ray or args.ray_address:
            from cardtable.sim.ray_runner import run_ray

            return run_ray(play, spec, games, address=args.ray_address, progress=bar.update)
        return run_games(play, spec, games, workers=args.workers, progress=bar.update)


def write_plots_to(outcomes: Sequence[GameOutcome], directory: str, title: str) -> None:
    from cardtable.sim.plots import write_plots  # matplotlib only when asked for

    paths = write_plots(outcomes, directory, title)
    print(f"Plots written: {', '.join(str(p) for p in paths)}")


# ---- the command ------------------------------------------------------------------------
def register(sub: Any) -> None:
    p = sub.add_parser(
        "arena", help="compare bots on duplicate deals: win rates, intervals, ratings"
    )
    add_game_options(p)
    p.add_argument(
        "--bots",
        required=True,
        help="comma list; fewer than the seats: the last fills the rest; "
        "more: every table of that many",
    )
    p.add_argument("--games", "-n", type=int, default=100, help="games (rounded up to whole deals)")
    p.add_argument(
        "--no-duplicate", action="store_true", help="a fresh deal for every game instead"
    )
    p.add_argument("--csv", metavar="FILE", help="write one row per game as CSV")
    p.add_argument("--json", metavar="FILE", help="write the table, ratings and games as JSON")
    add_run_options(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from cardtable.sim.ratings import format_ratings, rate

    game = game_from(args)
    spec = ArenaSpec(
        game.name,
        game.num_players,
        dict(game.settings),
        parse_bots(game, args.bots),
        seed=args.seed,
        duplicate=not args.no_duplicate,
    )
    games = rounded_games(spec, args.games)
    outcomes = execute(play_arena_game, spec, games, args)
    if len(outcomes) < games:
        finished = len(outcomes)
        whole = whole_deals(spec, outcomes)
        if len(whole) == finished:
            print(f"Interrupted: {finished} of {games} games finished; statistics on those.")
        elif whole:
            outcomes = whole
            print(
                f"Interrupted: {finished} of {games} games finished; statistics on the "
                f"{len(whole)} games of the deals played in every seat rotation (a deal "
                "under way is left out, so every bot sat every seat equally often)."
            )
        else:
            print(
                f"Interrupted: {finished} of {games} games finished and no deal in every "
                "seat rotation; statistics on those, not balanced across seats."
            )
    if not outcomes:
        return 1
    deals = -(-len(outcomes) // spec.block)
    kind = "duplicate deals" if spec.duplicate else "a fresh deal per game"
    print(
        f"{game.info.title}, {game.num_players} players: {len(outcomes)} games = {deals} deals x "
        f"{len(spec.tables)} table(s) x {spec.rotations} seat rotations ({kind}), "
        f"first seed {args.seed}"
    )
    for table in spec.tables:
        print(f"Table: {' vs '.join(table)}")
    rows = by_bot(outcomes)
    ratings = rate(outcomes)
    print(format_rows("By bot", rows))
    print(format_ratings(ratings))
    lengths = [o.length for o in outcomes]
    print(f"Draws: {draws(outcomes)}; mean length {sum(lengths) / len(lengths):.1f} actions")
    for line in summarise(outcomes):  # game-specific figures from State.statistics()
        print(line)
    if args.csv:
        write_csv(Path(args.csv), spec, outcomes)
        print(f"Games written to {args.csv}")
    if args.json:
        document = {
            "game": game.name,
            "players": game.num_players,
            "settings": dict(game.settings),
            "bots": list(spec.bots),
            "tables": [list(t) for t in spec.tables],
            "duplicate": spec.duplicate,
            "seed": args.seed,
            "summary": [{**asdict(r), "win_rate": r.win_rate} for r in rows],
            "ratings": [r.as_dict() for r in ratings],
            "outcomes": [asdict(o) for o in outcomes],
        }
        Path(args.json).write_text(json.dumps(document, indent=1), encoding="utf-8")
        print(f"Results written to {args.json}")
    if args.plots:
        write_plots_to(outcomes, args.plots, game.info.title)
    return 0


def write_csv(path: Path, spec: ArenaSpec, outcomes: Sequence[GameOutcome]) -> None:
    n = spec.players
    header = ["index", "seed", "deal", "table", "rotation", "length"]
    header += [f"bot_{s}" for s in range(n)]
    header += [f"return_{s}" for s in range(n)]
    header += [f"place_{s}" for s in range(n)]
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(header)
        for o in outcomes:
            deal, table, rotation = spec.placement(o.index)
            places = list(o.places) if o.places is not None else [""] * n
            writer.writerow(
                [o.index, o.seed, deal, table, rotation, o.length, *o.seating, *o.returns, *places]
            )
