"""The heuristic bot: registered through ``Game.bots``, and stronger than random."""

from __future__ import annotations

from cardtable.bots.registry import available_bots, make_bot
from cardtable.engine.registry import load_game
from cardtable.games.chez_geek.ai.bots import HeuristicBot
from cardtable.sim.match import play_match

GAMES = 500


def test_heuristic_bot_is_registered() -> None:
    game = load_game("chez-geek", players=4)
    assert "heuristic" in available_bots(game)
    assert isinstance(make_bot("heuristic", game, 0, seed=1), HeuristicBot)


def test_heuristic_bot_wins_at_least_45_percent_against_three_random_bots() -> None:
    game = load_game("chez-geek", players=4)
    wins = 0
    for seed in range(GAMES):
        hero = seed % 4  # every seat in turn, so the first player's edge evens out
        bots = [
            make_bot("heuristic" if seat == hero else "random", game, seat, seed=seed * 7 + seat)
            for seat in range(4)
        ]
        state = play_match(game, bots, seed, observe=False)
        wins += state.returns()[hero] == 1.0
    assert wins / GAMES >= 0.45, f"heuristic bot won {wins} of {GAMES}"


def test_heuristic_bot_plays_a_whole_match_with_observe() -> None:
    game = load_game("chez-geek", players=3, games=2)
    bots = [HeuristicBot(game, seat, seed=seat) for seat in range(3)]
    state = play_match(game, bots, seed=11)
    assert state.is_terminal()
    assert sum(state.wins) == 2
    assert 1 in state.places()


def test_job_report_lists_each_job_with_an_interval() -> None:
    from cardtable.games.chez_geek.ai.balance import job_rates, job_report

    rates, length = job_rates(games=6, players=3)
    assert sum(r.games for r in rates) == 18 and length > 0
    assert all(0 <= r.interval()[0] <= r.rate <= r.interval()[1] <= 1 for r in rates)
    assert "mean game length" in job_report(games=2, players=2)
