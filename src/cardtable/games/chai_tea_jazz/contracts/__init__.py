"""Contracts: how a round is played (trump suit, which cards are strongest).

One module per rule (``trump``, ``under``, ``over``, ``middle``, ``slalom``,
``pyramid``, ``trump_under``, ``trump_slalom``, ``trump_pyramid``), each of the
``rule.ContractRule`` shape, listed in ``registry.RULES``. A ``Play`` (``play``)
is a fully chosen contract; a row's ``contract`` spec (``specs``) is the set of
plays a declarer may choose from when picking that row.
"""

from __future__ import annotations

from cardtable.games.chai_tea_jazz.contracts.play import Play, describe
from cardtable.games.chai_tea_jazz.contracts.registry import RULES
from cardtable.games.chai_tea_jazz.contracts.specs import (
    CONTRACT_SPECS,
    DEFAULT_JOKER_PLAYS,
    JOKER_SPEC,
    SPECS,
    joker_plays,
)

__all__ = [
    "CONTRACT_SPECS",
    "DEFAULT_JOKER_PLAYS",
    "JOKER_SPEC",
    "RULES",
    "SPECS",
    "Play",
    "describe",
    "joker_plays",
]
