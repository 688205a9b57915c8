"""Every registered game: ISMCTS determinizations keep the seat's observation exactly.

The game list comes from the registry, so a game registered later is covered
without touching this file. States are taken along seeded random games at
every player count the game allows, and each seat's information set is
sampled several times at each of them.
"""

from __future__ import annotations

import json
import random

import pytest

from cardtable.bots.infoset import InformationSet, decide
from cardtable.bots.ismcts import ISMCTSBot, Node
from cardtable.engine.game import Game, State
from cardtable.engine.registry import available_games, game_info, load_game

GAMES_PER_COUNT = 5
STATES_PER_GAME = 12
SAMPLES = 3
MAX_SEATS = 4


def _cases() -> list[tuple[str, int]]:
    return [(name, n) for name in available_games() for n in game_info(name).player_counts()]


def _states_along(game: Game, seed: int, count: int) -> list[State]:
    """Decision states spread over one seeded random game."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    decisions: list[State] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        decisions.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    if len(decisions) <= count:
        return decisions
    return [decisions[i] for i in sorted(rng.sample(range(len(decisions)), count))]


def _views(state: State) -> list[str]:
    return [json.dumps(state.observation(s), sort_keys=True) for s in range(state.game.num_players)]


@pytest.mark.parametrize(("name", "players"), _cases())
def test_determinizations_preserve_the_seats_observation(name: str, players: int) -> None:
    game = load_game(name, players=players)
    rng = random.Random(7)
    hidden_changed = 0
    checked = 0
    # the default table in depth; other player counts lighter, so big tables stay quick
    default = players == game_info(name).default_players
    games = GAMES_PER_COUNT if default else 2
    for seed in range(games):
        for state in _states_along(game, 1000 + seed, STATES_PER_GAME if default else 6):
            before = _views(state)
            history = [str(a) for a in state.history()]
            seats = list(range(players))
            if players > MAX_SEATS:  # the seat to act, and others at random
                to_act = state.current_player()
                others = [s for s in seats if s != to_act]
                seats = [to_act, *rng.sample(others, MAX_SEATS - 1)]
            for seat in seats:
                info = InformationSet(state, seat)
                expected = state.observation(seat)
                for _ in range(SAMPLES):
                    det = info.sample_determinization(rng)
                    assert det is not state
                    assert det.observation(seat) == expected, (name, seed, state.where(), seat)
                    assert det.current_player() == state.current_player()
                    if state.current_player() == seat:
                        assert [str(a) for a in det.legal_actions()] == [
                            str(a) for a in state.legal_actions()
                        ]
                        assert info.legal_actions() == state.legal_actions()
                    hidden_changed += any(
                        det.observation(s) != state.observation(s)
                        for s in range(players)
                        if s != seat
                    )
                    checked += 1
                    # playing on in a determinization never touches the real game
                    for _ in range(3):
                        if det.is_terminal():
                            break
                        det.apply_action(rng.choice(det.legal_actions()))
            assert _views(state) == before
            assert [str(a) for a in state.history()] == history
    assert checked
    assert hidden_changed, f"{name}: no determinization ever re-dealt a hidden card"


@pytest.mark.parametrize("name", available_games())
def test_ismcts_picks_a_legal_action_without_touching_the_state(name: str) -> None:
    game = load_game(name)
    for state in _states_along(game, 5, 3):
        seat = state.current_player()
        assert isinstance(seat, int)
        before = _views(state)
        bot = ISMCTSBot(game, seat, seed=1, iterations=30)
        action = decide(bot, state)
        assert action in state.legal_actions()
        assert _views(state) == before


def test_determinization_rng_is_not_the_true_states() -> None:
    """Future chance in a search must not be the real future chance."""
    game = load_game(available_games()[0])
    state = _states_along(game, 3, 1)[0]
    seat = state.current_player()
    assert isinstance(seat, int)
    det = InformationSet(state, seat).sample_determinization(random.Random(0))
    assert det.rng.getstate() != state.rng.getstate()


def test_ismcts_refuses_to_act_without_its_information_set() -> None:
    game = load_game("contest")
    state = game.new_initial_state(seed=0)
    state.resolve_chance()
    bot = ISMCTSBot(game, 0, seed=0, iterations=10)
    with pytest.raises(ValueError, match="information set"):
        bot.act(state.observation(0), state.legal_actions())


def test_ismcts_is_reproducible_for_a_seed() -> None:
    game = load_game("contest")
    state = game.new_initial_state(seed=4)
    state.resolve_chance()
    picks = {str(decide(ISMCTSBot(game, 0, seed=9, iterations=200), state)) for _ in range(2)}
    assert len(picks) == 1


def test_a_widened_node_lets_in_only_actions_legal_in_the_determinization_at_hand() -> None:
    """A node's widening order comes from the determinization that made it; another that
    reaches the same node may allow less (in Chez, which cards of a hand are its original
    ones). The search must never try an action that determinization refuses: it did, and a
    Chez expert-vs-hard game stopped on ``give 6D``."""
    made_with = [f"a{i}" for i in range(20)]
    node: Node[str] = Node(0, made_with)
    node.widen(list(made_with))
    rng = random.Random(4)
    legal_here = made_with[2:]  # the first two of the order are not legal here
    for _ in range(200):
        action = node.select(legal_here, 0.7, rng)
        assert action in legal_here
        node.visits[action] = node.visits.get(action, 0) + 1
        node.total[action] = node.total.get(action, 0.0) + rng.random()
    # where every action of the order is legal, the order is followed as before
    fresh: Node[str] = Node(0, made_with)
    fresh.widen(list(made_with))
    picked = {fresh.select(made_with, 0.7, rng) for _ in range(3)}
    assert picked <= set(made_with[:3])  # 2 + sqrt(visits so far) actions let in
