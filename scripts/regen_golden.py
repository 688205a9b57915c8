"""Rewrite the golden playthroughs in tests/golden after a deliberate rule change.

    python scripts/regen_golden.py

Each golden file is one seeded game between the game's bots, written out by
``cardtable.engine.transcript``; review the diff before committing it.
"""

from __future__ import annotations

from pathlib import Path

from cardtable.bots.registry import make_bot
from cardtable.engine.registry import load_game
from cardtable.engine.transcript import transcript
from cardtable.sim.match import play_match

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden"
# (game, players, bots per seat, seed)
CASES = [
    ("contest", 2, ("heuristic", "random"), 1),
    ("contest", 2, ("random", "heuristic"), 2),
    ("contest", 2, ("heuristic", "heuristic"), 3),
]


def golden_name(game: str, players: int, bots: tuple[str, ...], seed: int) -> str:
    return f"{game}-{players}p-{'-'.join(bots)}-seed{seed}.txt"


def golden_text(game_name: str, players: int, bots: tuple[str, ...], seed: int) -> str:
    game = load_game(game_name, players=players)
    seated = [make_bot(b, game, seat, seed * 1_000 + seat) for seat, b in enumerate(bots)]
    return transcript(play_match(game, seated, seed).to_record())


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for case in CASES:
        path = GOLDEN / golden_name(*case)
        path.write_text(golden_text(*case), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
