"""The heuristic bot: registered through ``Game.bots`` and stronger than random."""

from __future__ import annotations

from cardtable.bots.base import RandomBot
from cardtable.bots.registry import available_bots, make_bot
from cardtable.games.chai_tea_jazz import actions as act
from cardtable.games.chai_tea_jazz.ai.heuristic import HeuristicBot
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.sim.match import play_match
from tests.digests import decisions


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


def test_a_pick_is_the_first_of_the_best_ranked_picks_at_every_player_count() -> None:
    """The pick is found in one pass (a search's widening asks it at every picking node):
    whenever the bot picks, it must pick what ``ranked_picks`` puts first."""
    checked = 0
    for players in (2, 3, 4, 6):
        game = ChaiTeaJazzGame(players)
        for state in decisions(game, 6, 0):
            legal = state.legal_actions()
            seat = state.current_player()
            assert isinstance(seat, int)
            if not isinstance(legal[0], act.PlayCard) and act.ACCEPT not in legal:
                bot = HeuristicBot(game, seat, 1)
                obs = state.observation(seat)
                chosen = bot.act(obs, legal)
                if isinstance(chosen, act.Pick):
                    assert chosen == bot.ranked_picks(obs, legal)[0][1]
                    checked += 1
    assert checked >= 20, checked
