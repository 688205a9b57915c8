"""The ``ranks`` setting: tiny Chai Tea Jazz variants for exact methods."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.engine.conformance import run_conformance
from cardtable.engine.errors import SettingError


@pytest.mark.parametrize(("players", "ranks", "hand"), [(3, 3, 4), (4, 2, 2)])
def test_a_tiny_deck_deals_small_hands_and_passes_the_conformance_suite(players, ranks, hand):
    game = cardtable.load_game("chai-tea-jazz", players=players, ranks=ranks, setup="short")
    assert game.hand_size == hand and game.tricks == hand
    assert sum(game.deck().values()) == 4 * ranks
    report = run_conformance(game, games=6, deep_every=3)
    assert report.games == 6


@pytest.mark.parametrize(("players", "ranks"), [(2, 3), (6, 3), (3, 4), (3, 1), (4, 10)])
def test_ranks_that_cannot_deal_evenly_are_refused(players, ranks):
    with pytest.raises(SettingError, match="setting ranks"):
        cardtable.load_game("chai-tea-jazz", players=players, ranks=ranks)
