"""The engine's conformance suite on Contest, and the heuristic bot's strength."""

from __future__ import annotations

from cardtable import load_game
from cardtable.engine.conformance import run_conformance
from cardtable.sim.runner import SimSpec, run_local
from cardtable.sim.summary import by_bot
from tests.sample import games


def test_conformance_over_2000_seeded_games():
    n = games(2000)
    report = run_conformance(load_game("contest"), games=n, seed=0, max_length=4000)
    assert report.games == n
    assert report.secrecy_checks >= n // 5
    assert report.resamples_that_changed_hidden_cards > 0


def test_heuristic_bot_beats_random_in_at_least_60_percent_of_2000_games():
    spec = SimSpec("contest", 2, {}, ("heuristic", "random"), seed=12345)
    outcomes = run_local(spec, 2000, workers=1)
    rows = {row.label: row for row in by_bot(outcomes)}
    assert rows["heuristic"].games == 2000
    assert rows["heuristic"].win_rate >= 0.60, rows["heuristic"]


def test_same_seed_same_results_whatever_the_worker_count():
    spec = SimSpec("contest", 2, {}, ("heuristic", "random"), seed=7)
    one = run_local(spec, 60, workers=1)
    two = run_local(spec, 60, workers=2, chunk=7)
    assert one == two
