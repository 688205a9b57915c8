"""``cardtable replay FILE``: step through a saved record."""

from __future__ import annotations

import argparse
from typing import Any

from cardtable.engine.errors import SeatError
from cardtable.engine.record import load_record, replay_states


def register(sub: Any) -> None:
    p = sub.add_parser("replay", help="step through a saved game record")
    p.add_argument("file", help="a record written by 'cardtable play' or the server")
    p.add_argument("--seat", type=int, default=None, help="show this seat's view at each step")
    p.add_argument("--all", action="store_true", help="print every step without pausing")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    states = replay_states(record)
    game = states[0].game
    if args.seat is not None and not 0 <= args.seat < game.num_players:
        raise SeatError(f"--seat {args.seat}: seats are 0..{game.num_players - 1}")
    print(f"{game.info.title}, {game.num_players} players, {len(states) - 1} actions.")
    if not args.all:
        print("Enter: next step · a number: jump to that step · q: quit")
    log_seen = 0
    step = 1
    while step < len(states):
        before, after = states[step - 1], states[step]
        actor = before.current_player()
        who = game.seat_name(actor) if isinstance(actor, int) else actor.value
        print(f"[{step}] {who}: {record['actions'][step - 1]}")
        log = after.public_log()
        for line in log[log_seen:]:
            print(f"  · {line}")
        log_seen = len(log)
        if args.seat is not None:
            print(game.render(after.observation(args.seat)))
        step += 1
        if not args.all and step < len(states):
            try:
                reply = input("> ").strip()
            except (EOFError, KeyboardInterrupt):
                print()
                return 0
            if reply.lower() == "q":
                return 0
            if reply.isdigit() and 1 <= int(reply) < len(states):
                step = int(reply)
                log_seen = len(states[step - 1].public_log())
    final = states[-1]
    print(
        f"Result: {record.get('result')}"
        if not final.is_terminal()
        else f"Game over: returns {final.returns()}"
    )
    return 0
