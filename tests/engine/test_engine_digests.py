"""The information digest a search keys its tree on: the seat's observation, nothing more or less.

Contest, Chez and Chez Geek give the observation's values as one tuple (a
piece's number for its letter, a card's kind or type for its name, a Job's
number, enum members for labels), so a search keys exactly the nodes it keyed
on the observation. Checked both ways, over random games and re-deals of what
a seat cannot see: equal digests show equal observations, and equal
observations give equal digests. (Chai Tea Jazz's digest, which is not its
observation's values, has its own tests in tests/chai_tea_jazz.)
"""

from __future__ import annotations

import json
import random
from typing import NamedTuple

import pytest

from cardtable.engine.registry import load_game
from cardtable.games.chez.cards import NAME, RANK_NAMES
from cardtable.games.contest.phases import PHASE_NAMES
from cardtable.games.contest.pieces import LETTER
from tests.digests import decisions


class Case(NamedTuple):
    game: str
    players: int
    games: int
    seed: int
    stride: int  # every stride-th decision is checked
    checked: int  # at least this many digests compared
    distinct: int  # at least this many different digests among them


CASES = [
    Case("contest", 2, 12, 700, 2, 300, 100),
    *(Case("chez", p, 2, 500, 4, 500, 200) for p in (2, 4, 8)),
    *(Case("chez-geek", p, 2, 300, 4, 500, 200) for p in (3, 4, 5)),
]


def test_names_stand_for_one_value_each() -> None:
    """A digest writes a value where the view writes its name: names must be one-to-one."""
    for names in (NAME, RANK_NAMES, LETTER, PHASE_NAMES):
        assert len(set(names)) == len(names)
    deck = load_game("chez-geek", players=4).deck_def  # type: ignore[attr-defined]
    for slugs in ([c.slug for c in deck.cards], [j.slug for j in deck.jobs]):
        assert len(set(slugs)) == len(slugs)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.game}-{c.players}")
def test_equal_digests_exactly_when_equal_observations(case: Case) -> None:
    by_digest: dict[object, str] = {}
    by_view: dict[str, object] = {}
    rng = random.Random(case.players)
    checked = 0
    game = load_game(case.game, players=case.players)
    for i, state in enumerate(decisions(game, case.games, case.seed)):
        if i % case.stride:
            continue
        knower = rng.randrange(case.players)
        for det in [state, *(state.resample(knower, rng) for _ in range(2))]:
            for seat in range(case.players):
                digest = det.information_digest(seat)
                seen = json.dumps(det.observation(seat))
                assert by_digest.setdefault(digest, seen) == seen, (i, seat)
                assert by_view.setdefault(seen, digest) == digest, (i, seat)
                checked += 1
    assert checked > case.checked and len(by_digest) > case.distinct


@pytest.mark.parametrize(("name", "players"), [("contest", 2), ("chez", 4), ("chez-geek", 4)])
def test_a_redeal_keeps_the_digest_of_the_seat_it_was_made_for(name: str, players: int) -> None:
    rng = random.Random(4)
    game = load_game(name, players=players)
    for i, state in enumerate(decisions(game, 3, 900)):
        if i % 3:
            continue
        seat = rng.randrange(players)
        det = state.resample(seat, rng)
        assert det.information_digest(seat) == state.information_digest(seat)
