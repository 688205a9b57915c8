"""Decisions: what is legal at each step, applying it, and announced plays.

A Call, a Shopping trip, an Activity or a Whenever is *announced*: it goes on
the stack as a ``PLAY`` with a reaction ``WINDOW`` above it. The window asks
every other seat in turn (clockwise from the player's left) whether or not it
holds an answer, so being asked reveals nothing; a seat without one can only
pass. An answer opens its own window and, once settled, the earlier window
goes on with the next seat. A play reaches the top again when its window has
closed, and resolves then - or, if cancelled, never happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from cardtable.engine.game import Action
from cardtable.games.chez_geek import actions as act
from cardtable.games.chez_geek import people, whenevers
from cardtable.games.chez_geek.actions import Call, CardAct, Play, Send
from cardtable.games.chez_geek.cards import N_DICE
from cardtable.games.chez_geek.codes import CALL_ANYWHERE, CALL_PET, NOT_CALLED
from cardtable.games.chez_geek.flow import job_choices
from cardtable.games.chez_geek.steps import (
    D_CALLS,
    D_FREE,
    D_WINDOW,
    P_ACTIVITY,
    P_CALL,
    P_SHOP,
    P_WHENEVER,
    R_CALL,
    R_SLACK,
    Announced,
    CallPeople,
    Discard,
    FreeTime,
    PersonCost,
    PickJob,
    Roll,
    SendPerson,
    Shopping,
    Window,
)
from cardtable.games.chez_geek.whenevers import whenever_plays
from cardtable.games.chez_geek.zones import (
    can_do,
    hand_types,
    may_enter,
    put_in_room,
    take_from_hand,
)

if TYPE_CHECKING:
    from cardtable.games.chez_geek.core import ChezGeekCore

MAX_HAND_AFTER_DISCARD: Final = 5


# ---- legal actions ---------------------------------------------------------------------
def legal(st: ChezGeekCore) -> list[Action]:
    top = st.stack[-1]
    seat = st.cp
    assert isinstance(seat, int)  # noqa: S101 - only called at decision nodes
    game = st.game
    defs = st.defs
    if type(top) is Window:
        return [act.PASS, *whenever_plays(st, seat, D_WINDOW, cast(Announced, st.stack[top.ref]))]
    if type(top) is CallPeople:
        out: list[Action] = [act.DONE]
        calls = game.call_actions
        call_kind = game.call_kind
        banned = game.banned[st.job_of[seat]]
        for t in hand_types(st, seat):
            how = call_kind[t]
            if how == NOT_CALLED or banned[t]:
                continue
            if how == CALL_PET:
                out.append(calls[t][seat])
            elif how == CALL_ANYWHERE:
                out.extend(calls[t])
            else:
                card = defs[t]
                row = calls[t]
                for dest in range(st.n):
                    if may_enter(st, card, dest):
                        out.append(row[dest])
        out.extend(whenever_plays(st, seat, D_CALLS, None))
        return out
    if type(top) is FreeTime:
        out = [act.DONE]
        if st.ft > 0:
            out.append(act.SHOP)  # whether a Thing is affordable is not for others to learn
            is_activity = game.is_activity
            for t in hand_types(st, seat):
                if is_activity[t] and can_do(st, seat, defs[t]):
                    out.append(game.do_actions[t])
        out.extend(whenever_plays(st, seat, D_FREE, None))
        return out
    if type(top) is Shopping:
        is_thing = game.is_thing
        banned = game.banned[st.job_of[seat]]
        out = [
            game.buy_actions[t]
            for t in hand_types(st, seat)
            if is_thing[t] and defs[t].cost <= st.income and not banned[t]
        ]
        out.append(act.CHECKOUT)
        return out
    if type(top) is SendPerson:
        return [act.DISMISS, *(act.SEND[s] for s in people.send_choices(st, top.uid))]
    if type(top) is PersonCost:
        choices = people.cost_choices(st, top)
        discards = game.discard_actions
        return [act.PASS, *[discards[t] for t in choices]]
    if type(top) is Discard:
        hand = st.hands[seat]
        out = [game.discard_actions[t] for t in hand_types(st, seat)] if len(hand) > 1 else []
        if len(hand) <= MAX_HAND_AFTER_DISCARD:
            out.insert(0, act.DONE)
        return out
    if type(top) is PickJob:
        return [game.pick_actions[j] for j in job_choices(st, st.pair_pool)]
    raise RuntimeError(f"no decision at step {top.kind.label}")


# ---- applying a decision --------------------------------------------------------------
def announce(st: ChezGeekCore, seat: int, play: Announced) -> None:
    """Put a play on the stack and open the window every other seat is asked in."""
    stack = st.stack
    stack.append(play)
    n = st.n
    order = tuple((seat + i) % n for i in range(1, n))
    stack.append(Window(seat, order, len(stack) - 1))
    st.actor = seat
    st.log(
        "announce", seat, play.play_kind, tuple(st.slot_type[s] for s in play.slots), play.target
    )


def play_whenever(st: ChezGeekCore, seat: int, action: Play, answering: int) -> None:
    slot = take_from_hand(st, seat, action.card)
    card = st.defs[action.card]
    ref = answering if card.cancel is not None else -1
    play = Announced(
        seat, P_WHENEVER, (slot,), target=action.tseat, uid=action.uid, dest=action.dest, ref=ref
    )
    announce(st, seat, play)


def apply_decision(st: ChezGeekCore, action: Action) -> None:
    stack = st.stack
    top = stack[-1]
    seat = st.cp
    assert isinstance(seat, int)  # noqa: S101 - decisions only
    if type(top) is Window:
        top.pos += 1
        if isinstance(action, Play):
            play_whenever(st, seat, action, top.ref)
        return
    if isinstance(action, Play):
        play_whenever(st, seat, action, -1)
        return
    if type(top) is CallPeople:
        if action is act.DONE or action == act.DONE:
            stack.pop()
            return
        assert isinstance(action, Call), "legal calls: Call or done"
        slot = take_from_hand(st, seat, action.card)
        announce(st, seat, Announced(seat, P_CALL, (slot,), target=action.seat))
        return
    if type(top) is FreeTime:
        if action == act.DONE:
            stack.pop()
        elif action == act.SHOP:
            st.ft -= 1
            stack.append(Shopping(seat))
            st.log("shop", seat)
        else:
            assert isinstance(action, CardAct), "legal free actions: done, shop or a card"
            t = action.card
            st.ft -= 1
            st.income -= st.defs[t].cost
            slot = take_from_hand(st, seat, t)
            announce(st, seat, Announced(seat, P_ACTIVITY, (slot,), target=seat))
        return
    if type(top) is Shopping:
        if action == act.CHECKOUT:
            stack.pop()
            if not top.slots:
                st.log("empty-trip", seat)
                return
            announce(
                st, seat, Announced(seat, P_SHOP, tuple(top.slots), target=seat, spent=top.spent)
            )
            return
        assert isinstance(action, CardAct), "legal in a shopping trip: checkout or a card"
        t = action.card
        top.slots.append(take_from_hand(st, seat, t))
        top.spent += st.defs[t].cost
        st.income -= st.defs[t].cost
        return
    if type(top) is SendPerson:
        stack.pop()
        people.send(st, top.uid, action.seat if isinstance(action, Send) else -1)
        return
    if type(top) is PersonCost:
        stack.pop()
        if isinstance(action, CardAct):
            st.discard.append(st.slot_type[take_from_hand(st, seat, action.card)])
            st.log("pays", seat, action.card)
        else:
            people.refuse_cost(st, seat)
        return
    if type(top) is Discard:
        if action == act.DONE:
            stack.pop()
            return
        assert isinstance(action, CardAct), "legal discards: done or a card"
        st.discard.append(st.slot_type[take_from_hand(st, seat, action.card)])
        st.log("discards", seat, action.card)
        return
    if type(top) is PickJob:
        stack.pop()
        assert isinstance(action, CardAct), "legal Job picks: cards only"
        st.job_of[seat] = action.card
        st.job_pile.remove(action.card)
        st.log("job", seat, action.card)


# ---- resolving an announced play -------------------------------------------------------
def resolve(st: ChezGeekCore, play: Announced) -> None:
    """The play's window has closed: it happens, or (cancelled) it never did."""
    seat = play.seat
    pk = play.play_kind
    slot_type = st.slot_type
    defs = st.defs
    st.actor = seat
    if play.cancelled:
        if pk == P_SHOP:
            st.hands[seat].extend(play.slots)  # the Things go back to hand, Income unspent
            st.income += play.spent
        else:
            if pk == P_ACTIVITY:
                st.income += defs[slot_type[play.slots[0]]].cost
            st.discard.extend(slot_type[s] for s in play.slots)
        st.log("cancelled", seat, pk, tuple(slot_type[s] for s in play.slots))
        return
    if pk == P_SHOP:
        for s in play.slots:
            t = slot_type[s]
            card = defs[t]
            put_in_room(st, seat, t, card.slack.a if card.slack is not None else 0, tokened=False)
            for e in card.effects:
                if e.duration == "turn":
                    more_income, more_ft = st.game.effects[e.kind].gives(e)
                    st.ft += more_ft
                    st.income += more_income
        st.log("bought", seat, tuple(slot_type[s] for s in play.slots))
        return
    t = slot_type[play.slots[0]]
    card = defs[t]
    if pk == P_CALL:
        if card.invited:
            st.stack.append(Roll(seat, R_CALL, held=t, target=play.target))
        else:
            people.place_person(st, play.target, t)
        return
    if pk == P_ACTIVITY:
        slack = card.slack
        assert slack is not None  # noqa: S101 - the loader requires it
        if slack.kind == N_DICE:
            job = st.jobdefs[st.job_of[seat]]
            bonus = job.roll_bonus if job.roll_bonus_tag in card.tags else 0
            st.stack.append(
                Roll(seat, R_SLACK, held=t, target=seat, dice=slack.a, total=slack.b + bonus)
            )
        else:
            people.settle_slack(st, t, seat, slack.a)
        return
    whenevers.apply_effects(st, play, t, card)
