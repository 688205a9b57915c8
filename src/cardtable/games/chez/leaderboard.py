"""The leaderboard: finishers fill places from the top, knock-outs from the bottom.

Kept apart from the state so the rulebook's worked example (Grug, Brug and
Norman) can be checked on its own as well as through play.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr


# compiled, a class that allows interpreted subclasses allocates in ``cls.__new__``
# without running ``__init__``, which unpickling needs (the server pickles states
# and everything in them); the flag is not inherited, so each class says so
@mypyc_attr(allow_interpreted_subclasses=True)
class Leaderboard:
    __slots__ = ("places", "top", "bottom")

    def __init__(self, players: int) -> None:
        self.places = [0] * players  # 0: still playing
        self.top = 1
        self.bottom = players

    def finish(self, seat: int) -> int:
        """``seat`` emptied its hand: the highest available place."""
        self.places[seat] = self.top
        self.top += 1
        return self.places[seat]

    def knock_out(self, seat: int) -> int:
        """``seat`` is out (Plague, Revolution, nothing to pick up): the lowest available place."""
        self.places[seat] = self.bottom
        self.bottom -= 1
        return self.places[seat]

    def copy(self) -> Leaderboard:
        other = Leaderboard.__new__(Leaderboard)
        other.places = self.places[:]
        other.top = self.top
        other.bottom = self.bottom
        return other
