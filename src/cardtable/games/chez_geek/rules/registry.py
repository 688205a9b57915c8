"""Every effect rule, in one registry: the game's effect vocabulary (``EFFECTS``).

A deck file names an effect by its word; the deck loader accepts the words
listed here, the Whenever and People code look the word up here (through
``game.effects``, so a test may play a game with a rule added by
``EFFECTS.with_rule``), and the RL action table derives its targets from each
rule's ``aim``.
"""

from __future__ import annotations

from typing import Final

from cardtable.engine.rules import Registry
from cardtable.games.chez_geek.core import EffectRule
from cardtable.games.chez_geek.rules import (
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

EFFECTS: Final[Registry[EffectRule]] = Registry(
    "effect",
    (
        income.RULE,
        free_time.RULE,
        cancel.RULE,
        take_thing.RULE,
        move_person.RULE,
        discard_card.RULE,
        slack.RULE,
        draw.RULE,
        discard.RULE,
    ),
)
# the words, in the registry's order (the deck format's vocabulary)
EFFECT_WORDS: Final = EFFECTS.names()
# the effect rules by word
RULES: Final[dict[str, EffectRule]] = {rule.name: rule for rule in EFFECTS.all}
# the effects whose Whenevers name a card in a room (``SEAT:slug``)
ROOM_TARGETED: Final = tuple(rule.name for rule in EFFECTS.all if rule.room_target)
