"""What the sandbag bot reads off its observation and the printed cards.

Why free functions over the heuristic bot: they need only what any
``HeuristicBot`` has (its seat, the deck, its ``value`` of a card), so the
rule modules share them without a chain of mixins, and a test can ask one
question of a position without building the whole decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.games.chez_geek.actions import Play
from cardtable.games.chez_geek.ai.bots import HeuristicBot
from cardtable.games.chez_geek.cards import K_ACTIVITY, K_PERSON, K_THING, CardDef, JobDef
from cardtable.games.chez_geek.schema import AnsweringView, ChezGeekObservation


def answering(obs: ChezGeekObservation) -> AnsweringView | None:
    """The play the open reaction window answers, if any."""
    prompt = obs["prompt"]
    return prompt.get("answering") if prompt else None


def job(h: HeuristicBot, obs: ChezGeekObservation) -> JobDef:
    return h.job(obs)


def can_play(card: CardDef, job: JobDef) -> bool:
    return not any(t in card.tags for t in job.cannot_play)


def worth(h: HeuristicBot, cards: Sequence[str]) -> int:
    """The Slack a play of ``cards`` is worth as the heuristic reads it."""
    return sum(slack.fixed_value() if (slack := h.card(s).slack) else 0 for s in cards)


def room_slack(a: Play, obs: ChezGeekObservation) -> int:
    """The Slack of the room card a Whenever names (``1:beer#2``), 0 if not found."""
    if a.tseat < 0 or ":" not in a.target:
        return 0
    name = a.target.partition(":")[2].split(">")[0]
    slug, _, nth = name.partition("#")
    k = int(nth) if nth.isdigit() else 1
    seen = 0
    for c in obs["players"][a.tseat]["room"]:
        if c["card"] == slug:
            seen += 1
            if seen == k:
                return int(c["slack"])
    return 0


def own_gain(h: HeuristicBot, a: Play, obs: ChezGeekObservation) -> int:
    """The Slack the Whenever ``a`` adds to this seat's room (a Compliment, a stolen Thing)."""
    gain = 0
    for e in h.card(a.slug).effects:
        if e.kind == "slack" and e.amount > 0 and a.tseat == h.seat:
            gain = max(gain, e.amount)
        elif e.kind == "take_thing" and e.to == "room" and a.tseat != h.seat:
            gain = max(gain, room_slack(a, obs))
    return gain


def takes_from(h: HeuristicBot, a: Play, seat: int, obs: ChezGeekObservation) -> int:
    """The Slack the Whenever ``a`` takes out of ``seat``'s room (0 if none).

    Taking or discarding its room card, spoiling a Thing (at most the
    card's Slack), moving an invited Person out or an unwanted one in.
    """
    if a.tseat != seat and a.dest != seat:
        return 0
    got = 0
    for e in h.card(a.slug).effects:
        if a.tseat == seat and e.kind in ("take_thing", "discard_card"):
            got = max(got, room_slack(a, obs))
        elif a.tseat == seat and e.kind == "slack" and e.amount < 0:
            got = max(got, min(-e.amount, room_slack(a, obs)))
        elif e.kind == "move_person":
            moved = room_slack(a, obs)
            if a.tseat == seat and a.dest != seat and moved > 0:
                got = max(got, moved)
            elif a.dest == seat and a.tseat != seat and moved < 0:
                got = max(got, -moved)
    return got


def whenever_gain(h: HeuristicBot, obs: ChezGeekObservation) -> int:
    """The most Slack the Whenever being answered can add to the room of the seat playing it.

    A Compliment its Slack; Borrowed for Good the biggest Thing, Bouncer the
    biggest invited Person, of the room it names. A Whenever's cards do not
    say this, and a heuristic bot reads them as worth nothing, so none of
    them cancels a Whenever that wins the game (the sample game in
    docs/bots.md ends so).
    """
    window = answering(obs)
    stack = obs["stack"]
    if not window or window["play"] != "Whenever" or not stack:
        return 0
    by = window["by"]
    tseat = stack[-1]["target"]
    gain = 0
    for slug in window["cards"]:
        for e in h.card(slug).effects:
            if e.kind == "slack" and e.amount > 0:
                gain = max(gain, e.amount)
            elif e.kind in ("take_thing", "move_person") and tseat is not None and tseat != by:
                if e.kind == "take_thing" and e.to != "room":
                    continue
                kind = K_THING if e.kind == "take_thing" else K_PERSON
                gain = max(
                    [gain]
                    + [
                        int(c["slack"])
                        for c in obs["players"][tseat]["room"]
                        if h.card(c["card"]).kind == kind
                    ]
                )
    return gain


def next_turn_value(h: HeuristicBot, card: CardDef, obs: ChezGeekObservation) -> float:
    """The Slack ``card`` can add on this seat's next turn for sure, 0 if it may not.

    An Activity whose cost the Job's lowest Income covers and whose
    requirements the room meets now, or a Thing that Income buys: the
    cards that a fresh draw would have to beat.
    """
    mine = job(h, obs)
    if not can_play(card, mine) or card.cost > mine.income.a:
        return 0.0
    if card.kind == K_THING:
        return float(card.slack.a) if card.slack else 0.0
    if card.kind != K_ACTIVITY:
        return 0.0
    room = [h.card(c["card"]) for c in obs["players"][h.seat]["room"]]
    tags = {t for c in room for t in c.tags}
    need = card.requires
    if (
        (need.invited_person and not any(c.invited for c in room))
        or not all(t in tags for t in need.tags_in_room)
        or (need.jobs and mine.name not in need.jobs and mine.slug not in need.jobs)
    ):
        return 0.0
    return h.value(card, obs)


def turns_ahead(h: HeuristicBot, obs: ChezGeekObservation) -> float:
    """Own turns still to come after this one, about 4 Slack a turn, at most 3."""
    me = obs["players"][h.seat]
    needed = float((me["goal"] or 99) - me["slack"])
    return max(0.0, min(3.0, needed / 4.0 - 1.0))
