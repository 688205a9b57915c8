"""The contract rules of Chai Tea Jazz, in the order the rows and labels list them.

The one list of contracts: ``plays.Play`` asks it for a contract's directions
and title, ``offers`` builds the row specs from it, and the schema's
``RuleName`` reads its words from it (``names``). A new contract is its module and one line
here. Everything reads ``registry.CONTRACTS`` when it is needed, not at import,
so a test can put ``CONTRACTS.with_rule(toy)`` in its place.
"""

from __future__ import annotations

from cardtable.engine.rules import Registry
from cardtable.games.chai_tea_jazz.rules import (
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
from cardtable.games.chai_tea_jazz.rules.contract import Contract

CONTRACTS: Registry[Contract] = Registry(
    "contract",
    (
        trump.RULE,
        under.RULE,
        over.RULE,
        middle.RULE,
        slalom.RULE,
        pyramid.RULE,
        trump_under.RULE,
        trump_slalom.RULE,
        trump_pyramid.RULE,
    ),
)


def names() -> tuple[str, ...]:
    """The contracts' names, in order: the words a view's ``rule`` may take."""
    return CONTRACTS.names()


__all__ = ["CONTRACTS", "names"]
