"""The engine's conformance suite over 1,000 seeded games for 2, 4 and 8 players.

Each run also counts what happened in it, so that nope chains and every combo
are known to have been exercised by the random playouts (and the secrecy and
record checks that ran on them), not just allowed in principle.
"""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable import load_game
from cardtable.engine.conformance import run_conformance
from cardtable.games.chez.game import ChezGame
from cardtable.games.chez.state import ChezState
from tests.sample import PURE_RUN, games

EVENTS = (
    "nope_chain",
    "doubles",
    "revolution",
    "royal_court",
    "king_queen",
    "two_red_sixes",
    "true_transformation",
    "castle",
    "siege",
    "betting_man",
)


class CountingChez(ChezGame):
    """Chez that keeps the tally of every state it creates (the state fills it as it plays)."""

    def __init__(self, players: int | None = None, **settings: Any) -> None:
        super().__init__(players, **settings)
        self.tallies: list[dict[str, int]] = []

    def new_initial_state(self, seed: int | None = None, deal: Any = None) -> ChezState:
        state = super().new_initial_state(seed, deal)
        self.tallies.append(state.tally)
        return state


@pytest.fixture
def without_cycle_collector() -> Iterator[None]:
    """The secrecy check keeps every state of a replay alive; Chez states hold no
    reference cycles, so the cycle collector only rescans them over and over."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.usefixtures("without_cycle_collector")
@pytest.mark.parametrize(("players", "deep_every"), [(2, 25), (4, 100), (8, 500)])
def test_conformance_over_1000_seeded_games_with_every_combo_and_nope_chains(
    players: int, deep_every: int
) -> None:
    game = CountingChez(players=players)
    n = games(1000)
    report = run_conformance(game, games=n, seed=players * 10_000, deep_every=deep_every)
    assert report.games == n
    assert report.secrecy_checks > 0 and report.resamples_that_changed_hidden_cards > 0
    seen: Counter[str] = Counter()
    for tally in game.tallies:
        seen.update(tally)
    missing = [event for event in EVENTS if not seen[event] and not PURE_RUN]
    assert not missing, f"never happened in {players}-player games: {missing} ({dict(seen)})"


def test_asking_only_ace_holders_passes_conformance_because_being_asked_is_public():
    game = load_game("chez", players=3, nope_window="ace-holders")
    report = run_conformance(game, games=40, seed=7, deep_every=8)
    assert report.secrecy_checks > 0 and report.resamples_that_changed_hidden_cards > 0
