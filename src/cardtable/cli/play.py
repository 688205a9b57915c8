"""``cardtable play GAME``: a person at one seat, bots at the others, in the terminal."""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardtable.bots.base import Bot
from cardtable.bots.match import bots_choose, bots_observe, run_match
from cardtable.bots.registry import default_bot, make_bot
from cardtable.bots.specs import split_specs
from cardtable.cli.options import add_game_options, game_from
from cardtable.engine.errors import ActionError, SeatError, SettingError
from cardtable.engine.game import Action, Game, State
from cardtable.engine.record import save_record


def register(sub: Any) -> None:
    p = sub.add_parser("play", help="play a game in the terminal against bots")
    add_game_options(p)
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p.add_argument(
        "--bots",
        default=None,
        help="bot for the other seats, or a comma list, one per other seat "
        "(default: the game's default bot)",
    )
    p.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    p.add_argument("--record-dir", default="records", help="where the record is saved")
    p.set_defaults(run=run)


def choose_bots(game: Game, human: int, spec: str | None, seed: int) -> dict[int, Bot]:
    if spec is None:
        spec = default_bot(game)
    names = split_specs(spec)
    others = [s for s in range(game.num_players) if s != human]
    if len(names) == 1:
        names = names * len(others)
    if len(names) != len(others):
        raise SettingError(f"--bots names {len(names)} bots for {len(others)} other seats")
    bots = {}
    for seat, name in zip(others, names, strict=True):
        bots[seat] = make_bot(name, game, seat, seed + seat)
    return bots


def run(args: argparse.Namespace) -> int:
    game = game_from(args)
    if not 0 <= args.seat < game.num_players:
        raise SeatError(f"--seat {args.seat}: seats are 0..{game.num_players - 1}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    bots = choose_bots(game, args.seat, args.bots, seed)
    state = game.new_initial_state(seed=seed)
    print(
        f"{game.info.title}: you are {game.seat_name(args.seat)} (seat {args.seat}); seed {seed}."
    )
    print("Type an action as listed, '?' for the choices again, 'quit' to leave.\n")
    finished = play_loop(state, args.seat, bots, input_fn=input)
    path = Path(args.record_dir) / f"{game.name}-{time.strftime('%Y%m%d-%H%M%S')}-{seed}.json"
    save_record(state, path)
    if finished:
        print(describe_result(state, args.seat))
    else:
        print("\nYou left the game.")
    print(f"Record saved to {path} (replay it with: cardtable replay {path})")
    return 0


def describe_result(state: State, seat: int) -> str:
    returns = state.returns()
    places = state.places()
    if places is not None:
        return f"Game over. Your place: {places[seat]} of {len(places)}; returns {returns}."
    best = max(returns)
    if min(returns) == best:
        return "Game over: a draw."
    return "Game over: you win!" if returns[seat] == best else "Game over: you lose."


def play_loop(
    state: State,
    human: int,
    bots: dict[int, Bot],
    *,
    input_fn: Callable[[str], str],
    out: Any = None,
) -> bool:
    """Run the game; False if the person left (quit, EOF or Ctrl-C)."""
    out = out or sys.stdout
    game = state.game
    log_seen = 0

    def flush_log() -> None:
        nonlocal log_seen
        log = state.public_log()
        for line in log[log_seen:]:
            print(f"  · {line}", file=out)
        log_seen = len(log)

    from_bots = bots_choose(bots)

    def choose(state: State, seat: int) -> Action:
        if seat != human:
            return from_bots(state, seat)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]  # nothing to decide: no prompt
        flush_log()
        print(game.render(state.observation(human)), file=out)
        return ask(state, input_fn, out)

    try:
        run_match(state, choose, after=bots_observe(bots))
        flush_log()
        print(game.render(state.observation(human)), file=out)
        return True
    except (EOFError, KeyboardInterrupt):
        return False


def ask(state: State, input_fn: Callable[[str], str], out: Any) -> Action:
    choices = " ".join(str(a) for a in state.legal_actions())
    print(f"Your choices: {choices}", file=out)
    while True:
        text = input_fn("> ").strip()
        if text in ("?", "help"):
            print(f"Your choices: {choices}", file=out)
            continue
        if text in ("quit", "exit"):
            raise EOFError
        try:
            return state.parse_action(text)
        except ActionError as exc:
            print(f"Not accepted: {exc.reason}. Your choices: {choices}", file=out)
