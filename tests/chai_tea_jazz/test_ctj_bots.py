"""The heuristic bot: registered through ``Game.bots`` and stronger than random."""

from __future__ import annotations

from cardtable.bots.base import RandomBot
from cardtable.bots.registry import available_bots, make_bot
from cardtable.games.chai_tea_jazz.ai.heuristic import HeuristicBot
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.sim.match import play_match


def test_heuristic_bot_is_registered() -> None:
    game = ChaiTeaJazzGame(3)
    assert "heuristic" in available_bots(game)
    assert isinstance(make_bot("heuristic", game, 0, seed=1), HeuristicBot)


def test_heuristic_bot_wins_at_least_55_percent_of_500_three_player_games() -> None:
    game = ChaiTeaJazzGame(3)
    wins = 0
    for seed in range(500):
        seat = seed % 3
        bots = [
            HeuristicBot(game, s, seed) if s == seat else RandomBot(game, s, seed * 7 + s)
            for s in range(3)
        ]
        state = play_match(game, bots, seed, observe=False)
        wins += state.places()[seat] == 1
    assert wins / 500 >= 0.55, wins


def test_heuristic_bot_plays_every_player_count() -> None:
    for players in (2, 4, 6):
        game = ChaiTeaJazzGame(players)
        bots = [HeuristicBot(game, s, s) for s in range(players)]
        state = play_match(game, bots, seed=3)
        assert state.is_terminal()
