"""Refusals in words: why an action is not legal now, and what the notation looks like.

The rules only list what is legal (``plays.legal``); when a person's action is
not in that list, this says who must act and what they may do, so the message
names the step rather than the action.
"""

from __future__ import annotations

from typing import Final

from cardtable.engine.game import Action, Marker
from cardtable.games.chez_geek.actions import Chance
from cardtable.games.chez_geek.cards import K_ACTIVITY, K_THING, K_WHENEVER, CardDef
from cardtable.games.chez_geek.codes import WHEN_OWN_FREE_TIME, WHEN_OWN_TURN
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
    StepKind,
)
from cardtable.games.chez_geek.zones import allowed

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
        D_CALLS: "call a Person in hand (call CARD SEAT), play a Whenever, "
        "or be done calling People (done)",
        D_FREE: "shop, do an Activity you can afford, play a Whenever, or end Free Time (done)",
        D_SHOP: "buy a Thing the Income left covers, or checkout",
        D_SEND: "send the Person to a room it may enter (send SEAT) or dismiss",
        D_COST: "discard a card the unwanted Person asks for",
        D_DISCARD: "discard down to five (never below one), or be done discarding (done)",
        D_PICK: "pick a Job",
    }.get(top.kind, "act")
    return f"{who} must {wanted}"


def card_reason(st: ChezGeekCore, seat: int, card: CardDef) -> str | None:
    """Why this card of the seat's own hand cannot be played at its decision, when the
    card is the reason: its price, what it needs in the room, its Job, or the phase its
    kind belongs to; ``None`` where only the step's own words fit.

    A greyed card said only what the step allows ("must shop, do an Activity you can
    afford…"), so a newcomer could not tell a Smoke Break that needs a Smoke card in
    the room from one that costs too much. Read from the same checks as the legal
    actions (``zones.can_do``), for the deciding seat's own cards only.
    """
    top = st.stack[-1] if st.stack else None
    if top is None or st.cp != seat:
        return None
    step = top.kind
    name = card.name
    if card.kind is K_WHENEVER:
        return _whenever_reason(st, seat, card, step)
    if step is D_FREE:
        if card.kind is K_ACTIVITY:
            if st.ft <= 0:
                return f"no Free Time is left this turn for {name}"
            if not allowed(st, seat, card):
                return f"your Job may not do {name}"
            if card.cost > st.income:
                return f"{name} costs {card.cost} Income and you have {st.income} this turn"
            req = card.requires
            room = st.rooms[seat]
            defs = st.defs
            if req.invited_person and not any(defs[c[0]].invited for c in room):
                return f"{name} needs an invited Person in your room"
            for tag in req.tags_in_room:
                if not any(tag in defs[c[0]].tags for c in room):
                    return f"{name} needs a {tag} card in your room"
            if req.jobs and st.jobdefs[st.job_of[seat]].name not in req.jobs:
                return f"only a {' or '.join(req.jobs)} may do {name}"
            return None
        if card.kind is K_THING:
            if st.ft <= 0:
                return "no Free Time is left this turn for a Shopping trip"
            if card.cost > st.income:
                return f"{name} costs {card.cost} and you have {st.income} Income this turn"
            return f"{name} is bought on a Shopping trip: choose Go Shopping first"
        if card.is_person:
            return f"{name} comes into play in the Call People phase, before Free Time"
        return None
    if step is D_CALLS and (card.kind is K_ACTIVITY or card.kind is K_THING):
        return f"{name} waits for Free Time, once you are done calling People"
    if step is D_SHOP:
        if card.kind is not K_THING:
            return "only Things are bought on a Shopping trip"
        if not allowed(st, seat, card):
            return f"your Job may not buy {name}"
        if card.cost > st.income:
            return f"{name} costs {card.cost} and you have {st.income} Income left"
    return None


def _whenever_reason(st: ChezGeekCore, seat: int, card: CardDef, step: StepKind) -> str:
    """A Whenever out of reach: it answers plays, waits for its owner's turn or Free Time,
    the Job forbids it, or it has nothing to act on now. "Cannot be played: you must
    … play a Whenever" contradicted itself on four cards of one newcomer's hand."""
    name = card.name
    if not allowed(st, seat, card):
        return f"your Job may not play {name}"
    if card.cancel is not None:
        if step is D_WINDOW:
            return f"{name} cannot cancel this play"
        return (
            f"{name} answers another player's play: you are asked when one it can cancel"
            " is announced"
        )
    when = st.game.when_code[card.index]
    own_turn = seat == st.turn and step is not D_WINDOW
    if when == WHEN_OWN_TURN and not own_turn:
        return f"{name} is played on your own turn"
    if when == WHEN_OWN_FREE_TIME and not (own_turn and step is D_FREE):
        return f"{name} is played in your own Free Time"
    return f"{name} has nothing to act on now"
