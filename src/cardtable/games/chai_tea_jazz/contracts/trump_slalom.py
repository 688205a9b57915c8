"""Trump Slalom: a trump suit, with Slalom's order inside every suit (see ``slalom``)."""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.contracts import slalom

NAME = "trump-slalom"
TITLE = "Trump Slalom"
TRUMP = True
DIRECTED = True


def directions(tricks: int, high: bool | None) -> tuple[int, ...]:
    return slalom.directions(tricks, high)
