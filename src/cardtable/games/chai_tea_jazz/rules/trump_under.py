"""Trump Under: a trump suit, with Under's order inside every suit (see ``under``)."""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.rules import under
from cardtable.games.chai_tea_jazz.rules.contract import Contract


def directions(tricks: int, high: bool | None) -> tuple[int, ...]:
    return under.directions(tricks, high)


RULE: Contract = Contract(
    name="trump-under",
    title="Trump Under",
    trump=True,
    directed=False,
    directions=directions,
)
