"""What a contract rule module declares: the shape every module in the registry has.

A rule module (``trump``, ``under``, … one file each) is the whole of one
contract: its name and title, whether the declarer chooses a trump suit and a
start direction, and the strength direction of every trick (which, with the
strength tables of ``cards``, fixes which cards are strongest). No contract
changes how a round is scored: captured points, the last-trick bonus, Bet Debt
and the row's Avoidance and meta settings are the same for all, so a module
has no scoring hook.
"""

from __future__ import annotations

from typing import Protocol


class ContractRule(Protocol):
    NAME: str  # the rule word of the notation (``pick joker trump-under H``)
    TITLE: str  # the rule in words (``describe``)
    TRUMP: bool  # the declarer names a trump suit
    DIRECTED: bool  # the declarer chooses the first trick's direction (high or low)

    def directions(self, tricks: int, high: bool | None) -> tuple[int, ...]:
        """The strength direction (``cards.HIGH``/``LOW``/``MIDDLE``) of every trick."""
        ...


__all__ = ["ContractRule"]
