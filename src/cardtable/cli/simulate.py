"""``cardtable simulate GAME``: many seeded games between bots, in parallel, with a progress bar.

Local worker processes by default (``sim.runner``), or Ray with ``--ray``; both
give the same outcomes for the same seed. ``--plots DIR`` draws the charts.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from tqdm import tqdm

from cardtable.bots.specs import check_specs
from cardtable.cli.arena import add_scale_options, write_plots_to
from cardtable.cli.options import add_game_options, game_from
from cardtable.engine.errors import SettingError
from cardtable.sim.extras import summarise
from cardtable.sim.runner import SimSpec, default_workers, play_one, run_local
from cardtable.sim.summary import by_bot, by_seat, draws, format_rows


def register(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play many games between bots and print statistics")
    add_game_options(p)
    p.add_argument("--games", "-n", type=int, default=1000, help="number of games (default 1000)")
    p.add_argument("--bots", default="random", help="comma list of bots, rotated over the seats")
    p.add_argument("--seed", type=int, default=0, help="first seed (game i uses seed+i)")
    p.add_argument("--workers", type=int, default=None, help="processes (default: all local cores)")
    p.add_argument("--json", metavar="FILE", help="also write every game's outcome as JSON")
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    add_scale_options(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game = game_from(args)
    bots = check_specs(game, args.bots)
    if args.games < 1:
        raise SettingError("--games must be at least 1")
    spec = SimSpec(game.name, game.num_players, dict(game.settings), bots, args.seed)
    workers = args.workers or default_workers()
    with tqdm(total=args.games, unit="game", disable=args.no_progress, smoothing=0.1) as bar:
        if args.ray or args.ray_address:
            from cardtable.sim.ray_runner import run_ray

            outcomes = run_ray(
                play_one, spec, args.games, address=args.ray_address, progress=bar.update
            )
        else:
            outcomes = run_local(spec, args.games, workers=workers, progress=bar.update)
    if len(outcomes) < args.games:
        print(f"Interrupted: {len(outcomes)} of {args.games} games finished; statistics on those.")
    if not outcomes:
        return 1
    lengths = [o.length for o in outcomes]
    print(
        f"{game.info.title}, {game.num_players} players, {len(outcomes)} games, "
        f"bots {', '.join(bots)} (rotated over seats), "
        f"seeds {args.seed}..{args.seed + args.games - 1}"
    )
    print(format_rows("By bot", by_bot(outcomes)))
    print(format_rows("By seat", by_seat(outcomes, game.seat_name)))
    print(f"Draws: {draws(outcomes)}; mean length {sum(lengths) / len(lengths):.1f} actions")
    for line in summarise(outcomes):  # game-specific figures from State.statistics()
        print(line)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump([o.__dict__ for o in outcomes], fh)
        print(f"Outcomes written to {args.json}")
    if args.plots:
        write_plots_to(outcomes, args.plots, game.info.title)
    return 0
