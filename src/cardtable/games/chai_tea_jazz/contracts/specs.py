"""Row offers: the contract ``spec`` of a scoreboard row is the set of plays it allows.

Most specs offer one rule with every choice it has (``"trump"``: any suit;
``"slalom"``: either start); a few narrow a rule's trump suits
(``"trump-black"``, ``"trump-h"``) or join two rules (``"slalom-or-pyramid"``).
The Joker row offers every play of the setup's other rows.
"""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.cards import SUITS
from cardtable.games.chai_tea_jazz.contracts import (
    middle,
    over,
    pyramid,
    slalom,
    trump,
    trump_pyramid,
    trump_slalom,
    trump_under,
    under,
)
from cardtable.games.chai_tea_jazz.contracts.play import Play
from cardtable.games.chai_tea_jazz.contracts.rule import ContractRule

ALL_SUITS = (0, 1, 2, 3)


def offers(rule: ContractRule, suits: tuple[int, ...] = ALL_SUITS) -> list[Play]:
    """Every play of ``rule``: each trump suit of ``suits`` if it has trump, each start if
    it is directed."""
    trumps = suits if rule.TRUMP else (-1,)
    starts: tuple[bool | None, ...] = (True, False) if rule.DIRECTED else (None,)
    return [Play(rule.NAME, s, h) for s in trumps for h in starts]


SPECS: dict[str, list[Play]] = {
    "trump": offers(trump),
    "trump-black": offers(trump, (0, 3)),
    "trump-red": offers(trump, (1, 2)),
    **{f"trump-{SUITS[s].lower()}": offers(trump, (s,)) for s in ALL_SUITS},
    "under": offers(under),
    "over": offers(over),
    "middle": offers(middle),
    "slalom": offers(slalom),
    "pyramid": offers(pyramid),
    "slalom-or-pyramid": offers(slalom) + offers(pyramid),
    "trump-under": offers(trump_under),
    "trump-slalom": offers(trump_slalom),
    "trump-pyramid": offers(trump_pyramid),
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


__all__ = ["CONTRACT_SPECS", "DEFAULT_JOKER_PLAYS", "JOKER_SPEC", "SPECS", "joker_plays", "offers"]
