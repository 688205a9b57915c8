"""``Contract``: the frozen value a contract rule module declares (``RULE``).

A rule module (``trump``, ``under``, … one file each) is the whole of one
contract: its name and title, whether the declarer chooses a trump suit and a
start direction, and the strength direction of every trick (which, with the
strength tables of ``cards``, fixes which cards are strongest). No contract
changes how a round is scored: captured points, the last-trick bonus, Bet Debt
and the row's Avoidance and meta settings are the same for all, so a rule has
no scoring hook. The rows a setup may name come from these values too
(``offers``): the rule's name offers every play of it, ``narrowed`` adds specs
that offer only some trump suits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Contract:
    name: str  # the rule word of the notation (``pick joker trump-under H``)
    title: str  # the rule in words (``plays.describe``)
    trump: bool  # the declarer names a trump suit
    directed: bool  # the declarer chooses the first trick's direction (high or low)
    # the strength direction (``cards.HIGH``/``LOW``/``MIDDLE``) of every trick, given
    # the number of tricks and the start chosen (``None`` if the rule has no choice)
    directions: Callable[[int, bool | None], tuple[int, ...]]
    # row specs offering only some of the trump suits: (spec, suits)
    narrowed: tuple[tuple[str, tuple[int, ...]], ...] = ()


__all__ = ["Contract"]
