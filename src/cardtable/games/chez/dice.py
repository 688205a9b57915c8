"""The Dice Law: which dice a card rolls when copies are played together."""

from __future__ import annotations

from typing import Final

LADDER = (4, 6, 8, 10, 12, 20)
# each special's usual die
SIX_DIE: Final = 6
JACK_DIE: Final = 4
JOKER_DIE: Final = 10


def upgraded(base: int, steps: int) -> tuple[int, ...]:
    """``base`` stepped up ``steps`` times along the ladder.

    Past the d20 the die becomes d20 plus the usual die; further steps step
    up the smaller die (the last one), repeating the rule when it passes the
    d20 again. ``upgraded(10, 3) == (20, 10)`` (four Jokers).
    """
    dice = [base]
    for _ in range(steps):
        last = dice[-1]
        if last == 20:
            dice.append(base)
        else:
            dice[-1] = LADDER[LADDER.index(last) + 1]
    return tuple(dice)


def total(results: list[int]) -> int:
    """The dice's sum, as a loop: compiled, ``sum()`` on a list is the builtin looked
    up by name and called generically, after every roll."""
    out = 0
    for value in results:
        out += value
    return out
