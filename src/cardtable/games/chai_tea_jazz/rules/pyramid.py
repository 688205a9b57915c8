"""Pyramid: no trump; the first half of the tricks (rounded up) one way, the rest the other."""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.cards import HIGH, LOW
from cardtable.games.chai_tea_jazz.rules.contract import Contract


def directions(tricks: int, high: bool | None) -> tuple[int, ...]:
    first, other = (HIGH, LOW) if high else (LOW, HIGH)
    half = (tricks + 1) // 2
    return (first,) * half + (other,) * (tricks - half)


RULE: Contract = Contract(
    name="pyramid",
    title="Pyramid",
    trump=False,
    directed=True,
    directions=directions,
)
