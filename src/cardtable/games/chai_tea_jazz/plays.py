"""A contract as played: its rule (by name, in ``rules.registry``), the trump suit and the start.

| play notation            | meaning                                         |
|--------------------------|-------------------------------------------------|
| ``trump H``              | Hearts are trump, high cards strongest          |
| ``under`` / ``over``     | no trump, lowest / highest strongest            |
| ``middle``               | no trump, 5 4 6 3 7 2 8 1 9 (1-13: nearest 7)   |
| ``slalom high``          | high and low alternate, the first trick high    |
| ``pyramid low``          | first half of the tricks low, then high         |
| ``trump-under H``        | Hearts trump, lowest strongest                  |
| ``trump-slalom H high``  | Hearts trump, Slalom directions                 |
| ``trump-pyramid H low``  | Hearts trump, Pyramid directions                |
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.games.chai_tea_jazz.cards import SUIT_NAMES, SUITS
from cardtable.games.chai_tea_jazz.rules import registry


@dataclass(frozen=True, slots=True)
class Play:
    """A contract as played: rule, trump suit (-1 for none), start high (None if fixed)."""

    rule: str
    trump: int = -1
    high: bool | None = None

    def __str__(self) -> str:
        parts = [self.rule]
        if self.trump >= 0:
            parts.append(SUITS[self.trump])
        if self.high is not None:
            parts.append("high" if self.high else "low")
        return " ".join(parts)

    def short(self) -> str:
        """The play without its rule word (used when a row offers only one rule)."""
        return str(self).partition(" ")[2]

    def directions(self, tricks: int) -> tuple[int, ...]:
        """The strength direction of every trick of a round of ``tricks`` tricks."""
        return registry.CONTRACTS[self.rule].directions(tricks, self.high)


def describe(play: Play) -> str:
    """A play in words, for views and logs."""
    parts = [registry.CONTRACTS[play.rule].title]
    if play.trump >= 0:
        parts.append(f"({SUIT_NAMES[play.trump]} trump)")
    if play.high is not None:
        parts.append("starting high" if play.high else "starting low")
    return " ".join(parts)


__all__ = ["Play", "describe"]
