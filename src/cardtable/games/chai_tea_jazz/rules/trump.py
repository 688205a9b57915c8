"""Trump: the declarer names a trump suit; high cards are strongest in every suit."""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.cards import HIGH, SUITS
from cardtable.games.chai_tea_jazz.rules.contract import Contract


def directions(tricks: int, high: bool | None) -> tuple[int, ...]:
    return (HIGH,) * tricks


RULE: Contract = Contract(
    name="trump",
    title="Trump",
    trump=True,
    directed=False,
    directions=directions,
    # rows may offer only some trump suits: the two black, the two red, or one
    narrowed=(
        ("trump-black", (0, 3)),
        ("trump-red", (1, 2)),
        *((f"trump-{SUITS[s].lower()}", (s,)) for s in range(4)),
    ),
)
