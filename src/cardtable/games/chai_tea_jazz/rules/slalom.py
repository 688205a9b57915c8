"""Slalom: no trump; Over and Under alternate trick by trick, starting as the declarer chose."""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.cards import HIGH, LOW
from cardtable.games.chai_tea_jazz.rules.contract import Contract


def directions(tricks: int, high: bool | None) -> tuple[int, ...]:
    first, other = (HIGH, LOW) if high else (LOW, HIGH)
    return tuple(first if i % 2 == 0 else other for i in range(tricks))


RULE: Contract = Contract(
    name="slalom",
    title="Slalom",
    trump=False,
    directed=True,
    directions=directions,
)
