"""Hands and rooms: which cards a seat holds, may play, where room cards are and their names.

Small helpers shared by the decision code (``plays``), the People rules
(``people``) and the effect rules (``effects``); playing a card from hand is
where its slot becomes public, and a card entering a room gets its uid here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.games.chez_geek.cards import CardDef
    from cardtable.games.chez_geek.core import ChezGeekCore


def hand_types(st: ChezGeekCore, seat: int) -> list[int]:
    """The card types in a hand, each once, in type order.

    Sorted first and then kept where a type differs from the one before: compiled,
    that compares unboxed ints, where a search of the list so far (``in``) or a set
    goes through the generic object protocol for every card.
    """
    slot_type = st.slot_type
    return distinct_sorted([slot_type[s] for s in st.hands[seat]])


def distinct_sorted(types: list[int]) -> list[int]:
    """These types sorted, each once (sorts ``types`` in place)."""
    types.sort()
    out: list[int] = []
    prev = -1
    for t in types:
        if t != prev:
            out.append(t)
            prev = t
    return out


def allowed(st: ChezGeekCore, seat: int, card: CardDef) -> bool:
    """A Job's disadvantage: some tags it cannot play."""
    return not st.game.banned[st.job_of[seat]][card.index]


def take_from_hand(st: ChezGeekCore, seat: int, t: int) -> int:
    """Play a card of type ``t`` from hand: its slot is now seen by everyone."""
    hand = st.hands[seat]
    slot_type = st.slot_type
    for i, slot in enumerate(hand):
        if slot_type[slot] == t:
            del hand[i]
            st.revealed[slot] = True
            return slot
    raise LookupError(f"seat {seat} holds no {st.defs[t].name}")  # legality is checked first


def room_ref(st: ChezGeekCore, seat: int, index: int) -> str:
    room = st.rooms[seat]
    t = room[index][0]
    nth = 1 + sum(1 for c in room[:index] if c[0] == t)
    slug = st.defs[t].slug
    return f"{seat}:{slug}" if nth == 1 else f"{seat}:{slug}#{nth}"


def can_do(st: ChezGeekCore, seat: int, card: CardDef) -> bool:
    """An Activity's Cost and requirements (a Nookie needs an invited Person there...)."""
    if card.cost > st.income or not allowed(st, seat, card):
        return False
    req = card.requires
    room = st.rooms[seat]
    defs = st.defs
    if req.invited_person and not any(defs[c[0]].invited for c in room):
        return False
    for tag in req.tags_in_room:
        if not any(tag in defs[c[0]].tags for c in room):
            return False
    return not req.jobs or st.jobdefs[st.job_of[seat]].name in req.jobs


def find(st: ChezGeekCore, uid: int) -> tuple[int, int]:
    """(seat, index) of a room card by uid, or (-1, -1) if it has left."""
    for seat, room in enumerate(st.rooms):
        for i, card in enumerate(room):
            if card[3] == uid:
                return seat, i
    return -1, -1


def may_enter(st: ChezGeekCore, card: CardDef, seat: int) -> bool:
    """Whether a Person may enter ``seat``'s room (its card bars some Jobs or rooms)."""
    if card.barred_jobs and st.jobdefs[st.job_of[seat]].name in card.barred_jobs:
        return False
    if card.barred_if_room_has:
        for c in st.rooms[seat]:
            if st.defs[c[0]].tags.intersection(card.barred_if_room_has):
                return False
    return True


def put_in_room(st: ChezGeekCore, seat: int, t: int, slack: int, *, tokened: bool) -> int:
    """A card enters a room with its Slack (tokens mark a value other than the printed one)."""
    uid = st.next_uid
    st.next_uid += 1
    st.rooms[seat].append((t, slack, int(tokened), uid))
    st.dirty = True
    return uid
