"""Trump Pyramid: a trump suit, with Pyramid's order inside every suit (see ``pyramid``)."""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.rules import pyramid
from cardtable.games.chai_tea_jazz.rules.contract import Contract


def directions(tricks: int, high: bool | None) -> tuple[int, ...]:
    return pyramid.directions(tricks, high)


RULE: Contract = Contract(
    name="trump-pyramid",
    title="Trump Pyramid",
    trump=True,
    directed=True,
    directions=directions,
)
