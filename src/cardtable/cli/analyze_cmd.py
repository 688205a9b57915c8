"""``cardtable analyze RECORD --seat N``: what the seat's plays were worth.

A game with an exact analyser names it in ``Game.analysis`` (``"module:function"``,
called with the replayed states, the actions and the seat, yielding lines):
Chai Tea Jazz solves every trick double-dummy. Every other game (and any game
with ``--search``) is reviewed by its strongest searching bot from the seat's
own information (``cardtable.bots.review``), with ``--json`` for tools and
``--plot`` for the line of the seat's expected share over the game.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any

from tqdm import tqdm

from cardtable.bots.review import Verdict, review, reviewer_spec
from cardtable.engine.errors import SettingError
from cardtable.engine.game import State
from cardtable.engine.record import load_record, replay_states


def register(sub: Any) -> None:
    p = sub.add_parser(
        "analyze",
        help="after a game: each decision of a seat beside the best bot's choice",
    )
    p.add_argument("file", help="a record written by 'cardtable play' or the server")
    p.add_argument("--seat", type=int, required=True, help="the seat whose plays are analysed")
    p.add_argument(
        "--exact",
        type=int,
        default=6,
        help="Chai Tea Jazz: solve exactly from this many tricks left (default 6)",
    )
    p.add_argument(
        "--search",
        action="store_true",
        help="review by search even where the game has an exact analyser",
    )
    p.add_argument(
        "--bot", default=None, help="the reviewing search (default: the game's expert level)"
    )
    p.add_argument("--seed", type=int, default=0, help="the search's seed (default 0)")
    p.add_argument("--json", action="store_true", help="print the verdicts as JSON")
    p.add_argument("--plot", metavar="FILE.png", help="plot the seat's expected share per move")
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    states = replay_states(record)
    game = states[0].game
    if not 0 <= args.seat < game.num_players:
        raise SettingError(f"--seat {args.seat}: seats are 0..{game.num_players - 1}")
    target: str | None = getattr(game, "analysis", None)
    if target is not None and not args.search:
        if args.json or args.plot or args.bot:
            raise SettingError(
                f"{game.name}'s analysis is exact and prints lines; --json, --plot and --bot "
                "are for the search review: add --search"
            )
        return exact(states, args, target)
    spec = args.bot or reviewer_spec(game)
    with tqdm(
        total=len(states) - 1,
        desc=f"reviewing with {spec}",
        unit="move",
        disable=args.no_progress,
        file=sys.stderr,
    ) as bar:
        verdicts = review(states, args.seat, spec, args.seed, step=lambda: bar.update())
    if args.plot:
        plot(verdicts, args.plot, game.seat_name(args.seat), game.num_players)
    if args.json:
        out = {
            "game": game.name,
            "seat": args.seat,
            "reviewer": spec,
            "value": "expected share of the other seats finished ahead of (ties half)",
            "decisions": [v.as_dict() for v in verdicts],
        }
        print(json.dumps(out, indent=1))
        return 0
    for line in lines(verdicts, game.num_players):
        print(line, flush=True)
    return 0


def exact(states: list[State], args: argparse.Namespace, target: str) -> int:
    if args.exact < 0 or args.exact > 12:
        raise SettingError(f"--exact {args.exact}: choose 0..12 tricks")
    module_name, _, attr = target.partition(":")
    analyse = getattr(importlib.import_module(module_name), attr)
    actions = states[-1].history()
    for line in analyse(states, actions, args.seat, args.exact):
        print(line, flush=True)
    return 0


def lines(verdicts: list[Verdict], players: int) -> list[str]:
    unit = "chance to win" if players == 2 else "share of the others beaten"
    out = [f"{len(verdicts)} decisions reviewed; values are the expected {unit}."]
    for v in verdicts:
        if v.played == v.preferred:
            out.append(f"move {v.move}: {v.played} (best of {v.options}) {v.value:.0%}")
        else:
            out.append(
                f"move {v.move}: {v.played} {v.value:.0%}, best {v.preferred}: "
                f"-{v.loss:.0%} ± {v.margin:.0%}, {v.mark}"
            )
    counts = {m: sum(1 for v in verdicts if v.mark == m) for m in ("good", "inaccuracy", "mistake")}
    plural = {"good": "good", "inaccuracy": "inaccuracies", "mistake": "mistakes"}
    out.append(", ".join(f"{n} {m if n == 1 else plural[m]}" for m, n in counts.items()))
    return out


def plot(verdicts: list[Verdict], path: str, seat_name: str, players: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 3.5))
    ax.plot([v.move for v in verdicts], [v.value for v in verdicts], marker=".", color="#2a6f97")
    for v in verdicts:
        if v.mark != "good":
            ax.scatter([v.move], [v.value], color="#c0392b" if v.mark == "mistake" else "#e67e22")
    ax.set_ylim(0, 1)
    ax.set_xlabel("move")
    ax.set_ylabel("chance to win" if players == 2 else "share of others beaten")
    ax.set_title(f"{seat_name}: the search's estimate after each decision")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
