"""Draw-pile segments and Castles: the zones that hold card ids outside hands.

The draw pile is a list of segments, front first. An *ordered* segment (an
explicit deal) is drawn top first and needs no chance. A *random* segment
(a shuffled deck, a reshuffle, a 10's hand put under the pile in random
order) is a multiset whose next card is chosen by chance only when it is
drawn -- the lazy equivalent of a card-by-card shuffle, without dozens of
chance steps per reshuffle.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from cardtable.games.chez.cards import NKINDS


# compiled, a class that allows interpreted subclasses allocates in ``cls.__new__``
# without running ``__init__``, which unpickling needs (the server pickles states
# and everything in them); the flag is not inherited, so each class says so
@mypyc_attr(allow_interpreted_subclasses=True)
class Seg:
    __slots__ = ("random", "ids", "counts")

    def __init__(self, random: bool, ids: list[int], counts: list[int] | None) -> None:
        self.random = random
        # ordered: top card last (pop from the end); random: any order
        self.ids = ids
        self.counts = counts

    @classmethod
    def shuffled(cls, ids: list[int], kind: tuple[int, ...]) -> Seg:
        counts = [0] * NKINDS
        for i in ids:
            counts[kind[i]] += 1
        return cls(True, list(ids), counts)

    @classmethod
    def ordered(cls, ids_top_first: list[int]) -> Seg:
        return cls(False, ids_top_first[::-1], None)

    def copy(self) -> Seg:
        return Seg(self.random, self.ids[:], self.counts[:] if self.counts is not None else None)

    def take_kind(self, kind_of: tuple[int, ...], k: int) -> int:
        """Remove and return an id of kind ``k`` from a random segment."""
        ids, counts = self.ids, self.counts
        assert counts is not None, "only a random segment is drawn by kind"
        for pos, cid in enumerate(ids):
            if kind_of[cid] == k:
                ids[pos] = ids[-1]
                ids.pop()
                counts[k] -= 1
                return cid
        raise KeyError(k)

    def pop_top(self, kind_of: tuple[int, ...]) -> int:
        cid = self.ids.pop()
        if self.counts is not None:
            self.counts[kind_of[cid]] -= 1
        return cid


@mypyc_attr(allow_interpreted_subclasses=True)  # see Seg
class Castle:
    """A front combo: its cards (public) and how many walls it still has."""

    __slots__ = ("ids", "walls")

    def __init__(self, ids: list[int], walls: int) -> None:
        self.ids = ids
        self.walls = walls

    def copy(self) -> Castle:
        return Castle(self.ids[:], self.walls)
