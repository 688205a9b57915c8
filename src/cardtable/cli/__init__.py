"""The ``cardtable`` command: one sub-command module per verb."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from cardtable.cli import (
    analyze_cmd,
    arena,
    deck,
    games_cmd,
    play,
    replay_cmd,
    rules,
    serve,
    simulate,
)
from cardtable.engine.errors import CardtableError

COMMANDS = (games_cmd, play, replay_cmd, analyze_cmd, rules, simulate, arena, serve, deck)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardtable",
        description="Play, simulate and study four card games on one engine.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.run(args)
    except CardtableError as exc:
        print(f"cardtable: error: {exc}", file=sys.stderr)
        return 2
    return result


if __name__ == "__main__":
    raise SystemExit(main())
