"""Combos: one rule module each, each switched by a game setting of its own name.

A discard-pile combo (``DISCARD``) is a complete rule module: it declares when
it applies, what it offers, how its play is recognised and what it does, in
the shape ``DiscardCombo`` names (``king_queen`` is the shortest example). Its
``OFFER`` (a ``_shape.Offer``) carries ``applies`` and ``options`` as compiled
methods, which is how the turn calls them. The turn offers the options of
every enabled module whose ``NEEDS`` the hand has, ``plays`` recognises a play
and pushes its steps from the module's flags, and ``specials`` calls its
``resolve`` once no nope cancelled it. Changing a combo
is an edit of its module alone; a new one is a module added to ``DISCARD``
(and its ``PlayKind`` in ``steps``).

A front combo (``FRONT``, the shape ``FrontCombo``) is offered with the bonus
action: the turn asks every enabled module whose ``NEEDS`` the hand has for
its options, applies the action through the module that ``owns`` it, and the
turn's end asks ``possible`` from public facts. The game keeps the tuples of
enabled modules (``ChezGame.discard_combos``, ``ChezGame.front_combos``), so
switching a combo off removes it from the game entirely.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Protocol

from cardtable.engine.game import Action, Setting
from cardtable.games.chez.combos import (
    betting_man,
    castle,
    doubles,
    king_queen,
    red_sixes,
    revolution,
    royal_court,
    siege,
    transformation,
)

if TYPE_CHECKING:
    from cardtable.games.chez.actions import Play
    from cardtable.games.chez.combos._shape import FrontOffer, Offer
    from cardtable.games.chez.core import ChezCore
    from cardtable.games.chez.steps import Pending, PlayKind


class DiscardCombo(Protocol):
    """What a discard-pile combo module declares (checked structurally by mypy)."""

    SETTING: Setting  # the game setting that switches it on, by its name
    PTYPE: PlayKind  # its kind of play on the discard pile
    NEEDS: int  # value bits (1 << rank) the hand must hold for ``applies`` to be asked
    VALUES: int  # how many distinct values (Ace to King) it must hold, likewise
    TARGETED: bool  # its player names another player first
    TARGETS_EMPTY_HANDS: bool  # ... who may be one without cards
    DICE: tuple[int, ...]  # dice rolled before its window (none: ())
    NOPEABLE: bool  # whether it opens a reaction window
    PICKUP_IF_EMPTIED: bool  # an emptied hand picks up one card at once
    TALLY: str  # its statistics counter
    OFFER: Offer  # ``applies`` and ``options`` as compiled methods, which the turn calls

    def applies(self, mask: int, kinds: int, repeats: bool) -> bool:
        """Whether the hand (value bits, kind bits, any value twice) may offer it."""
        ...

    def options(
        self, by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]
    ) -> None:
        """Append its legal plays for the hand grouped by value."""
        ...

    def recognises(self, ranks: Sequence[int], kinds: Sequence[int]) -> bool:
        """Whether a legal play of several values (``ranks`` sorted) is this combo."""
        ...

    def resolve(self, state: ChezCore, play: Pending) -> None:
        """What it does once no nope cancelled it."""
        ...

    def noped(self, state: ChezCore, play: Pending) -> None:
        """What happens when an odd number of nopes cancelled it."""
        ...


class FrontCombo(Protocol):
    """What a front-combo module (a bonus action) declares (checked structurally by mypy)."""

    SETTING: Setting
    NEEDS: int  # value bits the hand must hold for ``applies`` to be asked
    FRONT_OFFER: FrontOffer  # the questions below as compiled methods, which the turn calls

    def applies(self, state: ChezCore, seat: int, mask: int, repeats: bool) -> bool:
        """Whether the table and the hand (value bits, any value twice) may offer it."""
        ...

    def options(self, state: ChezCore, seat: int, mask: int, dup: int, out: list[Action]) -> None:
        """Append its legal bonus actions for a hand with these value bits, ``dup`` of
        them held more than once."""
        ...

    def possible(self, state: ChezCore, seat: int, size: int, unseen: list[int]) -> bool:
        """Whether it *could* be offered, from public facts only (hand size, unseen values)."""
        ...

    def owns(self, action: Action) -> bool:
        """Whether ``action`` is one of its bonus actions."""
        ...

    def apply(self, state: ChezCore, action: Action) -> None:
        """What its bonus action does."""
        ...


# in the order a play is recognised
DISCARD: tuple[DiscardCombo, ...] = (red_sixes, revolution, royal_court, king_queen, transformation)
FRONT: tuple[FrontCombo, ...] = (castle, siege, betting_man)
# the module of each kind of combo play, for the flow that holds only the play's kind
BY_PTYPE: Final[dict[PlayKind, DiscardCombo]] = {rule.PTYPE: rule for rule in DISCARD}
SETTINGS: tuple[Setting, ...] = (doubles.SETTING,) + tuple(m.SETTING for m in DISCARD + FRONT)
