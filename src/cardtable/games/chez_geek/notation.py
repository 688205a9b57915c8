"""Reading the text notation (the table in ``actions``) into the game's interned actions.

Why a module of its own rather than ``actions``: reading a card's slug needs the
game's tables (``core``), and ``core`` builds its tables from ``actions``, so
``actions`` importing ``core`` would close a circle. The rules (``plays``) do not
read text, so the parser need not live with them either.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from cardtable.games.chez_geek import actions as act
from cardtable.games.chez_geek.actions import Play

if TYPE_CHECKING:
    from cardtable.engine.game import Action
    from cardtable.games.chez_geek.core import ChezGeekCore

# a Whenever's written target: a seat, a room card ``S:slug`` (``#N`` for the Nth
# copy) and a destination room (``>D``)
_TARGET: Final = re.compile(r"^(\d)(?::([a-z0-9-]+)(?:#(\d+))?(?:>(\d))?)?$")


def parse(st: ChezGeekCore, text: str) -> Action | None:
    """Read notation into an interned action, or ``None`` when it is not one at all."""
    clean = " ".join(text.lower().split())
    words = clean.split(" ")
    game = st.game
    verb = words[0]
    if len(words) == 1:
        return act.WORDS.get(verb)
    arg = words[1]
    if verb == "play" and len(words) in (2, 3):
        for a in st.legal_actions():
            if a.__class__ is Play and str(a) == clean:
                return a
        card = game.deck_def.card_by_slug.get(arg)
        target = words[2] if len(words) == 3 else ""
        if card is None or (target and not _TARGET.match(target)):
            return None
        return Play(card.index, card.slug, target)  # well formed, but not legal now
    if len(words) == 3:
        if verb == "call" and words[2].isdigit():
            card = game.deck_def.card_by_slug.get(arg)
            seat = int(words[2])
            return game.call_action(card.index, seat) if card and seat < 5 else None
        return None
    if verb in ("buy", "do", "discard"):
        card = game.deck_def.card_by_slug.get(arg)
        return game.card_action(verb, card.index) if card else None
    if verb == "draw":
        card = game.deck_def.card_by_slug.get(arg)
        return game.draw_actions[card.index] if card else None
    if verb in ("pick", "job"):
        job = game.deck_def.job_by_slug.get(arg)
        if job is None:
            return None
        return game.pick_actions[job.index] if verb == "pick" else game.job_actions[job.index]
    if verb == "send" and arg.isdigit() and int(arg) < 5:
        return act.SEND[int(arg)]
    if verb == "roll" and arg.isdigit() and 1 <= int(arg) <= 6:
        return act.ROLLS[int(arg)]
    return None
