"""The heuristic bot: registered with the game, legal, and strong against random play."""

from __future__ import annotations

from cardtable import load_game
from cardtable.bots.base import RandomBot
from cardtable.bots.registry import available_bots, make_bot
from cardtable.games.chez.ai.heuristic import HeuristicBot
from cardtable.sim.match import play_match


def _first_place_rate(games: int) -> float:
    """Heuristic bot in seat 0 against three random bots, one seeded game each.

    The random bots ignore their observation, so only the heuristic bot's is
    built (``play_match`` would build every seat's after every action).
    """
    game = load_game("chez", players=4)
    wins = 0
    for seed in range(games):
        bots = [HeuristicBot(game, 0, seed)] + [RandomBot(game, s, seed * 4 + s) for s in (1, 2, 3)]
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            seat = state.current_player()
            assert isinstance(seat, int)
            obs = state.observation(seat) if seat == 0 else {}
            state.apply_action(bots[seat].act(obs, state.legal_actions()))
        places = state.places()
        assert places is not None
        wins += places[0] == 1
    return wins / games


def test_heuristic_bot_is_registered_for_chez():
    game = load_game("chez", players=4)
    assert {"heuristic", "random"} <= set(available_bots(game))
    assert isinstance(make_bot("heuristic", game, 0, 1), HeuristicBot)


def test_heuristic_bots_play_whole_games_through_the_match_runner():
    game = load_game("chez", players=3)
    bots = [make_bot("heuristic", game, s, s) for s in range(3)]
    state = play_match(game, bots, seed=5)
    assert state.is_terminal() and sorted(state.places() or []) == [1, 2, 3]


def test_heuristic_bot_takes_first_place_in_at_least_40_percent_of_500_games():
    rate = _first_place_rate(500)
    assert rate >= 0.40, rate


def test_statistics_count_turns_combos_and_nopes_for_simulations():
    game = load_game("chez", players=3)
    state = play_match(game, [make_bot("heuristic", game, s, s) for s in range(3)], seed=5)
    stats = state.statistics()
    assert stats["turns"] > 0 and set(stats) >= {"nope_chain", "revolution", "plague"}
    assert all(isinstance(v, int) for v in stats.values())
