"""Trump Pyramid: a trump suit, with Pyramid's order inside every suit (see ``pyramid``)."""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.contracts import pyramid

NAME = "trump-pyramid"
TITLE = "Trump Pyramid"
TRUMP = True
DIRECTED = True


def directions(tricks: int, high: bool | None) -> tuple[int, ...]:
    return pyramid.directions(tricks, high)
