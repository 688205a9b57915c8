"""Middle: no trump; the card nearest the centre wins (5 4 6 3 7 2 8 1 9; 1-13: nearest 7).

Of two cards equally near the centre the lower is stronger (``cards.strength_table``).
"""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.cards import MIDDLE
from cardtable.games.chai_tea_jazz.rules.contract import Contract


def directions(tricks: int, high: bool | None) -> tuple[int, ...]:
    return (MIDDLE,) * tricks


RULE: Contract = Contract(
    name="middle",
    title="Middle",
    trump=False,
    directed=False,
    directions=directions,
)
