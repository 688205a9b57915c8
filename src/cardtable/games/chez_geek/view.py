"""What a seat sees (observation), the public log in words, and the terminal view.

Everything here is public except the seat's own hand: rooms, Slack, Jobs,
the discards, the stack of announced plays and who is asked in a window.
Nothing in an observation depends on another seat's hidden cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from cardtable.games.chez_geek.schema import (
    AnsweringView,
    ChezGeekObservation,
    ChezGeekPublicView,
    PlayerView,
    PromptView,
    RoomCardView,
    StackPlayView,
)
from cardtable.games.chez_geek.steps import (
    PLAY_NAMES,
    ROLL_NAMES,
    Announced,
    PersonCost,
    Roll,
    SendPerson,
    Shopping,
    Window,
)
from cardtable.games.chez_geek.zones import find

if TYPE_CHECKING:
    from cardtable.games.chez_geek.core import ChezGeekCore, ChezGeekTables

LOG_TAIL = 8


def _room(st: ChezGeekCore, seat: int) -> list[RoomCardView]:
    defs = st.defs
    return [{"card": defs[c[0]].slug, "slack": c[1], "tokens": bool(c[2])} for c in st.rooms[seat]]


def _stack(st: ChezGeekCore) -> list[StackPlayView]:
    out: list[StackPlayView] = []
    for step in st.stack:
        if type(step) is not Announced:
            continue
        out.append(
            {
                "play": step.play_kind.label,
                "by": step.seat,
                "cards": [st.defs[st.slot_type[s]].slug for s in step.slots],
                "target": step.target if step.target >= 0 else None,
                "cancelled": step.cancelled,
            }
        )
    return out


def _room_card(st: ChezGeekCore, uid: int) -> str | None:
    seat, i = find(st, uid)
    return st.defs[st.rooms[seat][i][0]].slug if seat >= 0 else None


def _prompt(st: ChezGeekCore) -> PromptView | None:
    if st.over or not st.stack:
        return None
    top = st.stack[-1]
    prompt: PromptView = {"step": top.kind.label, "seat": top.seat}
    if type(top) is Window:
        play = cast(Announced, st.stack[top.ref])
        answering: AnsweringView = {
            "play": play.play_kind.label,
            "by": play.seat,
            "cards": [st.defs[st.slot_type[s]].slug for s in play.slots],
        }
        prompt["answering"] = answering
        prompt["asked"] = top.order[top.pos] if top.pos < len(top.order) else None
    elif type(top) is Shopping:
        prompt["cart"] = [st.defs[st.slot_type[s]].slug for s in top.slots]
    elif type(top) is SendPerson:
        card = _room_card(st, top.uid)
        if card is not None:
            prompt["card"] = card
    elif type(top) is PersonCost:
        if top.tags:
            prompt["tags"] = list(top.tags)
    elif type(top) is Roll:
        if top.uid >= 0:  # the Person rolled for (before the purpose: the order views had)
            card = _room_card(st, top.uid)
            if card is not None:
                prompt["card"] = card
        prompt["purpose"] = top.purpose.label
        if top.held >= 0:  # the Person called or the card whose Slack is rolled
            prompt["card"] = st.defs[top.held].slug
    return prompt


def observation(st: ChezGeekCore, seat: int) -> ChezGeekObservation:
    defs = st.defs
    players: list[PlayerView] = []
    for s in range(st.n):
        job = st.jobdefs[st.job_of[s]] if st.job_of[s] >= 0 else None
        players.append(
            {
                "seat": s,
                "job": job.slug if job else None,
                "slack": st.slack_of(s),
                "goal": job.slack_goal if job else None,
                "hand": len(st.hands[s]),
                "room": _room(st, s),
                "owed_free_time": st.pen_ft[s],
                "owed_income": st.pen_income[s],
            }
        )
    cp = st.cp
    return {
        "game": "chez-geek",
        "seat": seat,
        "match": {"game": min(st.game_no + 1, st.games), "games": st.games, "wins": st.wins[:]},
        "turn": st.turn,
        "phase": st.phase.label,
        "to_act": cp if isinstance(cp, int) else None,
        "income": st.income,
        "free_time": st.ft,
        "players": players,
        "hand": sorted(defs[st.slot_type[s]].slug for s in st.hands[seat]),
        "draw_pile": st.pile_n,
        "discard": [defs[t].slug for t in st.discard],
        "table": [
            {"card": defs[e[0]].slug, "on": e[1], "turns": e[2], "by": e[3]} for e in st.table
        ],
        "stack": _stack(st),
        "prompt": _prompt(st),
        "log": _tail(st),
        "result": (
            {
                "wins": st.wins[:],
                "places": st.places(),
                "last_winner": st.last_winner,
                "reason": _win_reason(st),
            }
            if st.over
            else None
        ),
    }


def _prompt_digest(st: ChezGeekCore) -> tuple[object, ...] | None:
    """``_prompt`` as a tuple of the same values (card types for slugs, kinds for labels)."""
    if st.over or not st.stack:
        return None
    top = st.stack[-1]
    slot_type = st.slot_type
    if type(top) is Window:
        play = cast(Announced, st.stack[top.ref])
        asked = top.order[top.pos] if top.pos < len(top.order) else None
        cards = tuple([slot_type[s] for s in play.slots])
        return (top.kind, top.seat, play.play_kind, play.seat, cards, asked)
    if type(top) is Shopping:
        return (top.kind, top.seat, tuple([slot_type[s] for s in top.slots]))
    if type(top) is SendPerson:
        return (top.kind, top.seat, _room_type(st, top.uid))
    if type(top) is PersonCost:
        return (top.kind, top.seat, top.tags)
    if type(top) is Roll:
        # the view's "card" key comes before "purpose" when the rolled-for Person is in a
        # room, after it when only the held card names it; its value is the held card's
        first = _room_type(st, top.uid) if top.uid >= 0 else -1
        card = top.held if top.held >= 0 else first
        return (top.kind, top.seat, first >= 0, card, top.purpose)
    return (top.kind, top.seat)


def _room_type(st: ChezGeekCore, uid: int) -> int:
    """The type of a room card by uid, or -1 if it has left (``_room_card``'s slug)."""
    seat, i = find(st, uid)
    return st.rooms[seat][i][0] if seat >= 0 else -1


def information_digest(st: ChezGeekCore, seat: int) -> tuple[object, ...]:
    """``observation(st, seat)`` as one tuple of the same values, for a search's tree keys.

    Why: a search keys a node on the seat's information, and building the view
    (dicts, card names, the log in words) and then a hashable image of it was an
    eighth of a Chez Geek search. The digest holds the same values in the same
    order, with a card type for a card's name, a Job's number for its name and an
    enum member for its label (each name belongs to one of them), so two states
    have equal digests exactly when the seat's observations are equal;
    ``tests/engine/test_engine_digests.py`` checks both ways over re-deals. The log is
    the view's own words: an event may hold what the words leave out.
    """
    slot_type = st.slot_type
    players = []
    for s in range(st.n):
        room = tuple([(c[0], c[1], bool(c[2])) for c in st.rooms[s]])
        slack = st.slack_of(s)
        players.append(
            (st.job_of[s], slack, len(st.hands[s]), room, st.pen_ft[s], st.pen_income[s])
        )
    hand = [slot_type[s] for s in st.hands[seat]]
    hand.sort()
    stack = tuple(
        [
            (
                step.play_kind,
                step.seat,
                tuple([slot_type[s] for s in step.slots]),
                step.target if step.target >= 0 else None,
                step.cancelled,
            )
            for step in st.stack
            if type(step) is Announced
        ]
    )
    cp = st.cp
    result = (tuple(st.wins), st.places(), st.last_winner, _win_reason(st)) if st.over else None
    return (
        seat,
        min(st.game_no + 1, st.games),
        tuple(st.wins),
        st.turn,
        st.phase,
        cp if isinstance(cp, int) else None,
        st.income,
        st.ft,
        tuple(players),
        tuple(hand),
        st.pile_n,
        tuple(st.discard),
        tuple([(e[0], e[1], e[2], e[3]) for e in st.table]),
        stack,
        _prompt_digest(st),
        tuple(_tail(st)),
        result,
    )


def public_observation(st: ChezGeekCore) -> ChezGeekPublicView:
    """Seat 0's view with its seat and hand blanked: everything else in a view is public."""
    obs = observation(st, 0)
    return {
        "game": obs["game"],
        "seat": None,
        "match": obs["match"],
        "turn": obs["turn"],
        "phase": obs["phase"],
        "to_act": obs["to_act"],
        "income": obs["income"],
        "free_time": obs["free_time"],
        "players": obs["players"],
        "hand": None,
        "draw_pile": obs["draw_pile"],
        "discard": obs["discard"],
        "table": obs["table"],
        "stack": obs["stack"],
        "prompt": obs["prompt"],
        "log": obs["log"],
        "result": obs["result"],
    }


def _win_reason(st: ChezGeekCore) -> str:
    """How the last game was won, from its public "win" event: the Slack Goal or the turn limit."""
    i = len(st.events) - 1
    while i >= 0:
        event = st.events[i]
        if event[0] == "win":
            return str(event[2])
        i -= 1
    return "Slack Goal"


def _article(word: str) -> str:
    return f"an {word}" if word[:1] in "AEIOU" else f"a {word}"


_TEXT: dict[tuple[Any, ...], str] = {}


def _tail(st: ChezGeekCore) -> list[str]:
    """The last few public events in words (memoised: events are immutable values)."""
    out = []
    for event in st.events[-LOG_TAIL:]:
        key = (st.game.deck_def.files, *event)
        text = _TEXT.get(key)
        if text is None:
            if len(_TEXT) > 100_000:
                _TEXT.clear()
            text = _TEXT[key] = describe(st, event)
        out.append(text)
    return out


def describe(st: ChezGeekCore, event: tuple[Any, ...]) -> str:
    """One public event in words."""
    defs = st.defs
    kind = event[0]
    name = st.game.seat_name

    def card(t: int) -> str:
        return defs[t].name

    if kind == "turn":
        return f"{name(event[1])}'s turn."
    if kind == "draw":
        return f"{name(event[1])} draws a card."
    if kind == "job":
        return f"{name(event[1])} is the {st.jobdefs[event[2]].name}."
    if kind == "roll":
        what = ROLL_NAMES[event[3]]
        why = f"to {what}" if what[:1].islower() else f"for {'the ' * (what == 'Call')}{what}"
        n = event[2]
        return f"{name(event[1])} rolls {'an' if n in (8, 11, 18) else 'a'} {n} {why}."
    if kind == "reshuffle":
        return f"The discards are shuffled into a new pile of {event[1]}."
    if kind == "budget":
        return f"{name(event[1])} has Income {event[2]} and Free Time {event[3]}."
    if kind == "announce":
        cards = ", ".join(card(t) for t in event[3])
        where = f" to {name(event[4])}'s room" if event[2] == 0 else ""
        return f"{name(event[1])} announces {_article(PLAY_NAMES[event[2]])}: {cards}{where}."
    if kind == "shop":
        return f"{name(event[1])} goes Shopping."
    if kind == "cancelled":
        cards = ", ".join(card(t) for t in event[3])
        return f"{name(event[1])}'s {PLAY_NAMES[event[2]]} ({cards}) is cancelled."
    if kind == "bought":
        return f"{name(event[1])} buys {', '.join(card(t) for t in event[2])}."
    if kind == "resolves":
        return f"{name(event[1])}'s {card(event[2])} takes effect."
    if kind == "enters":
        return f"{card(event[1])} comes into {name(event[2])}'s room."
    if kind == "slack":
        return f"{card(event[1])} is worth {event[3]} Slack to {name(event[2])}."
    if kind == "fizzles":
        return f"{card(event[1])} is worth no Slack and is discarded."
    if kind == "not-home":
        return f"{card(event[1])} was not home."
    if kind == "stays":
        return f"{card(event[1])} hangs around in {name(event[2])}'s room."
    if kind == "leaves":
        return f"{card(event[1])} leaves {name(event[2])}'s room for good."
    if kind == "moves":
        return f"{card(event[1])} moves from {name(event[2])}'s room to {name(event[3])}'s."
    if kind == "costs":
        return f"Having {card(event[1])} around costs {name(event[2])}."
    if kind == "pays":
        return f"{name(event[1])} discards {card(event[2])} to the unwanted guest."
    if kind == "discards":
        return f"{name(event[1])} discards {card(event[2])}."
    if kind == "expires":
        return f"{card(event[1])} on {name(event[2])} ends."
    if kind == "refuses":
        return f"{name(event[1])} refuses to pay and loses 1 Free Time."
    if kind == "empty-trip":
        return f"{name(event[1])} comes back from Shopping with nothing."
    if kind == "win":
        if event[2] == "turn limit":
            return f"{name(event[1])} wins with {event[3]} Slack when the turn limit is reached."
        return f"{name(event[1])} reaches the Slack Goal and wins with {event[3]} Slack."
    return " ".join(str(x) for x in event)


def render(game: ChezGeekTables, obs: dict[str, Any]) -> str:
    """A seat's observation for the terminal: rooms, Slack, Jobs, hand, prompt."""
    deck = game.deck_def
    seat = obs["seat"]
    lines = [
        f"Chez Geek - game {obs['match']['game']} of {obs['match']['games']}, "
        f"wins {obs['match']['wins']}; {game.seat_name(obs['turn'])}'s turn, {obs['phase']}"
    ]
    for p in obs["players"]:
        job = deck.job_by_slug[p["job"]] if p["job"] else None
        who = "you" if p["seat"] == seat else game.seat_name(p["seat"])
        desc = (
            f"{job.name} (Income {job.income}, Free Time {job.free_time})" if job else "no Job yet"
        )
        lines.append(f"  {who}: {desc}, Slack {p['slack']}/{p['goal']}, hand {p['hand']}")
        room = ", ".join(
            f"{deck.card_by_slug[c['card']].name} {c['slack']}{'*' if c['tokens'] else ''}"
            for c in p["room"]
        )
        lines.append(f"    room: {room or '-'}")
    if obs["table"]:
        lines.append(
            "  on the table: " + ", ".join(f"{e['card']} on {e['on']}" for e in obs["table"])
        )
    lines.append(f"  Income left {obs['income']}, Free Time left {obs['free_time']}")
    lines.append(f"  pile {obs['draw_pile']}, discards {len(obs['discard'])}")
    hand = ", ".join(
        f"{deck.card_by_slug[s].name} [{deck.card_by_slug[s].kind}]" for s in obs["hand"]
    )
    lines.append(f"  your hand: {hand or '-'}")
    for item in obs["stack"]:
        lines.append(
            f"  pending: {game.seat_name(item['by'])}'s {item['play']} {', '.join(item['cards'])}"
            + (" (cancelled)" if item["cancelled"] else "")
        )
    if obs["log"]:
        lines.append(f"  last: {obs['log'][-1]}")
    prompt = obs["prompt"]
    if obs["result"]:
        lines.append(f"  game over: places {obs['result']['places']}")
    elif prompt and obs["to_act"] == seat:
        lines.append(f"  you decide: {prompt['step']}")
    return "\n".join(lines)
