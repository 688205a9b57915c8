"""Trump Under: a trump suit, with Under's order inside every suit (see ``under``)."""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.contracts import under

NAME = "trump-under"
TITLE = "Trump Under"
TRUMP = True
DIRECTED = False


def directions(tricks: int, high: bool | None) -> tuple[int, ...]:
    return under.directions(tricks, high)
