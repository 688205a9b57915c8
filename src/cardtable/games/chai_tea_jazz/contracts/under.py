"""Under: no trump; the lowest card of the led suit wins."""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.cards import LOW

NAME = "under"
TITLE = "Under"
TRUMP = False
DIRECTED = False


def directions(tricks: int, high: bool | None) -> tuple[int, ...]:
    return (LOW,) * tricks
