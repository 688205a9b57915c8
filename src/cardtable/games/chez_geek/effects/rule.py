"""What an effect rule module declares: when it is offered, what it targets, what it does.

Each word of the deck format's effect vocabulary (``cards.EFFECTS``) is one
module of this package that builds one ``EffectRule``; ``registry.RULES``
maps the word to it, and the Whenever and People code asks the registry
instead of naming effects. A hook left at its default does nothing, so a
module states only what its effect takes part in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from cardtable.games.chez_geek.cards import Effect
    from cardtable.games.chez_geek.state import ChezGeekState
    from cardtable.games.chez_geek.steps import Announced

# an ``offered`` hook and the effect it is asked about
OfferCheck = tuple[Callable[["ChezGeekState", int, "Effect"], bool], "Effect"]
# a ``targets`` hook and the effect it is asked about
TargetCheck = tuple[Callable[["ChezGeekState", int, "Effect"], "list[Target] | None"], "Effect"]
# a Whenever's target: (notation, seat, room card uid, destination seat)
Target = tuple[str, int, int, int]
NO_TARGET: Final[Target] = ("", -1, -1, -1)


def always_offered(st: ChezGeekState, seat: int, e: Effect) -> bool:
    """The default ``offered``: the rules that list legal plays skip calling it."""
    return True


def no_targets(st: ChezGeekState, seat: int, e: Effect) -> list[Target] | None:
    """The default ``targets``: the rules that list targets skip calling it."""
    return None


def _nothing_happens(st: ChezGeekState, play: Announced, t: int, e: Effect) -> bool:
    return False


def _no_stay_cost(st: ChezGeekState, seat: int, index: int, e: Effect) -> None:
    return None


def _gives_nothing(e: Effect) -> tuple[int, int]:
    return (0, 0)


@dataclass(frozen=True, slots=True)
class EffectRule:
    """One effect of the vocabulary, as hooks the rules call.

    ``offered``: may ``seat`` play a Whenever with this effect now.
    ``targets``: the targets it asks for, or ``None`` when it asks none (a
    card's first effect that asks for targets names the card's targets).
    ``resolve``: what it does when the Whenever resolves; ``True`` when the
    card stays on the table instead of going to the discards.
    ``stay``: what it costs the host of an unwanted Person whose card has it
    as a cost (``index`` is the Person's place in the room).
    ``gives``: the (Income, Free Time) it adds to a budget, for a card that
    adds it while it stays in a room, while it is on the table, or the turn
    it is bought (its ``duration``).
    ``budget``: whether it is a Free Time or Income cost, which only applies
    while its host has a budget to lose.
    ``room_target``: it targets a card in a room (the notation ``SEAT:slug``).
    """

    kind: str
    offered: Callable[[ChezGeekState, int, Effect], bool] = always_offered
    targets: Callable[[ChezGeekState, int, Effect], list[Target] | None] = no_targets
    resolve: Callable[[ChezGeekState, Announced, int, Effect], bool] = _nothing_happens
    stay: Callable[[ChezGeekState, int, int, Effect], None] = _no_stay_cost
    gives: Callable[[Effect], tuple[int, int]] = _gives_nothing
    budget: bool = False
    room_target: bool = False
