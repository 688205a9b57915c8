"""Trump Slalom: a trump suit, with Slalom's order inside every suit (see ``slalom``)."""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.rules import slalom
from cardtable.games.chai_tea_jazz.rules.contract import Contract


def directions(tricks: int, high: bool | None) -> tuple[int, ...]:
    return slalom.directions(tricks, high)


RULE: Contract = Contract(
    name="trump-slalom",
    title="Trump Slalom",
    trump=True,
    directed=True,
    directions=directions,
)
