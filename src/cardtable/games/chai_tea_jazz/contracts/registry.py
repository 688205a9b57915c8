"""The registry of contract rules: every rule module, by its name.

The game never names a contract: a ``Play`` asks its rule here for the tricks'
directions, ``specs`` builds the row offers from each rule's ``TRUMP`` and
``DIRECTED``, and ``describe`` reads its ``TITLE``. A new contract is one new
module listed in ``RULES`` (and, to be offered by a scoreboard row, a line in
``specs.SPECS``).
"""

from __future__ import annotations

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
from cardtable.games.chai_tea_jazz.contracts.rule import ContractRule

_MODULES: tuple[ContractRule, ...] = (
    trump,
    under,
    over,
    middle,
    slalom,
    pyramid,
    trump_under,
    trump_slalom,
    trump_pyramid,
)
RULES: dict[str, ContractRule] = {rule.NAME: rule for rule in _MODULES}

__all__ = ["RULES"]
