"""ISMCTS settings: budgets, rollouts, inference and utilities."""

from __future__ import annotations

import random

import pytest

from cardtable.bots.inference import last_decisions, likelihood
from cardtable.bots.infoset import decide
from cardtable.bots.ismcts import ISMCTSBot, rank_shares, rank_utilities
from cardtable.bots.registry import make_bot
from cardtable.engine.errors import SettingError
from cardtable.engine.registry import available_games, load_game
from tests.sim.test_ismcts_determinization import _states_along


def _contest_midgame(moves: int = 9):
    state = load_game("contest").new_initial_state(seed=11)
    rng = random.Random(1)
    while state.move_number() < 32 + moves:
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node() or not isinstance(state.current_player(), int):
        state.apply_action(state.sample_chance())
    return state


def test_unknown_settings_are_refused_with_the_valid_ones() -> None:
    game = load_game("contest")
    with pytest.raises(SettingError, match="valid settings"):
        ISMCTSBot(game, 0, iterationz=5)
    with pytest.raises(SettingError):
        ISMCTSBot(game, 0, rollout="clever")
    with pytest.raises(SettingError):
        ISMCTSBot(game, 0, iterations=0)


def test_the_action_budget_stops_the_search_after_the_minimum_iterations() -> None:
    state = _contest_midgame()
    bot = ISMCTSBot(state.game, state.current_player(), 1, max_actions=1, min_iterations=3)
    decide(bot, state)
    assert bot.last_iterations == 3


def test_rank_shares_count_ties_half() -> None:
    assert rank_shares([3.0, 1.0, 3.0, 0.0]) == [5 / 6, 1 / 3, 5 / 6, 0.0]
    assert rank_shares([1.0, -1.0]) == [1.0, 0.0]


def test_an_interim_returns_hook_scores_a_cut_rollout() -> None:
    state = _contest_midgame()
    state.interim_returns = lambda: [0.0, 2.0]  # type: ignore[method-assign]  # stub one state's hook
    assert rank_utilities(state) == [0.0, 1.0]
    bot = ISMCTSBot(state.game, state.current_player(), 1, iterations=20, rollout_limit=0)
    assert decide(bot, state) in state.legal_actions()


def test_heuristic_rollouts_pick_a_legal_action() -> None:
    state = _contest_midgame()
    bot = ISMCTSBot(state.game, state.current_player(), 2, iterations=20, rollout="heuristic")
    assert decide(bot, state) in state.legal_actions()


def test_inference_looks_at_the_other_seats_decisions_only() -> None:
    state = _contest_midgame()
    seat = state.current_player()
    found = last_decisions(state, seat, 3)
    assert 0 < len(found) <= 3
    assert all(s.current_player() == 1 - seat for s, _ in found)
    game = state.game
    w = likelihood(state, seat, lambda s: make_bot("heuristic", game, s, 0), 3, 0.5)
    assert w in (1.0, 0.5, 0.25, 0.125)


@pytest.mark.parametrize("name", available_games())
def test_inferring_ismcts_picks_a_legal_action_in_every_game(name: str) -> None:
    game = load_game(name)
    for state in _states_along(game, 8, 2):
        seat = state.current_player()
        bot = make_bot("ismcts-infer", game, seat, 3)
        bot.iterations, bot.pool_size, bot.inference_tries = 8, 3, 2  # type: ignore[attr-defined]  # an ISMCTS bot made by name
        assert decide(bot, state) in state.legal_actions()


def test_a_game_without_interim_returns_rolls_out_to_the_end() -> None:
    state = _contest_midgame()
    assert state.interim_returns() is None  # the engine's default
    bot = ISMCTSBot(state.game, state.current_player(), 1, rollout_limit=0)
    det = state.clone()
    bot._rollout(det, random.Random(3))
    assert det.is_terminal()


@pytest.mark.parametrize(("name", "players"), [("chai-tea-jazz", 3), ("chez", 4), ("chez-geek", 4)])
def test_a_cut_rollout_stops_after_the_limit_in_games_with_interim_returns(
    name: str, players: int
) -> None:
    state = load_game(name, players=players).new_initial_state(seed=5)
    rng = random.Random(5)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()))
    bot = ISMCTSBot(state.game, 0, 1, rollout_limit=25)
    det = state.clone()
    bot._rollout(det, random.Random(3))
    assert det.move_number() == state.move_number() + 25
    assert len(rank_utilities(det)) == players


def test_a_widened_node_tries_only_its_first_actions_growing_with_visits() -> None:
    from cardtable.bots.ismcts import WIDEN_BASE, Node

    actions = [object() for _ in range(40)]
    node = Node(0, actions)  # type: ignore[arg-type]
    node.widen(list(actions))  # type: ignore[arg-type]
    rng = random.Random(0)
    tried = set()
    for visit in range(1, 26):
        a = node.select(actions, 0.7, rng)  # type: ignore[arg-type]
        node.visits[a] += 1
        node.total[a] += 0.5
        tried.add(id(a))
        assert len(tried) <= WIDEN_BASE + int(visit**0.5)
    assert {id(a) for a in actions[: WIDEN_BASE + 5]} == tried  # only the first, in order


def test_nodes_are_keyed_by_seat_and_a_hash_of_its_observation_history() -> None:
    state = _contest_midgame()
    seat = state.current_player()
    bot = ISMCTSBot(load_game("contest"), seat, seed=3, iterations=60)
    trees: list[dict] = []
    real = bot._iterate

    def spy(root, tree, det, rng):  # type: ignore[no-untyped-def]
        trees.append(tree)
        return real(root, tree, det, rng)

    bot._iterate = spy  # type: ignore[method-assign]
    decide(bot, state, seat)
    keys = list(trees[-1])
    assert keys and all(isinstance(p, int) and isinstance(h, int) for p, h in keys)
