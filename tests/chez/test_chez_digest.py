"""The information digest a search keys its tree on: the seat's observation, nothing more or less.

Chez's digest holds the observation's values as a tuple (a card's kind for
its name, a rank for its rank's name, a step's word or an enum member for a
label), so a search keys exactly the nodes it keyed on the observation. Checked both ways, over
random games and re-deals of what a seat cannot see: equal digests show equal
observations, and equal observations give equal digests.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from cardtable.engine.game import State
from cardtable.engine.registry import load_game
from cardtable.games.chez.cards import NAME, RANK_NAMES


def _decisions(players: int, games: int) -> Iterator[State]:
    game = load_game("chez", players=players)
    for g in range(games):
        state = game.new_initial_state(seed=500 + g)
        rng = random.Random(g)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            yield state
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])


def test_names_stand_for_one_value_each() -> None:
    """The digest writes a kind or a rank where the view writes its name."""
    assert len(set(NAME)) == len(NAME) and len(set(RANK_NAMES)) == len(RANK_NAMES)


@pytest.mark.parametrize("players", [2, 4, 8])
def test_equal_digests_exactly_when_equal_observations(players: int) -> None:
    by_digest: dict[object, str] = {}
    by_view: dict[str, object] = {}
    rng = random.Random(players)
    checked = 0
    for i, state in enumerate(_decisions(players, 2)):
        if i % 4:
            continue
        knower = rng.randrange(players)
        for det in [state, *(state.resample(knower, rng) for _ in range(2))]:
            for seat in range(players):
                digest = det.information_digest(seat)
                seen = json.dumps(det.observation(seat))
                assert by_digest.setdefault(digest, seen) == seen, (i, seat)
                assert by_view.setdefault(seen, digest) == digest, (i, seat)
                checked += 1
    assert checked > 500 and len(by_digest) > 200


def test_a_redeal_keeps_the_digest_of_the_seat_it_was_made_for() -> None:
    rng = random.Random(4)
    for i, state in enumerate(_decisions(4, 1)):
        if i % 3:
            continue
        seat = rng.randrange(4)
        det = state.resample(seat, rng)
        assert det.information_digest(seat) == state.information_digest(seat)
