"""Refusals in words: why an action is not legal now, and what the notation looks like.

The rules only list what is legal (``plays.legal``); when a person's action is
not in that list, this says who must act and what they may do, so the message
names the step rather than the action.
"""

from __future__ import annotations

from typing import Final

from cardtable.engine.game import Action, Marker
from cardtable.games.chez_geek.actions import Chance
from cardtable.games.chez_geek.core import ChezGeekCore
from cardtable.games.chez_geek.steps import (
    D_CALLS,
    D_COST,
    D_DISCARD,
    D_FREE,
    D_PICK,
    D_SEND,
    D_SHOP,
    D_WINDOW,
)

# what ``_parse`` says of text that is no action at all
NOTATION: Final = (
    "not a Chez Geek action; write e.g. pass, done, shop, buy CARD, checkout, "
    "do CARD, call CARD SEAT, play CARD [TARGET], discard CARD, send SEAT, "
    "dismiss, pick JOB, or a chance outcome (draw CARD, roll N, job JOB)"
)


def why_illegal(st: ChezGeekCore, action: Action) -> str:
    if st.over:
        return "the game is over"
    if st.cp is Marker.CHANCE:
        return "a chance event is due; only its outcomes apply"
    if not isinstance(st.cp, int):
        return "the game is over"
    top = st.stack[-1]
    who = st.game.seat_name(st.cp)
    if isinstance(action, Chance):
        return "chance outcomes are not chosen by players"
    wanted = {
        D_WINDOW: "pass or play a Whenever that answers the announced play",
        D_CALLS: "call a Person in hand (call CARD SEAT), play a Whenever, or done",
        D_FREE: "shop, do an Activity you can afford, play a Whenever, or done",
        D_SHOP: "buy a Thing the Income left covers, or checkout",
        D_SEND: "send the Person to a room it may enter (send SEAT) or dismiss",
        D_COST: "discard a card the unwanted Person asks for",
        D_DISCARD: "discard down to five (never below one), or done",
        D_PICK: "pick a Job",
    }.get(top.kind, "act")
    return f"{who} must {wanted}"
