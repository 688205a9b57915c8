"""Over: no trump; the highest card of the led suit wins."""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.cards import HIGH
from cardtable.games.chai_tea_jazz.rules.contract import Contract


def directions(tricks: int, high: bool | None) -> tuple[int, ...]:
    return (HIGH,) * tricks


RULE: Contract = Contract(
    name="over",
    title="Over",
    trump=False,
    directed=False,
    directions=directions,
)
