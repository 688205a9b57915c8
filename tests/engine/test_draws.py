"""``engine.draws`` makes the draws ``random.Random``'s own methods make.

Seeded searches and re-deals must choose the same whether or not the module
runs compiled, and the same as the standard methods they stand in for; each
check also compares the generator afterwards, so a draw too many or too few
fails.
"""

from __future__ import annotations

import random

import pytest

from cardtable.engine.draws import below, pair, shuffle, weighted


@pytest.mark.parametrize("n", [1, 2, 3, 7, 21, 22, 40, 1000])
def test_below_is_randrange(n: int) -> None:
    a, b = random.Random(n), random.Random(n)
    assert [a.randrange(n) for _ in range(200)] == [below(b, n) for _ in range(200)]
    assert a.random() == b.random()


def test_shuffle_is_random_shuffle() -> None:
    for n in range(40):
        ours, theirs = list(range(n)), list(range(n))
        a, b = random.Random(n), random.Random(n)
        a.shuffle(theirs)
        shuffle(b, ours)
        assert ours == theirs and a.random() == b.random()


@pytest.mark.parametrize("n", [2, 3, 20, 21, 22, 23, 60])
def test_pair_is_sample_of_two(n: int) -> None:
    # both of sample's methods: a shrinking pool up to 21 items, redraws beyond
    items = [f"card{i}" for i in range(n)]
    a, b = random.Random(n), random.Random(n)
    assert [tuple(a.sample(items, 2)) for _ in range(300)] == [pair(b, items) for _ in range(300)]
    assert a.random() == b.random()


@pytest.mark.parametrize(
    "weights", [[1], [3, 1], [0, 2, 0, 5], [4, 0, 0], [1, 1, 1, 1, 1, 1], [0, 0, 7]]
)
def test_weighted_is_choices(weights: list[int]) -> None:
    a, b = random.Random(len(weights)), random.Random(len(weights))
    indices = range(len(weights))
    theirs = [a.choices(indices, weights)[0] for _ in range(500)]
    ours = [weighted(b, weights) for _ in range(500)]
    assert ours == theirs
    assert all(weights[i] > 0 for i in ours)
    assert a.random() == b.random()


def test_below_nothing_is_an_error_not_an_endless_draw() -> None:
    # randrange(0) raises; the written-out draw would otherwise redraw 0 bits for ever
    with pytest.raises(ValueError, match="nothing to draw from"):
        below(random.Random(1), 0)
