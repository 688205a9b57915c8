"""Card properties as small numbers, for the per-type tables the game builds once.

The rules read a card's ``when`` and how it is Called on every listing of legal
actions; compiled, comparing these constants is a machine compare where the
card's text or its ``CardDef`` properties would be a string compare or a call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardtable.games.chez_geek.cards import K_PET

if TYPE_CHECKING:
    from cardtable.games.chez_geek.cards import CardDef

# a Whenever's ``when``: any time, on its owner's turn, or in its owner's Free Time
WHEN_ANY: Final = 0
WHEN_OWN_TURN: Final = 1
WHEN_OWN_FREE_TIME: Final = 2
WHEN_CODES: Final = {
    "any": WHEN_ANY,
    "own_turn": WHEN_OWN_TURN,
    "own_free_time": WHEN_OWN_FREE_TIME,
}

# how a card type is Called: not at all, a Pet (into its owner's house only), a
# Person some houses bar, or one every house may take
NOT_CALLED: Final = 0
CALL_PET: Final = 1
CALL_BARRED: Final = 2
CALL_ANYWHERE: Final = 3


def call_kind(card: CardDef) -> int:
    if not card.is_person:
        return NOT_CALLED
    if card.kind == K_PET:
        return CALL_PET
    return CALL_BARRED if card.barred_jobs or card.barred_if_room_has else CALL_ANYWHERE
