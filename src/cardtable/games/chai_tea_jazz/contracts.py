"""Contracts: how a round is played (trump suit, which cards are strongest).

A ``Play`` is a fully chosen contract: its rule, the trump suit if the rule has
one and the start direction for Slalom and Pyramid. A contract *spec* (the
``contract`` of a scoreboard row, such as ``"trump"`` or ``"slalom"``) is the
set of plays a declarer may choose from when picking that row.

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

from cardtable.games.chai_tea_jazz.cards import HIGH, LOW, MIDDLE, SUIT_NAMES, SUITS

TRUMP, UNDER, OVER, MIDDLE_RULE, SLALOM, PYRAMID = (
    "trump",
    "under",
    "over",
    "middle",
    "slalom",
    "pyramid",
)
TRUMP_UNDER, TRUMP_SLALOM, TRUMP_PYRAMID = "trump-under", "trump-slalom", "trump-pyramid"
RULES = (TRUMP, UNDER, OVER, MIDDLE_RULE, SLALOM, PYRAMID, TRUMP_UNDER, TRUMP_SLALOM, TRUMP_PYRAMID)
TRUMP_RULES = frozenset((TRUMP, TRUMP_UNDER, TRUMP_SLALOM, TRUMP_PYRAMID))
DIRECTED_RULES = frozenset((SLALOM, PYRAMID, TRUMP_SLALOM, TRUMP_PYRAMID))


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
        rule = self.rule
        if rule in (UNDER, TRUMP_UNDER):
            return (LOW,) * tricks
        if rule == MIDDLE_RULE:
            return (MIDDLE,) * tricks
        first, other = (HIGH, LOW) if self.high else (LOW, HIGH)
        if rule in (SLALOM, TRUMP_SLALOM):
            return tuple(first if i % 2 == 0 else other for i in range(tricks))
        if rule in (PYRAMID, TRUMP_PYRAMID):
            half = (tricks + 1) // 2
            return (first,) * half + (other,) * (tricks - half)
        return (HIGH,) * tricks


def _suited(rule: str, suits: tuple[int, ...], directed: bool) -> list[Play]:
    if directed:
        return [Play(rule, s, h) for s in suits for h in (True, False)]
    return [Play(rule, s) for s in suits]


ALL_SUITS = (0, 1, 2, 3)
SPECS: dict[str, list[Play]] = {
    "trump": _suited(TRUMP, ALL_SUITS, False),
    "trump-black": _suited(TRUMP, (0, 3), False),
    "trump-red": _suited(TRUMP, (1, 2), False),
    **{f"trump-{SUITS[s].lower()}": [Play(TRUMP, s)] for s in ALL_SUITS},
    "under": [Play(UNDER)],
    "over": [Play(OVER)],
    "middle": [Play(MIDDLE_RULE)],
    "slalom": [Play(SLALOM, -1, True), Play(SLALOM, -1, False)],
    "pyramid": [Play(PYRAMID, -1, True), Play(PYRAMID, -1, False)],
    "slalom-or-pyramid": [
        Play(SLALOM, -1, True),
        Play(SLALOM, -1, False),
        Play(PYRAMID, -1, True),
        Play(PYRAMID, -1, False),
    ],
    "trump-under": _suited(TRUMP_UNDER, ALL_SUITS, False),
    "trump-slalom": _suited(TRUMP_SLALOM, ALL_SUITS, True),
    "trump-pyramid": _suited(TRUMP_PYRAMID, ALL_SUITS, True),
}
JOKER_SPEC = "joker"
CONTRACT_SPECS = (*SPECS, JOKER_SPEC)
# A Joker row in a setup with no other row is "whichever of the above contracts":
# the rulebook's Trump, Under and Slalom.
DEFAULT_JOKER_PLAYS = SPECS["trump"] + SPECS["under"] + SPECS["slalom"]


def joker_plays(other_specs: list[str]) -> list[Play]:
    """Every play of the setup's non-Joker rows (deduplicated, in row order)."""
    plays: list[Play] = []
    for spec in other_specs:
        for play in SPECS[spec]:
            if play not in plays:
                plays.append(play)
    return plays or list(DEFAULT_JOKER_PLAYS)


def describe(play: Play) -> str:
    """A play in words, for views and logs."""
    rule = play.rule.replace("-", " ").title()
    parts = [rule]
    if play.trump >= 0:
        parts.append(f"({SUIT_NAMES[play.trump]} trump)")
    if play.high is not None:
        parts.append("starting high" if play.high else "starting low")
    return " ".join(parts)
