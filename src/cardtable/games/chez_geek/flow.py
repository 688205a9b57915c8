"""The turn's five phases, dealing, drawing, dice, and the end of a game.

Draw, Roll, Call People, Free Time, Discard: each phase pushes its steps on
the stack and, when the stack is empty again, ``next_phase`` moves on. Games of
a match follow one another here too (the winner picks a Job first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.errors import BadDealError
from cardtable.games.chez_geek import people
from cardtable.games.chez_geek.actions import Chance
from cardtable.games.chez_geek.cards import slugify
from cardtable.games.chez_geek.phases import CALL, DISCARD, DRAW, FREE, ROLL, SETUP
from cardtable.games.chez_geek.steps import (
    CALL_STEPS,
    DISCARD_STEPS,
    FREE_STEPS,
    R_CALL,
    R_EVICT,
    R_FREE_TIME,
    R_INCOME,
    R_SLACK,
    AnyStep,
    DealJob,
    Draw,
    PickJob,
    Roll,
)
from cardtable.games.chez_geek.zones import put_in_room

if TYPE_CHECKING:
    from cardtable.games.chez_geek.cards import JobDef
    from cardtable.games.chez_geek.core import ChezGeekCore

START_HAND = 5
PAIR_JOBS = ("slacker", "drummer")  # the two-player Job rule


# ---- dealing -------------------------------------------------------------------------
def _job_pool(st: ChezGeekCore) -> tuple[list[int], list[int]]:
    """(the Job pile, the Jobs the two-player rule sets apart for the players)."""
    jobs = list(range(len(st.jobdefs)))
    if st.n != 2:
        return jobs, []
    pair = [j.index for j in st.jobdefs if j.slug in PAIR_JOBS]
    if len(pair) != 2:
        return jobs, []
    return [j for j in jobs if j not in pair], pair


def start_game(st: ChezGeekCore, deal: Any) -> None:
    """Deal a game: Jobs face up, five Life cards each (or the explicit deal)."""
    n = st.n
    st.first = st.game_no % n
    st.turns = 0
    st.winner = -1
    st.phase = SETUP
    st.hands = [[] for _ in range(n)]
    st.rooms = [[] for _ in range(n)]
    st.discard = []
    st.table = []
    st.stack.clear()  # in place: the state's driving loop holds this list
    st.pen_ft = [0] * n
    st.pen_income = [0] * n
    st.job_of = [-1] * n
    pile, pair = _job_pool(st)
    give = st.game.settings["two_player_jobs"] == "give" and bool(pair)
    st.job_pile = sorted(pile + pair)  # every Job is in the box until dealt
    st.set_aside = [] if give else pair
    st.pair_pool = tuple(pair) if give else ()
    if st.game_no > 0:
        st.epoch += 1
        st.epoch_pool.append(list(st.full))
        st.pile = list(st.full)
        st.pile_n = sum(st.pile)
        st.forced = []
        st.forced_pos = 0
    if deal is not None and st.game_no == 0:
        _apply_deal(st, deal)
        return
    steps: list[AnyStep] = []
    picker = st.last_winner if st.game_no > 0 else -1
    if picker >= 0:
        steps.append(PickJob(picker))
    for seat in range(n):
        if seat != picker:
            steps.append(DealJob(seat, st.pair_pool))
    for i in range(n):
        steps.append(Draw((st.first + i) % n, START_HAND))
    st.stack.extend(reversed(steps))


def job_choices(st: ChezGeekCore, pool: tuple[int, ...]) -> list[int]:
    """The Jobs a deal or a pick may give: the pair (two-player option) or the pile."""
    if pool:
        return [j for j in pool if j in st.job_pile]
    return [j for j in st.job_pile if j not in st.set_aside]


def _card_index(st: ChezGeekCore, name: Any, where: str) -> int:
    card = st.game.deck_def.card_by_slug.get(slugify(name)) if isinstance(name, str) else None
    if card is None:
        raise BadDealError(f"{where}: {name!r} is not a card of this deck")
    return card.index


def _apply_deal(st: ChezGeekCore, deal: Any) -> None:
    """An explicit deal: ``jobs``, ``hands``, and optionally ``rooms``, ``deck``, ``first``."""
    n = st.n
    if not isinstance(deal, dict) or not {"jobs", "hands"} <= set(deal):
        raise BadDealError(
            'a Chez Geek deal is {"jobs": [n Job names], "hands": [n lists of cards], '
            'optional "rooms": [n lists of "card" or "card=slack"], "deck": [top cards], '
            '"first": seat}'
        )
    extra = sorted(set(deal) - {"jobs", "hands", "rooms", "deck", "first"})
    if extra:
        raise BadDealError(f"unknown deal field(s): {', '.join(extra)}")
    jobs, hands = deal["jobs"], deal["hands"]
    rooms = deal.get("rooms", [[] for _ in range(n)])
    for key, value in (("jobs", jobs), ("hands", hands), ("rooms", rooms)):
        if not isinstance(value, list) or len(value) != n:
            raise BadDealError(f"deal field {key!r} needs one entry per seat ({n})")
    first = deal.get("first", 0)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n:
        raise BadDealError(f"deal field 'first' must be a seat 0..{n - 1}")
    st.first = first
    used = [0] * len(st.defs)
    job_slugs = st.game.deck_def.job_by_slug
    for seat, name in enumerate(jobs):
        job = job_slugs.get(slugify(name)) if isinstance(name, str) else None
        if job is None:
            raise BadDealError(f"jobs[{seat}]: {name!r} is not a Job of this deck")
        if job.index not in job_choices(st, st.pair_pool):
            raise BadDealError(f"jobs[{seat}]: {job.name} is dealt twice or set aside")
        st.job_pile.remove(job.index)
        st.job_of[seat] = job.index
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) > st.jobdefs[st.job_of[seat]].hand_size:
            raise BadDealError(f"hands[{seat}] must be a list no longer than the hand size")
        for name in hand:
            t = _card_index(st, name, f"hands[{seat}]")
            used[t] += 1
            _new_slot(st, seat, t, -1, -1)
    for seat, room in enumerate(rooms):
        if not isinstance(room, list):
            raise BadDealError(f"rooms[{seat}] must be a list of cards")
        for entry in room:
            name, _, slack_text = str(entry).partition("=")
            t = _card_index(st, name, f"rooms[{seat}]")
            card = st.defs[t]
            if slack_text:
                try:
                    slack = int(slack_text)
                except ValueError as exc:
                    raise BadDealError(f"rooms[{seat}]: bad Slack in {entry!r}") from exc
            else:
                slack = card.slack.fixed_value() if card.slack is not None else 0
            used[t] += 1
            put_in_room(st, seat, t, slack, tokened=bool(slack_text))
    deck = deal.get("deck", [])
    if not isinstance(deck, list):
        raise BadDealError("deal field 'deck' must be a list of cards, top first")
    for name in deck:
        t = _card_index(st, name, "deck")
        used[t] += 1
        st.forced.append(t)
    for t, count in enumerate(used):
        if count > st.full[t]:
            raise BadDealError(
                f"the deal uses {count} {st.defs[t].name}; the deck has {st.full[t]}"
            )
    in_rooms = [0] * len(st.defs)
    for room in st.rooms:
        for c in room:
            in_rooms[c[0]] += 1
    in_hands = [0] * len(st.defs)
    for hand in st.hands:
        for slot in hand:
            in_hands[st.slot_type[slot]] += 1
    st.epoch_pool = [[f - r for f, r in zip(st.full, in_rooms, strict=True)]]
    # the forced top cards are still in the pile: they are only drawn in a known order
    st.pile = [f - r - h for f, r, h in zip(st.full, in_rooms, in_hands, strict=True)]
    st.pile_n = sum(st.pile)
    st.dirty = False


def rewrite_deal(st: ChezGeekCore) -> dict[str, Any]:
    """The explicit deal of a resampled state: hidden hands and draws re-dealt."""
    deal = dict(st.deal)
    hands: list[list[str]] = [[] for _ in range(st.n)]
    for slot, hist in enumerate(st.slot_hist):
        if hist < 0 and st.slot_forced[slot] < 0 and st.slot_epoch[slot] == 0:
            hands[st.slot_seat[slot]].append(st.defs[st.slot_type[slot]].name)
    deal["hands"] = hands
    deck = [""] * st.forced_pos
    for slot, pos in enumerate(st.slot_forced):
        if 0 <= pos < st.forced_pos:
            deck[pos] = st.defs[st.slot_type[slot]].name
    deal["deck"] = deck
    return deal


def _new_slot(st: ChezGeekCore, seat: int, t: int, hist: int, forced: int) -> None:
    st.slot_type.append(t)
    st.slot_seat.append(seat)
    st.slot_epoch.append(st.epoch)
    st.slot_hist.append(hist)
    st.slot_forced.append(forced)
    st.revealed.append(False)
    st.hands[seat].append(len(st.slot_type) - 1)


def can_draw(st: ChezGeekCore) -> bool:
    """Whether a card can be drawn; an empty pile is first refilled from the discards."""
    if st.pile_n > 0:
        return True
    if not st.discard:
        return False
    counts = [0] * len(st.defs)
    for t in st.discard:
        counts[t] += 1
    st.discard = []
    st.epoch += 1
    st.epoch_pool.append(counts[:])
    st.pile = counts
    st.pile_n = sum(counts)
    st.log("reshuffle", st.pile_n)
    return True


# ---- chance ----------------------------------------------------------------------------
def apply_chance(st: ChezGeekCore, action: Chance) -> None:
    top = st.stack[-1]
    if type(top) is Draw:
        t = action.value
        forced = st.forced_pos if st.forced_pos < len(st.forced) else -1
        if forced >= 0:
            st.forced_pos += 1
        st.pile[t] -= 1
        st.pile_n -= 1
        _new_slot(st, top.seat, t, st.move_number(), forced)
        top.count -= 1
        st.log("draw", top.seat)
        return
    if type(top) is DealJob:
        st.stack.pop()
        st.job_of[top.seat] = action.value
        st.job_pile.remove(action.value)
        st.log("job", top.seat, action.value)
        return
    assert type(top) is Roll, "a chance step is a deal, a draw or a roll"  # noqa: S101
    roll = action.value
    purpose = top.purpose
    st.log("roll", top.seat, roll, purpose)
    if purpose == R_SLACK:
        top.total += roll
        top.dice -= 1
        if top.dice <= 0:
            st.stack.pop()
            people.settle_slack(st, top.held, top.target, top.total)
        return
    st.stack.pop()
    if purpose in (R_INCOME, R_FREE_TIME):
        job = _job(st, st.turn)
        num = job.income if purpose == R_INCOME else job.free_time
        value = num.a if roll <= 3 else num.b
        if purpose == R_INCOME:
            st.base_income = value
        else:
            st.base_ft = value
    elif purpose == R_EVICT:
        people.evict_roll(st, top, roll)
    elif purpose == R_CALL:
        people.call_roll(st, top, roll)


# ---- phases ----------------------------------------------------------------------------
def _job(st: ChezGeekCore, seat: int) -> JobDef:
    """The seat's Job; a turn without one is a broken deal, never the last Job by wrap-around."""
    index = st.job_of[seat]
    if index < 0:
        raise RuntimeError(f"seat {seat} has no Job in game {st.game_no + 1}")
    return st.jobdefs[index]


def next_phase(st: ChezGeekCore) -> None:
    """The stack is empty: move to the next phase (or the next turn)."""
    phase = st.phase
    if phase == SETUP:
        _begin_turn(st, st.first)
    elif phase == DRAW:
        _begin_roll(st)
    elif phase == ROLL:
        _finish_roll(st)
        st.phase = CALL
        st.stack.append(CALL_STEPS[st.turn])
    elif phase == CALL:
        st.phase = FREE
        st.stack.append(FREE_STEPS[st.turn])
    elif phase == FREE:
        st.phase = DISCARD
        st.stack.append(DISCARD_STEPS[st.turn])
    else:
        _end_turn(st)


def _begin_turn(st: ChezGeekCore, seat: int) -> None:
    st.turn = seat
    st.actor = seat
    st.phase = DRAW
    st.income = 0
    st.ft = 0
    st.log("turn", seat)
    need = _job(st, seat).hand_size - len(st.hands[seat])
    if need > 0:
        st.stack.append(Draw(seat, need))


def _begin_roll(st: ChezGeekCore) -> None:
    st.phase = ROLL
    seat = st.turn
    job = _job(st, seat)
    steps: list[AnyStep] = []
    st.base_income = job.income.a
    st.base_ft = job.free_time.a
    if job.income.variable:
        steps.append(Roll(seat, R_INCOME))
    if job.free_time.variable:
        steps.append(Roll(seat, R_FREE_TIME))
    for card in st.rooms[seat]:
        d = st.defs[card[0]]
        if d.unwanted:
            steps.append(Roll(seat, R_EVICT, uid=card[3]))
    st.stack.extend(reversed(steps))


def _finish_roll(st: ChezGeekCore) -> None:
    """This turn's Income and Free Time: the rolled base, cards in the room, penalties."""
    seat = st.turn
    income = st.base_income - st.pen_income[seat]
    ft = st.base_ft - st.pen_ft[seat]
    st.pen_income[seat] = 0
    st.pen_ft[seat] = 0
    for card in st.rooms[seat]:
        for e in st.defs[card[0]].effects:
            if e.duration == "stay":
                more_income, more_ft = st.game.effects[e.kind].gives(e)
                income += more_income
                ft += more_ft
    keep = []
    for entry in st.table:
        if entry[1] != seat:
            keep.append(entry)
            continue
        for e in st.defs[entry[0]].effects:
            if e.duration == "turns":
                more_income, more_ft = st.game.effects[e.kind].gives(e)
                income += more_income
                ft += more_ft
        entry[2] -= 1
        if entry[2] > 0:
            keep.append(entry)
        else:
            st.discard.append(entry[0])
            st.log("expires", entry[0], seat)
    st.table = keep
    st.income = max(0, income)
    st.ft = max(0, ft)
    st.log("budget", seat, st.income, st.ft)


def _end_turn(st: ChezGeekCore) -> None:
    st.income = 0
    st.ft = 0
    st.turns += 1
    if st.turns >= st.turn_limit * st.n:
        best = max(range(st.n), key=lambda s: (st.goal_ratio(s), -((s - st.first) % st.n)))
        end_game(st, best, "turn limit")
        return
    _begin_turn(st, (st.turn + 1) % st.n)


# ---- winning ---------------------------------------------------------------------------
def check_win(st: ChezGeekCore) -> bool:
    """Whoever has reached their Slack Goal wins at once (the acting player first)."""
    for i in range(st.n):
        seat = (st.actor + i) % st.n
        if st.job_of[seat] >= 0 and st.slack_of(seat) >= st.goal(seat):
            end_game(st, seat, "Slack Goal")
            return True
    return False


def end_game(st: ChezGeekCore, winner: int, reason: str) -> None:
    st.winner = winner
    st.last_winner = winner
    st.wins[winner] += 1
    st.log("win", winner, reason, st.slack_of(winner))
    st.game_no += 1
    if st.game_no >= st.games:
        st.over = True
        return
    start_game(st, None)
