"""``interim_returns()``: one value per seat during the game, ``returns()`` at the end."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine.conformance import check_interim_returns
from cardtable.engine.registry import load_game


@pytest.mark.parametrize(
    ("players", "settings"),
    [(2, {}), (3, {}), (4, {}), (3, {"cumulative": True}), (3, {"jass": True})],
)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_interim_returns_track_the_game_and_equal_returns_at_the_end(
    players: int, settings: dict[str, Any], seed: int
) -> None:
    game = load_game("chai-tea-jazz", players=players, **settings)
    assert check_interim_returns(game, seed) > 3
