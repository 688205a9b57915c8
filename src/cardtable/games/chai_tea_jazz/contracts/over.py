"""Over: no trump; the highest card of the led suit wins."""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.cards import HIGH

NAME = "over"
TITLE = "Over"
TRUMP = False
DIRECTED = False


def directions(tricks: int, high: bool | None) -> tuple[int, ...]:
    return (HIGH,) * tricks
