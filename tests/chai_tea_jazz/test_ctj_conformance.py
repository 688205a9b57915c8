"""The engine's conformance suite for every player count (1,000 seeded games each).

The costly checks (record replays, secrecy re-deals step by step) run on every
100th game so that the whole directory stays within the time budget.
"""

from __future__ import annotations

import pytest

from cardtable.engine.conformance import run_conformance
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from tests.sample import games


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_conformance_1000_games(players: int) -> None:
    n = games(1000)
    report = run_conformance(
        ChaiTeaJazzGame(players), games=n, seed=players * 10_000, deep_every=100
    )
    assert report.games == n
    assert report.secrecy_checks > 0
    assert report.resamples_that_changed_hidden_cards > 0


@pytest.mark.parametrize(
    ("players", "settings"),
    [
        (6, {"double_deck": True}),
        (3, {"passing_the_barrel": True, "early_end": True}),
        (3, {"jass": True, "setup": "long"}),
        (2, {"setup": "short", "jass": True}),
        (4, {"passing_the_barrel": True, "setup": "short"}),
        (
            3,
            {
                "setup": [
                    {"name": "Middle", "contract": "middle", "value": 2, "avoid": True},
                    {"name": "TP", "contract": "trump-pyramid", "value": 1, "meta": "second"},
                ],
                "cumulative": True,
            },
        ),
    ],
)
def test_conformance_variants(players: int, settings: dict) -> None:
    report = run_conformance(ChaiTeaJazzGame(players, **settings), games=12, deep_every=4)
    assert report.games == 12
