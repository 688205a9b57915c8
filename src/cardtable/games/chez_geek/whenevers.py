"""Whenever cards: who may play which, their targets, and their effects.

Cancels answer the play a reaction window is for (a Call, a Shopping trip,
an Activity, another Whenever, or any card with a tag; TV cards cancel
another player's Free Time). The other effects change Income or Free Time,
take or discard room cards, move People, put Slack tokens on cards or draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cardtable.engine.game import Action
from cardtable.games.chez_geek import people
from cardtable.games.chez_geek.phases import CALL
from cardtable.games.chez_geek.steps import (
    D_FREE,
    D_WINDOW,
    P_ACTIVITY,
    P_CALL,
    P_SHOP,
    P_WHENEVER,
    Announced,
    Draw,
    StepKind,
)
from cardtable.games.chez_geek.zones import allowed, hand_types, room_ref

if TYPE_CHECKING:
    from cardtable.games.chez_geek.cards import CardDef, Effect
    from cardtable.games.chez_geek.state import ChezGeekState

TARGETED = ("take_thing", "move_person", "discard_card", "slack")


def _matches(card: CardDef, e: Effect) -> bool:
    if e.card_kind and card.kind != e.card_kind:
        return False
    return not e.tags or bool(card.tags.intersection(e.tags))


def _seats(st: ChezGeekState, seat: int, scope: str) -> range | list[int]:
    if scope == "own":
        return [seat]
    if scope == "other":
        return [s for s in range(st.n) if s != seat]
    return range(st.n)


def targets(st: ChezGeekState, seat: int, card: CardDef) -> list[tuple[str, int, int, int]]:
    """(notation, seat, room uid, destination) for each legal target of a Whenever."""
    defs = st.defs
    for e in card.effects:
        kind = e.kind
        if kind in ("income", "free_time") and e.target == "other":
            return [(str(s), s, -1, -1) for s in range(st.n) if s != seat]
        if kind not in TARGETED:
            continue
        found: list[tuple[str, int, int, int]] = []
        scope = "other" if kind == "take_thing" else e.scope
        for s in _seats(st, seat, scope):
            for i, c in enumerate(st.rooms[s]):
                d = defs[c[0]]
                if kind == "take_thing":
                    ok = d.kind == "Thing" and _matches(d, e)
                elif kind == "move_person":
                    ok = d.is_person and not d.cat
                elif kind == "discard_card":
                    ok = _matches(d, e) and not d.cat  # a Cat never leaves its room
                else:  # a Slack change: a Cat's Slack may change like any card's
                    ok = _matches(d, e)
                if not ok:
                    continue
                ref = room_ref(st, s, i)
                if kind == "move_person":
                    for dest in range(st.n):
                        if dest != s and people.may_enter(st, d, dest):
                            found.append((f"{ref}>{dest}", s, c[3], dest))
                else:
                    found.append((ref, s, c[3], -1))
        return found
    return [("", -1, -1, -1)]


def _answers(play: Announced, st: ChezGeekState, card: CardDef) -> bool:
    """Whether a cancel Whenever can cancel the announced ``play``."""
    e = card.cancel
    if e is None:
        return False
    pk = play.play_kind
    target = e.target
    if target == "call":
        return pk == P_CALL
    if target == "shopping":
        return pk == P_SHOP
    if target == "activity":
        return pk == P_ACTIVITY
    if target == "free_time":
        return pk in (P_SHOP, P_ACTIVITY)
    if target == "whenever":
        return pk == P_WHENEVER
    return any(e.tag in st.defs[st.slot_type[s]].tags for s in play.slots)


def whenever_plays(
    st: ChezGeekState, seat: int, context: StepKind, play: Announced | None
) -> list[Action]:
    """Whenevers ``seat`` may play now: in a window (answers), or on its own turn."""
    out: list[Action] = []
    defs = st.defs
    own_turn = seat == st.turn and context != D_WINDOW
    for t in hand_types(st, seat):
        card = defs[t]
        if card.kind != "Whenever" or not allowed(st, seat, card):
            continue
        if card.cancel is not None:
            if play is not None and _answers(play, st, card):
                out.append(st.game.play_action(t, "", -1, -1, -1))
            continue
        when = card.when
        if when == "own_turn" and not own_turn:
            continue
        if when == "own_free_time" and not (own_turn and context == D_FREE):
            continue
        if seat != st.turn and any(
            e.kind in ("income", "free_time") and e.target == "self" for e in card.effects
        ):
            continue  # this-turn Income and Free Time only matter on your own turn
        for text, tseat, uid, dest in targets(st, seat, card):
            out.append(st.game.play_action(t, text, tseat, uid, dest))
    return out


def apply_effects(st: ChezGeekState, play: Announced, t: int, card: CardDef) -> None:
    seat = play.seat
    continuing = False
    for e in card.effects:
        kind = e.kind
        if kind == "cancel":
            cast(Announced, st.stack[play.ref]).cancelled = True
        elif kind in ("income", "free_time"):
            who = play.target if e.target == "other" else seat
            if e.duration == "turns":
                st.table.append([t, who, e.turns, seat])
                continuing = True
            elif who == st.turn and st.phase >= CALL:
                if kind == "income":
                    st.income = max(0, st.income + e.amount)
                else:
                    st.ft = max(0, st.ft + e.amount)
            elif kind == "income":
                people.penalise(st, who, 0, -e.amount)
            else:
                people.penalise(st, who, -e.amount, 0)
        elif kind == "draw":
            room_for = st.jobdefs[st.job_of[seat]].hand_size - len(st.hands[seat])
            if room_for > 0:
                st.stack.append(Draw(seat, min(e.amount, room_for)))
        elif kind in TARGETED:
            room_effect(st, play, e)
    if not continuing:
        st.discard.append(t)
    st.log("resolves", seat, t, play.target)


def room_effect(st: ChezGeekState, play: Announced, e: Effect) -> None:
    owner, i = people.find(st, play.uid)
    if owner < 0:
        return  # the target left the room while the Whenever waited
    if e.kind == "move_person":
        if people.may_enter(st, st.defs[st.rooms[owner][i][0]], play.dest):
            people.send(st, play.uid, play.dest)
        return
    st.dirty = True
    if e.kind == "take_thing":
        entry = st.rooms[owner].pop(i)
        if e.to == "room":
            st.rooms[play.seat].append(entry)
        else:
            st.discard.append(entry[0])
        return
    if e.kind == "discard_card":
        st.discard.append(st.rooms[owner].pop(i)[0])
        return
    old = st.rooms[owner][i]  # slack: tokens change the card's value
    entry = st.rooms[owner][i] = (old[0], old[1] + e.amount, 1, old[3])
    printed = st.defs[entry[0]].slack
    if printed is not None and printed.fixed_value() > 0 and entry[1] <= 0:
        st.discard.append(st.rooms[owner].pop(i)[0])
        st.log("fizzles", entry[0], owner)
