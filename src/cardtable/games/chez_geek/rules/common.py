"""Helpers the effect rules share: which room cards an effect may name, and where they are."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.games.chez_geek.zones import room_ref

if TYPE_CHECKING:
    from collections.abc import Callable

    from cardtable.games.chez_geek.cards import CardDef, Effect
    from cardtable.games.chez_geek.core import ChezGeekCore, Target


def matches(card: CardDef, e: Effect) -> bool:
    """Whether a room card is of the kind and has one of the tags the effect names."""
    kind = e.card_kind
    if kind is not None and card.kind != kind:
        return False
    return not e.tags or bool(card.tags.intersection(e.tags))


def seats(st: ChezGeekCore, seat: int, scope: str) -> range | list[int]:
    """The rooms an effect may reach from ``seat``: its own, the others', or any."""
    if scope == "own":
        return [seat]
    if scope == "other":
        return [s for s in range(st.n) if s != seat]
    return range(st.n)


def room_targets(
    st: ChezGeekCore, seat: int, scope: str, ok: Callable[[CardDef], bool]
) -> list[Target]:
    """Every room card within ``scope`` that ``ok`` accepts, as a target."""
    found: list[Target] = []
    defs = st.defs
    for s in seats(st, seat, scope):
        for i, c in enumerate(st.rooms[s]):
            if ok(defs[c[0]]):
                found.append((room_ref(st, s, i), s, c[3], -1))
    return found
