"""Row offers: the contract ``spec`` of a scoreboard row is the set of plays it allows.

Every contract of ``rules.registry`` offers itself with every choice it has
(``"trump"``: any suit; ``"slalom"``: either start) under its name; a rule's
``narrowed`` specs offer some of its trump suits (``"trump-black"``,
``"trump-h"``); ``JOINT`` specs join two rules (``"slalom-or-pyramid"``). The
Joker row offers every play of the setup's other rows. The specs are built from
the registry in use, once per registry.
"""

from __future__ import annotations

from cardtable.engine.rules import Registry
from cardtable.games.chai_tea_jazz.plays import Play
from cardtable.games.chai_tea_jazz.rules import registry
from cardtable.games.chai_tea_jazz.rules.contract import Contract

ALL_SUITS = (0, 1, 2, 3)
JOKER_SPEC = "joker"
# specs offering the plays of several rules, listed after the last of them
JOINT: dict[str, tuple[str, ...]] = {"slalom-or-pyramid": ("slalom", "pyramid")}
# a Joker row in a setup with no other row is "whichever of these contracts"
# (the rulebook's Trump, Under and Slalom)
DEFAULT_JOKER_SPECS = ("trump", "under", "slalom")

_BUILT: dict[Registry[Contract], dict[str, list[Play]]] = {}


def offers(rule: Contract, suits: tuple[int, ...] = ALL_SUITS) -> list[Play]:
    """Every play of ``rule``: each trump suit of ``suits`` if it has trump, each start if
    it is directed."""
    trumps = suits if rule.trump else (-1,)
    starts: tuple[bool | None, ...] = (True, False) if rule.directed else (None,)
    return [Play(rule.name, s, h) for s in trumps for h in starts]


def specs() -> dict[str, list[Play]]:
    """Every spec but the Joker's, with its plays, for the contracts of the registry."""
    contracts = registry.CONTRACTS
    built = _BUILT.get(contracts)
    if built is None:
        built = {}
        for rule in contracts.all:
            built[rule.name] = offers(rule)
            for spec, suits in rule.narrowed:
                built[spec] = offers(rule, suits)
            for spec, names in JOINT.items():
                if spec not in built and all(name in built for name in names):
                    built[spec] = [play for name in names for play in built[name]]
        _BUILT[contracts] = built
    return built


def contract_specs() -> tuple[str, ...]:
    """What a row's ``contract`` may name."""
    return (*specs(), JOKER_SPEC)


def joker_plays(other_specs: list[str]) -> list[Play]:
    """Every play of the setup's non-Joker rows (deduplicated, in row order)."""
    table = specs()
    plays: list[Play] = []
    for spec in other_specs:
        for play in table[spec]:
            if play not in plays:
                plays.append(play)
    return plays or [play for spec in DEFAULT_JOKER_SPECS for play in table[spec]]


__all__ = ["JOKER_SPEC", "contract_specs", "joker_plays", "offers", "specs"]
