"""Match play: every game of a match starts as the rulebook says, whatever ended the last.

The rulebook: Jobs are dealt face up and five Life cards to each player; the
winner of a game picks their Job for the next before everybody else draws
theirs. A game may end on the Slack Goal or, in this engine, on the turn limit.
"""

from __future__ import annotations

import random

import pytest

from cardtable.engine.registry import load_game
from cardtable.games.chez_geek.flow import START_HAND
from cardtable.games.chez_geek.state import ChezGeekState


def random_step(st: ChezGeekState, rng: random.Random) -> None:
    """One move: a chance outcome by its probability, or a uniformly random legal action."""
    if st.is_chance_node():
        outcomes = st.chance_outcomes()
        action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    else:
        action = rng.choice(st.legal_actions())
    st.apply_action(action)


def game_starts(st: ChezGeekState, rng: random.Random) -> list[dict]:
    """Play the match out; at the first turn of each game, what the table looked like."""
    starts = []
    game_no = -1
    while not st.is_terminal():
        random_step(st, rng)
        if st.game_no != game_no and st.phase >= 2 and not st.over:  # past the first Draw
            game_no = st.game_no
            starts.append(
                {
                    "game": game_no,
                    "jobs": list(st.job_of),
                    "hands": [len(h) for h in st.hands],
                    "turn": st.turn,
                    "first": st.first,
                }
            )
    return starts


def test_a_match_after_a_turn_limit_win_deals_the_next_game() -> None:
    game = load_game("chez-geek", players=2, games=2, turn_limit=1)
    st = game.new_initial_state(seed=0)
    assert isinstance(st, ChezGeekState)
    rng = random.Random(0)
    while st.game_no == 0:
        random_step(st, rng)
    assert st.public_log()[-1].endswith("when the turn limit is reached.")
    winner = st.last_winner
    # the next game waits for its winner's Job pick: nothing of it is played yet
    assert st.current_player() == winner
    assert st.observation(winner)["prompt"] == {"step": "pick-job", "seat": winner}
    assert st.job_of == [-1, -1]
    assert st.hands == [[], []]
    run_to_first_turn = st.clone()
    run_to_first_turn.apply_action(run_to_first_turn.legal_actions()[0])
    while run_to_first_turn.phase < 2:
        random_step(run_to_first_turn, rng)
    assert all(j >= 0 for j in run_to_first_turn.job_of)
    hands = [len(h) for h in run_to_first_turn.hands]
    first = run_to_first_turn.first
    assert first == 1
    assert hands[1 - first] == START_HAND and hands[first] >= START_HAND


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("turn_limit", [1, 2])
def test_every_game_of_a_match_starts_with_jobs_dealt_and_hands_drawn(
    players: int, turn_limit: int
) -> None:
    """Conformance: random matches whose games end on the limit or the goal, all dealt."""
    game = load_game("chez-geek", players=players, games=3, turn_limit=turn_limit)
    for seed in range(3):
        st = game.new_initial_state(seed=seed)
        assert isinstance(st, ChezGeekState)
        starts = game_starts(st, random.Random(seed))
        assert [s["game"] for s in starts] == [0, 1, 2]
        for start in starts:
            assert all(j >= 0 for j in start["jobs"]), start
            assert len(set(start["jobs"])) == players, start
            assert start["turn"] == start["first"] == start["game"] % players, start
            for seat, size in enumerate(start["hands"]):
                if seat != start["first"]:
                    assert size == START_HAND, start
                else:
                    assert size >= START_HAND, start  # drawn up to the Job's hand size
