"""The double-dummy solver against brute force on small endings, and the PIMC bot.

The oracle is a plain minimax over the engine's own states (``clone`` and
``apply_action``), so it shares no code with the solver: the rules of legal
plays, trick winners, points and the last-trick bonus come from the game.
"""

from __future__ import annotations

import random

import pytest

from cardtable.bots.infoset import InformationSet, decide
from cardtable.bots.registry import make_bot
from cardtable.engine.game import Marker
from cardtable.games.chai_tea_jazz.ai.pimc import PIMCBot
from cardtable.games.chai_tea_jazz.ai.solver import (
    Position,
    Solver,
    UnsolvableRound,
    round_score,
    solvable,
    solve,
)
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.games.chai_tea_jazz.state import ChaiTeaJazzState
from tests.chai_tea_jazz.ctj_helpers import do, state_with


def brute_force(state: ChaiTeaJazzState, round_index: int) -> int:
    """Declaring side's captured points plus last-trick bonus for the round, by minimax."""
    if len(state.summaries) > round_index:
        summary = state.summaries[round_index]
        return int(summary["captured"] + summary["last_trick"])
    game = state.game
    seat = state.current_player()
    assert isinstance(seat, int)
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        values.append(brute_force(child, round_index))
    declaring = game.side_of[seat] == game.side_of[state.declarer]
    return max(values) if declaring else min(values)


def ending(game: ChaiTeaJazzGame, seed: int, tricks_left: int) -> ChaiTeaJazzState:
    """A seeded round picked by heuristic bots, played at random to a point in the last tricks."""
    state = game.new_initial_state(seed=seed)
    bots = [make_bot("heuristic", game, s, seed) for s in range(game.num_players)]
    rng = random.Random(seed)
    while True:
        if state.current_player() is Marker.CHANCE:
            state.apply_action(state.sample_chance())
            continue
        if solvable(state) and game.tricks - state.trick_no <= tricks_left and rng.random() < 0.5:
            return state
        seat = state.current_player()
        assert isinstance(seat, int)
        if solvable(state):
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(decide(bots[seat], state, seat))


def captured(state: ChaiTeaJazzState) -> int:
    game = state.game
    return sum(state.points[m] for m in game.members[game.side_of[state.declarer]])


@pytest.mark.parametrize(
    ("players", "setup"),
    [(3, "standard"), (3, "long"), (4, "standard")],
)
def test_solver_equals_brute_force_on_three_trick_endings(players: int, setup: str) -> None:
    game = ChaiTeaJazzGame(players, setup=setup)
    contracts = set()
    for seed in range(30):
        state = ending(game, seed, 3)
        assert state.pick is not None
        contracts.add(state.pick.play.rule)
        k = len(state.summaries)
        value, _ = solve(state)
        assert captured(state) + value == brute_force(state, k), (seed, state.pick.play)
        pos = Position.from_state(state)
        values = Solver.for_position(pos).move_values(pos)
        assert {a.card for a in state.legal_actions()} == set(values)  # type: ignore[attr-defined]
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            assert captured(state) + values[action.card] == brute_force(child, k)  # type: ignore[attr-defined]
    assert len(contracts) >= 2  # the endings cover several orderings


def test_solver_values_an_explicit_ending_where_the_declarer_takes_every_trick() -> None:
    # Under (lowest wins), P0 declares and leads with three tricks left; P0 holds the
    # two strongest Clubs and the 1 of Hearts, so it takes every trick: all 3-trick points
    # in play plus the 10 of the last trick.
    state = state_with(
        3,
        [
            ["1C", "2C", "1H", "1D", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D"],
            ["3C", "4C", "2H", "1S", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"],
            ["5C", "6C", "3H", "7C", "8C", "9C", "4H", "5H", "6H", "7H", "8H", "9H"],
        ],
    )
    do(state, "pick under", "pass", "pass")
    for lead, a, b in (
        ("1D", "1S", "7C"), ("2D", "2S", "8C"), ("3D", "3S", "9C"), ("4D", "4S", "4H"),
        ("5D", "5S", "5H"), ("6D", "6S", "6H"), ("7D", "7S", "7H"), ("8D", "8S", "8H"),
        ("9D", "9S", "9H"),
    ):  # fmt: skip
        do(state, lead, a, b)
    assert state.trick_no == 9 and state.hands[0] == [0x01, 0x02, 0x21]
    value, _ = solve(state)
    # P0 takes the last three tricks whatever the others do: 1C 3C 5C, 1H 3H and the
    # even cards hold 1+3+5 + 1+3 = 13 points, plus 10 for the last trick
    assert value == 23
    assert round_score(state, value) == captured(state) + 23


def test_solver_refuses_positions_it_cannot_search() -> None:
    game = ChaiTeaJazzGame(3)
    state = game.new_initial_state(seed=1)
    with pytest.raises(UnsolvableRound, match="no trick position"):
        Position.from_state(state)
    two = ChaiTeaJazzGame(2)
    assert not solvable(two.new_initial_state(seed=1))


def test_depth_limited_search_stays_within_the_points_in_play() -> None:
    game = ChaiTeaJazzGame(3)
    state = ending(game, 4, 12)
    pos = Position.from_state(state)
    upper = (
        sum((c & 15) for h in state.hands for c in h if (c & 15) % 2)
        + sum((c & 15) for c in state.trick_cards if (c & 15) % 2)
        + game.last_bonus
    )
    values = Solver.for_position(pos, depth=1).move_values(pos)
    assert values and all(0 <= v <= upper for v in values.values())


def test_pimc_bot_plays_legal_cards_and_sees_only_its_information() -> None:
    game = ChaiTeaJazzGame(3)
    state = ending(game, 7, 4)
    seat = state.current_player()
    assert isinstance(seat, int)
    bot = make_bot("pimc", game, seat, seed=3)
    assert isinstance(bot, PIMCBot)
    action = decide(bot, state, seat)
    assert action in state.legal_actions()
    # the same information with other hidden cards gives the same choice: the bot never
    # reads the true deal (it is handed an information set, not the state)
    other = state.resample(seat, random.Random(9))
    again = make_bot("pimc", game, seat, seed=3)
    assert (
        again.act_with(InformationSet(other, seat), other.observation(seat), other.legal_actions())
        == action
    )  # type: ignore[attr-defined]


def test_pimc_bot_finishes_a_game_against_heuristic_bots() -> None:
    game = ChaiTeaJazzGame(3, setup=[{"name": "Under", "contract": "under", "value": 2}])
    bots = [
        PIMCBot(game, 0, 1, samples=2),
        make_bot("heuristic", game, 1, 2),
        make_bot("heuristic", game, 2, 3),
    ]
    state = game.new_initial_state(seed=11)
    while not state.is_terminal():
        if state.current_player() is Marker.CHANCE:
            state.apply_action(state.sample_chance())
            continue
        seat = state.current_player()
        assert isinstance(seat, int)
        state.apply_action(decide(bots[seat], state, seat))
    assert state.places() is not None
