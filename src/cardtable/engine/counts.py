"""``CardCount``: the multiset of card names that ``State.cards()`` returns."""

from __future__ import annotations

from collections import Counter


class CardCount(Counter[str]):
    """A Counter whose comparison takes the exact dict path first.

    Conservation is checked after every action of every conformance game;
    ``Counter.__eq__`` walks both counters in Python, while two counters that
    are equal as dicts are equal as Counters, so the common case costs one C
    call. Otherwise (zero entries on one side only) Counter semantics decide.
    Defining ``__eq__`` leaves the class unhashable, like every Counter.
    """

    def __eq__(self, other: object) -> bool:
        if isinstance(other, dict) and dict.__eq__(self, other):
            return True
        return Counter.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other
