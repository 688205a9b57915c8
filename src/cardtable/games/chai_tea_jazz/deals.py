"""Explicit deals: JSON a test or puzzle gives instead of chance.

A deal is a list of rounds (rounds past its end are dealt by chance), or one
round on its own. A round is ``{"hands": [[cards of seat 0], ...]}``; with two
players it also has ``"straw_down"`` and ``"straw_up"`` (five cards a seat,
stack by stack) and ``"aside"`` (the two set-aside cards). Cards are written
as in the notation (``9H``, ``13C``, ``JK``; Jass: ``UH``).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from cardtable.engine.errors import BadDealError
from cardtable.games.chai_tea_jazz.zones import ASIDE, DOWN, HAND, UP

if TYPE_CHECKING:
    from cardtable.games.chai_tea_jazz.tables import ChaiTeaJazzTables

ZONE_KEYS = {HAND: "hands", DOWN: "straw_down", UP: "straw_up", ASIDE: "aside"}


def _cards(game: ChaiTeaJazzTables, value: Any, where: str, size: int) -> list[int]:
    if not isinstance(value, list) or len(value) != size:
        raise BadDealError(f"{where} must be a list of {size} cards")
    out = []
    for card in value:
        c = game.code_of.get(card.upper()) if isinstance(card, str) else None
        if c is None:
            sample = ", ".join(game.names[x] for x in sorted(set(game.deck_list))[:3])
            raise BadDealError(
                f"{where}: {card!r} is not a card of this deck (cards look like {sample})"
            )
        out.append(c)
    return out


def round_slots(game: ChaiTeaJazzTables, data: Any, number: int) -> list[int]:
    """One round's deal as the card of every deal slot, in the layout's order."""
    n = game.num_players
    label = f"deal of round {number + 1}"
    if isinstance(data, list) and n != 2:
        data = {"hands": data}
    if not isinstance(data, dict):
        raise BadDealError(f"{label} must be an object with 'hands'")
    needed = {"hands"} if n != 2 else {"hands", "straw_down", "straw_up", "aside"}
    if set(data) != needed:
        raise BadDealError(
            f"{label} must have exactly the keys {sorted(needed)}, not {sorted(data)}"
        )
    zones: dict[int, list[list[int]]] = {}
    for zone, key in ZONE_KEYS.items():
        if key not in needed:
            continue
        if zone == ASIDE:
            zones[zone] = [_cards(game, data[key], f"{label}: aside", 2)]
            continue
        seats = data[key]
        if not isinstance(seats, list) or len(seats) != n:
            raise BadDealError(f"{label}: {key} must list {n} seats")
        size = game.hand_size if zone == HAND else 5
        zones[zone] = [
            _cards(game, seats[s], f"{label}: {key} of seat {s}", size) for s in range(n)
        ]
    slots = [zones[zone][max(seat, 0)][index] for zone, seat, index in game.layout]
    have = Counter(slots)
    want = Counter(game.deck_list)
    if have != want:
        extra = sorted(game.names[c] for c in (have - want).elements())
        missing = sorted(game.names[c] for c in (want - have).elements())
        raise BadDealError(f"{label}: duplicate cards {extra}; missing cards {missing}")
    return slots


def parse_deal(game: ChaiTeaJazzTables, deal: Any) -> list[list[int]]:
    """Every given round's slots; a single round may be given without the outer list."""
    if isinstance(deal, dict) or (
        isinstance(deal, list)
        and deal
        and isinstance(deal[0], list)
        and game.num_players != 2
        and deal[0]
        and isinstance(deal[0][0], str)
    ):
        deal = [deal]
    if not isinstance(deal, list) or not deal:
        raise BadDealError('a deal is a list of rounds, each {"hands": [[cards], ...]}')
    if len(deal) > game.rounds:
        raise BadDealError(f"the deal lists {len(deal)} rounds; this game has {game.rounds}")
    return [round_slots(game, data, i) for i, data in enumerate(deal)]


def slots_to_round(game: ChaiTeaJazzTables, slots: list[int]) -> dict[str, Any]:
    """The inverse of ``round_slots`` (used to rewrite explicit deals when resampling)."""
    n = game.num_players
    out: dict[str, Any] = {"hands": [[""] * game.hand_size for _ in range(n)]}
    if n == 2:
        out["straw_down"] = [[""] * 5 for _ in range(n)]
        out["straw_up"] = [[""] * 5 for _ in range(n)]
        out["aside"] = ["", ""]
    for (zone, seat, index), c in zip(game.layout, slots, strict=True):
        if zone == ASIDE:
            out["aside"][index] = game.names[c]
        else:
            out[ZONE_KEYS[zone]][seat][index] = game.names[c]
    return out
