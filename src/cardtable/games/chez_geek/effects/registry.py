"""Every effect rule by the word a deck file names it with (``cards.EFFECTS``)."""

from __future__ import annotations

from typing import Final

from cardtable.games.chez_geek.effects import (
    cancel,
    discard,
    discard_card,
    draw,
    free_time,
    income,
    move_person,
    slack,
    take_thing,
)
from cardtable.games.chez_geek.effects.rule import EffectRule

RULES: Final[dict[str, EffectRule]] = {
    m.RULE.kind: m.RULE
    for m in (
        income,
        free_time,
        cancel,
        take_thing,
        move_person,
        discard_card,
        slack,
        draw,
        discard,
    )
}
# the effects whose Whenevers name a card in a room (``SEAT:slug``)
ROOM_TARGETED = tuple(kind for kind, rule in RULES.items() if rule.room_target)
