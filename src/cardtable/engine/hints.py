"""Helpers games use for the optional view hooks: reasons a hand card is unplayable, public views.

A card counts as playable when it is named in any legal action of the seat
(``7H``, ``7H+7S``, ``give 7H``, ``call party-animal 0``), so a card that only
works in a combo is still offered; the others get the engine's own refusal.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from cardtable.engine.errors import CardtableError
from cardtable.engine.game import State

_WORD = re.compile(r"[ +]")


def hand_reasons(state: State, seat: int, cards: Iterable[str], fallback: str) -> dict[str, str]:
    """``{card: why it cannot be played now}`` for ``seat``'s cards no legal action names.

    ``fallback`` is said when the card alone is not an action of the game (a
    Chez Geek card is played through a verb). Empty when ``seat`` is not deciding.
    """
    if state.current_player() != seat:
        return {}
    named: set[str] = set()
    for action in state.legal_actions():
        named.update(_WORD.split(str(action)))
    reasons: dict[str, str] = {}
    for card in cards:
        if card in named or card in reasons:
            continue
        try:
            reasons[card] = state.why_illegal(state._parse(card))
        except CardtableError:
            reasons[card] = fallback
    return reasons


def without(observation: dict[str, Any], *keys: str) -> dict[str, Any]:
    """A seat's observation with its seat-relative fields blanked, as a public view."""
    public = dict(observation)
    for key in keys:
        public[key] = None
    return public
