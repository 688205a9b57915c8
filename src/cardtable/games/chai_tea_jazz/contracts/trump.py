"""Trump: the declarer names a trump suit; high cards are strongest in every suit."""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.cards import HIGH

NAME = "trump"
TITLE = "Trump"
TRUMP = True
DIRECTED = False


def directions(tricks: int, high: bool | None) -> tuple[int, ...]:
    return (HIGH,) * tricks
