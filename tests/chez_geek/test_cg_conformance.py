"""The engine's conformance suite for 2, 3 and 5 players, and card coverage.

1,000 seeded random games per player count; the costly checks (record
round-trips, clone independence, view secrecy with re-dealt hidden cards)
run on every 100th game (every 200th with five players, whose secrecy checks
replay the longest records for the most seats). Every card of the open deck must be played at least
once across these runs: counted here, and asserted.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.sample import PURE_RUN, games

from cardtable.engine.conformance import run_conformance
from cardtable.engine.game import Action
from cardtable.games.chez_geek.actions import Call, CardAct, Play
from cardtable.games.chez_geek.game import ChezGeekGame
from cardtable.games.chez_geek.state import ChezGeekState

GAMES = games(1_000)
PLAYED: set[str] = set()


class CountingState(ChezGeekState):
    """Notes every card played from hand: Called, bought, done, or played."""

    def apply_action(self, action: Action) -> None:
        super().apply_action(action)
        if isinstance(action, Call | Play) or (
            isinstance(action, CardAct) and action.verb in ("buy", "do")
        ):
            PLAYED.add(action.slug)


class CountingGame(ChezGeekGame):
    def new_initial_state(self, seed: int | None = None, deal: Any = None) -> ChezGeekState:
        return CountingState(self, seed, deal)


# one worker runs these and the coverage check after them, in order (--dist loadgroup)
COVERAGE_GROUP = pytest.mark.xdist_group("chez-geek-card-coverage")


@COVERAGE_GROUP
@pytest.mark.parametrize(("players", "deep_every"), [(2, 100), (3, 100), (5, 200)])
def test_conformance(players: int, deep_every: int) -> None:
    report = run_conformance(
        CountingGame(players=players), games=GAMES, seed=1000 * players, deep_every=deep_every
    )
    assert report.games == GAMES
    assert report.secrecy_checks > 0
    assert report.resamples_that_changed_hidden_cards > 0


@COVERAGE_GROUP
def test_every_card_of_the_open_deck_was_played() -> None:
    if PURE_RUN:
        pytest.skip("every card is asserted on the full sample (the compiled run)")
    if not PLAYED:
        pytest.skip("needs the conformance runs above in the same session")
    deck = {c.slug for c in ChezGeekGame(players=3).deck_def.cards}
    assert deck - PLAYED == set()
