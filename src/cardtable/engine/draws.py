"""Random draws as ``random.Random``'s own methods make them, compiled.

Why: a search re-deals hidden cards at every iteration, and ``randrange``,
``shuffle``, ``sample`` and ``choices`` spend most of their time in their
interpreted argument checks. These make the same draws from the generator in
the same order, so a seeded search or re-deal chooses exactly what the
standard methods would have chosen, only faster.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n > 0``.

    ``randrange(n)`` checks its argument and calls ``_randbelow(n)``, which draws
    ``n.bit_length()`` bits until the value is below ``n``; this is that loop.
    """
    if n <= 0:
        # the draw below would loop for ever on 0 (``randrange`` raises)
        raise ValueError(f"a draw below {n}: nothing to draw from")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``: the same Fisher-Yates swaps from the same draws.

    ``below``'s loop written out with the generator's ``getrandbits`` looked up
    once: compiled, ``rng.getrandbits(k)`` finds the method by name on the
    instance and then its class at every call, a third of a draw's cost.
    """
    bits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]


def pair(rng: random.Random, items: Sequence[T]) -> tuple[T, T]:
    """``tuple(rng.sample(items, 2))`` for at least two items, by either of its methods."""
    n = len(items)
    if n <= 21:  # ``sample`` draws two of at most 21 from a shrinking pool
        first = below(rng, n)
        second = below(rng, n - 1)
        return items[first], items[n - 1] if second == first else items[second]
    i = below(rng, n)  # ... and of more, by redrawing a repeat
    j = below(rng, n)
    while j == i:
        j = below(rng, n)
    return items[i], items[j]


def weighted(rng: random.Random, weights: Sequence[int]) -> int:
    """The index ``rng.choices(range(len(weights)), weights)[0]`` picks (positive total)."""
    total = 0
    for w in weights:
        total += w
    x = rng.random() * total
    acc = 0
    last = 0
    for i, w in enumerate(weights):
        acc += w
        if x < acc:
            return i
        if w:
            last = i
    return last
