"""Under: no trump; the lowest card of the led suit wins."""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.cards import LOW
from cardtable.games.chai_tea_jazz.rules.contract import Contract


def directions(tricks: int, high: bool | None) -> tuple[int, ...]:
    return (LOW,) * tricks


RULE: Contract = Contract(
    name="under",
    title="Under",
    trump=False,
    directed=False,
    directions=directions,
)
