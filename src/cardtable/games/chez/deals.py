"""An explicit Chez deal (tests, replays, puzzles): its text form, checked card by card."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.engine.errors import BadDealError
from cardtable.games.chez.cards import NAME, deck_kinds, parse_card
from cardtable.games.chez.ruleset import ChezRuleset


def _card(text: Any, where: str) -> int:
    kind = parse_card(text) if isinstance(text, str) else None
    if kind is None:
        raise BadDealError(f"{text!r} in {where} is not a card (write 7H, 10S, QD, AC, JK)")
    return kind


def parse_deal(game: ChezRuleset, deal: Any) -> tuple[list[list[int]], int, list[int], int]:
    """``{"hands": [[..], ..], "top": "7H", "draw": [.. top first], "first": 0}``.

    ``draw`` may be partial: the rest of the deck follows it in a fixed order,
    so a test names only the cards that matter. Every card must exist in the
    deck as often as it is named, no more.
    """
    n = game.num_players
    if not isinstance(deal, dict) or "hands" not in deal or "top" not in deal:
        raise BadDealError(
            'a Chez deal is {"hands": [[cards] per seat], "top": card, '
            '"draw": [cards, top first] (optional), "first": seat (optional)}'
        )
    unknown = set(deal) - {"hands", "top", "draw", "first"}
    if unknown:
        raise BadDealError(f"unknown deal field(s): {', '.join(sorted(unknown))}")
    hands_in = deal["hands"]
    if not isinstance(hands_in, list) or len(hands_in) != n:
        raise BadDealError(f"the deal needs one hand per seat: {n} lists of cards")
    hands = []
    for seat, cards in enumerate(hands_in):
        if not isinstance(cards, list):
            raise BadDealError(f"hand {seat} must be a list of cards")
        hands.append([_card(c, f"hand {seat}") for c in cards])
    top = _card(deal["top"], "top")
    draw_in = deal.get("draw", [])
    if not isinstance(draw_in, list):
        raise BadDealError("draw must be a list of cards, top first")
    draw = [_card(c, "draw") for c in draw_in]
    first = deal.get("first", 0)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n:
        raise BadDealError(f"first must be a seat 0..{n - 1}, not {first!r}")
    used = Counter(k for h in hands for k in h)
    used[top] += 1
    used.update(draw)
    remaining = Counter(deck_kinds(game.decks))
    for kind, count in used.items():
        if count > remaining[kind]:
            raise BadDealError(
                f"{NAME[kind]} is dealt {count} times; the deck has {remaining[kind]}"
            )
    remaining.subtract(used)
    rest = []
    for kind in deck_kinds(game.decks):
        if remaining[kind] > 0:
            rest.append(kind)
            remaining[kind] -= 1
    return hands, top, draw + rest, first
