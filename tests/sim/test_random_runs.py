"""A game's own rollout loop (``State.random_run``) plays what the search's loop would.

The search's random rollout applies one action at a time: at a decision the
legal action at ``getrandbits(k)`` (drawn again while not below the list's
length), at a chance node the state's own ``sample_chance``. A game that plays
stretches of it in one loop must leave everything as that loop would: the same
actions in the history, the same generators' states, the same position. Each
case here starts from a re-deal at a position along a seeded random game (as
the search starts its rollouts), plays on to the end (or to a budget of
actions) both ways, and compares the two.
"""

from __future__ import annotations

import random

import pytest

from cardtable.engine.game import Marker, State
from cardtable.engine.registry import available_games, load_game

# player counts per game: every count Chai Tea Jazz plays (its decks differ: two players
# have the straw, six a double deck with twins), the default elsewhere
COUNTS = [("chai-tea-jazz", n) for n in (2, 3, 4, 6)] + [
    (name, None) for name in available_games() if name != "chai-tea-jazz"
]


def step_by_step(state: State, rng: random.Random, budget: int) -> int:
    """The search's random rollout without the game's loop: one action at a time."""
    played = 0
    while played < budget:
        player = state.current_player()
        if player is Marker.TERMINAL:
            break
        if player is Marker.CHANCE:
            state.apply_action(state.sample_chance())
        else:
            legal = state.legal_actions()
            # the search draws as ``randrange`` does (bits of the list length's bit length
            # until below it), and Python's own stands in for it here
            state.apply_action(legal[rng.randrange(len(legal))])
        played += 1
    return played


def with_runs(state: State, rng: random.Random, budget: int) -> tuple[int, int]:
    """The same rollout with the game's loop wherever it takes over; (actions, by the loop)."""
    bits = rng.getrandbits
    played = by_run = 0
    while played < budget:
        if state.current_player() is Marker.TERMINAL:
            break
        ran = state.random_run(bits, budget - played)
        assert 0 <= ran <= budget - played
        if ran:
            played += ran
            by_run += ran
            continue
        played += step_by_step(state, rng, 1)
    return played, by_run


def starts(name: str, players: int | None, seed: int, count: int) -> list[State]:
    """Re-deals for the seat to act at positions along a seeded random game."""
    game = load_game(name, players)
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    found: list[State] = []
    while not state.is_terminal() and len(found) < count:
        player = state.current_player()
        if isinstance(player, int) and rng.random() < 0.15:
            found.append(state.resample(player, random.Random(rng.getrandbits(32))))
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize(("name", "players"), COUNTS)
def test_a_games_own_rollout_loop_plays_the_searchs_rollout(name: str, players: int | None) -> None:
    by_loop = 0
    cases = 0
    draws = random.Random(7)
    for seed in range(3):
        for start in starts(name, players, seed, 6):
            for budget in (7, 80, 1 << 30):
                a, b = start.clone(), start.clone()
                key = draws.getrandbits(32)
                rng_a, rng_b = random.Random(key), random.Random(key)
                played_a = step_by_step(a, rng_a, budget)
                played_b, ran = with_runs(b, rng_b, budget)
                by_loop += ran
                cases += 1
                assert played_b == played_a
                assert [str(x) for x in b.history()] == [str(x) for x in a.history()]
                assert rng_b.getstate() == rng_a.getstate()
                assert b.rng.getstate() == a.rng.getstate()
                assert b.current_player() == a.current_player()
                assert b.returns() == a.returns()
                assert b.interim_returns() == a.interim_returns()
                for seat in range(a.game.num_players):
                    assert b.observation(seat) == a.observation(seat)
                    assert b.information_digest(seat) == a.information_digest(seat)
    assert cases > 20
    # a game whose loop plays says so, so the search asks it (and only it)
    assert (by_loop > 0) == type(start).plays_random_runs
    if name == "chai-tea-jazz":
        # the game's loop took over for most of the actions, not a few
        assert by_loop > 100 * cases


def test_a_run_that_reaches_a_decision_with_nothing_legal_says_so() -> None:
    # the draw of a legal action would loop for ever on an empty list; a state broken
    # that way (a hand emptied mid-trick) stops the run with an error that names it
    state = next(
        s
        for s in starts("chai-tea-jazz", 3, 0, 12)
        if s.phase.label == "play"  # type: ignore[attr-defined]
    )
    state.hands[state.current_player()] = []  # type: ignore[attr-defined,index]
    with pytest.raises(RuntimeError, match="no legal action .phase play"):
        state.random_run(random.Random(1).getrandbits, 1 << 30)
