"""Golden playthroughs: whole seeded games between heuristic bots, written out as text.

A change in any rule shows up as a diff here. When a rule changes on purpose,
regenerate with ``python -m tests.chez.test_chez_golden`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable import load_game
from cardtable.bots.registry import make_bot
from cardtable.sim.match import play_match

GOLDEN = Path(__file__).parent / "golden"
CASES = [(3, 11), (5, 4)]


def playthrough(players: int, seed: int) -> str:
    game = load_game("chez", players=players)
    bots = [make_bot("heuristic", game, s, seed + s) for s in range(players)]
    state = play_match(game, bots, seed=seed, observe=False)
    lines = [f"Chez, {players} players, seed {seed}"]
    lines += [str(a) for a in state.history()]
    lines += state.public_log()
    lines.append(f"places {state.places()}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_golden_playthrough(players: int, seed: int) -> None:
    expected = (GOLDEN / f"chez-{players}p-seed{seed}.txt").read_text(encoding="utf-8")
    assert playthrough(players, seed) == expected


if __name__ == "__main__":
    for players, seed in CASES:
        (GOLDEN / f"chez-{players}p-seed{seed}.txt").write_text(
            playthrough(players, seed), encoding="utf-8"
        )
