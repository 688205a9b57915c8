"""Golden playthroughs: seeded Chai Tea Jazz games as text must not change by accident.

After a deliberate rule change, regenerate and review the diff:

    .venv/bin/python -m tests.chai_tea_jazz.test_ctj_golden
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.bots.registry import make_bot
from cardtable.engine.registry import load_game
from cardtable.engine.transcript import transcript
from cardtable.sim.match import play_match

GOLDEN = Path(__file__).resolve().parent / "golden"
# (players, settings, bots per seat, seed)
CASES: list[tuple[int, dict, tuple[str, ...], int]] = [
    (3, {}, ("heuristic", "random", "heuristic"), 1),
    (2, {"setup": "short"}, ("heuristic", "heuristic"), 2),
    (4, {"setup": "short", "passing_the_barrel": True}, ("heuristic", "random") * 2, 3),
]


def golden_name(players: int, settings: dict, bots: tuple[str, ...], seed: int) -> str:
    extra = "-".join(f"{k}" for k in sorted(settings)) or "standard"
    return f"chai-tea-jazz-{players}p-{extra}-seed{seed}.txt"


def golden_text(players: int, settings: dict, bots: tuple[str, ...], seed: int) -> str:
    game = load_game("chai-tea-jazz", players=players, **settings)
    seated = [make_bot(b, game, seat, seed * 1_000 + seat) for seat, b in enumerate(bots)]
    return transcript(play_match(game, seated, seed).to_record())


@pytest.mark.parametrize("case", CASES, ids=lambda c: golden_name(*c))
def test_golden_playthrough_is_unchanged(case) -> None:
    path = GOLDEN / golden_name(*case)
    assert golden_text(*case) == path.read_text(encoding="utf-8"), (
        f"{path.name} changed; if a rule changed on purpose, regenerate (see module docstring)"
    )


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for case in CASES:
        path = GOLDEN / golden_name(*case)
        path.write_text(golden_text(*case), encoding="utf-8")
        print(f"wrote {path}")
