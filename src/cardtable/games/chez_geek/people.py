"""People and Pets: Calls, uninvited guests, their costs, and getting rid of them.

The timing rule lives here: an unwanted Person's cost is paid the moment it
enters a room, and afterwards only when its host fails the roll to get rid of
it on the Roll phase (1-3 stays and costs, 4-6 leaves and costs nothing that
turn). A Free Time or Income cost on entering a room on another player's turn
finds nothing to take and is not carried over: the rulebook gives an unwanted
Person no effect before its host's roll, and none at all after a roll of 4-6.
Cats are never rolled for and can never be sent away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardtable.games.chez_geek.budget import penalise
from cardtable.games.chez_geek.cards import N_DICE, N_FIXED
from cardtable.games.chez_geek.steps import R_SLACK, PersonCost, Roll, SendPerson
from cardtable.games.chez_geek.zones import find, may_enter, put_in_room

if TYPE_CHECKING:
    from cardtable.games.chez_geek.core import ChezGeekCore

NOT_HOME: Final = 2  # a Call roll of 1-2: not home
STAYS: Final = 3  # a roll to get rid of a Person of 1-3: stays
REFUSAL_FREE_TIME: Final = 1  # what refusing a card cost costs instead


def place_person(st: ChezGeekCore, seat: int, t: int) -> None:
    """A Person arrives: invited ones may roll their Slack, unwanted ones cost at once."""
    card = st.defs[t]
    slack = card.slack
    if slack is not None and slack.kind == N_DICE:
        st.stack.append(Roll(st.actor, R_SLACK, held=t, target=seat, dice=slack.a, total=slack.b))
        return
    uid = put_in_room(st, seat, t, slack.a if slack is not None else 0, tokened=False)
    st.log("enters", t, seat)
    if card.unwanted:
        apply_stay(st, seat, uid, arriving=True)


def settle_slack(st: ChezGeekCore, t: int, seat: int, value: int) -> None:
    """Rolled Slack is known: zero or less discards the card (its Free Time stays used)."""
    st.log("slack", t, seat, value)
    if value <= 0:
        st.discard.append(t)
        st.log("fizzles", t, seat)
        return
    printed = st.defs[t].slack
    put_in_room(st, seat, t, value, tokened=printed is None or printed.kind == N_DICE)


def call_roll(st: ChezGeekCore, step: Roll, roll: int) -> None:
    bonus = st.jobdefs[st.job_of[step.seat]].call_bonus
    t = step.held
    if roll + bonus <= NOT_HOME:
        st.discard.append(t)
        st.log("not-home", t)
        return
    place_person(st, step.target, t)


def evict_roll(st: ChezGeekCore, step: Roll, roll: int) -> None:
    seat, i = find(st, step.uid)
    if seat < 0:
        return
    bonus = st.jobdefs[st.job_of[seat]].evict_bonus
    if roll + bonus <= STAYS:
        st.log("stays", st.rooms[seat][i][0], seat)
        apply_stay(st, seat, step.uid)
        return
    st.stack.append(SendPerson(seat, step.uid))


def send_choices(st: ChezGeekCore, uid: int) -> list[int]:
    seat, i = find(st, uid)
    card = st.defs[st.rooms[seat][i][0]]
    return [s for s in range(st.n) if s != seat and may_enter(st, card, s)]


def send(st: ChezGeekCore, uid: int, dest: int) -> None:
    """Move a Person to another room (or to the discards with ``dest == -1``)."""
    seat, i = find(st, uid)
    entry = st.rooms[seat].pop(i)
    st.dirty = True
    t = entry[0]
    if dest < 0:
        st.discard.append(t)
        st.log("leaves", t, seat)
        return
    card = st.defs[t]
    if card.slack is not None and card.slack.kind == N_FIXED:
        new_uid = put_in_room(st, dest, t, card.slack.a, tokened=False)  # back to printed
    else:  # rolled Slack travels with its tokens
        new_uid = put_in_room(st, dest, t, entry[1], tokened=bool(entry[2]))
    st.log("moves", t, seat, dest)
    if card.unwanted:
        apply_stay(st, dest, new_uid, arriving=True)


def apply_stay(st: ChezGeekCore, seat: int, uid: int, *, arriving: bool = False) -> None:
    """An unwanted Person's cost for staying (or ``arriving``) in ``seat``'s room."""
    _, i = find(st, uid)
    room = st.rooms[seat]
    entry = room[i]
    card = st.defs[entry[0]]
    budget_now = not arriving or seat == st.turn
    effects = st.game.effects
    for e in card.stay:
        rule = effects[e.kind]
        if rule.budget and not budget_now:
            continue  # not this host's turn: no Free Time or Income to lose
        rule.stay(st, seat, i, e)
    st.log("costs", entry[0], seat)


def cost_choices(st: ChezGeekCore, step: PersonCost) -> list[int]:
    """Card types the host may discard to pay a card cost (any card with ``or_any``)."""
    hand_types = sorted({st.slot_type[s] for s in st.hands[step.seat]})
    if step.tags and not step.or_any:
        return [t for t in hand_types if st.defs[t].tags.intersection(step.tags)]
    return hand_types


def refuse_cost(st: ChezGeekCore, seat: int) -> None:
    """A card cost refused (or impossible with an empty hand) costs 1 Free Time instead.

    Refusing is always allowed, so nobody learns whether the host could have paid.
    """
    penalise(st, seat, REFUSAL_FREE_TIME, 0)
    st.log("refuses", seat)
