"""When the sandbag bot answers another seat's play: its cancels and its win-stoppers.

Why it cancels more than the heuristic: a cancel takes Slack from a rival
without adding any to this seat's visible Slack, the one gain that escapes
the leader tax, and a kept cancel takes the place of a fresh card at every
Draw phase until its play comes. So it answers near-finishing plays
(``near``), attacks on its own room (``defend``), wins a cancel cannot stop
(``finish``) and, at once, any play worth a little (``eager``), waiting for
the leader or the last seat before its turn (``patience``).
"""

from __future__ import annotations

from cardtable.games.chez_geek.actions import Play
from cardtable.games.chez_geek.ai.bots import HeuristicBot
from cardtable.games.chez_geek.ai.sandbag.reading import answering, takes_from, whenever_gain, worth
from cardtable.games.chez_geek.ai.sandbag.settings import (
    COVERAGE,
    COVERAGE_OTHER,
    EAGER,
    FINISH,
    NEAR,
    STOPS_WIN,
    SandbagSettings,
)
from cardtable.games.chez_geek.cards import CardDef
from cardtable.games.chez_geek.schema import ChezGeekObservation


def coverage(card: CardDef) -> float:
    """The share of finishing plays the cancel ``card`` answers (``COVERAGE``)."""
    return COVERAGE.get(card.cancel.target, COVERAGE_OTHER) if card.cancel is not None else 0.0


def near_cancel(h: HeuristicBot, s: SandbagSettings, a: Play, obs: ChezGeekObservation) -> bool:
    """A cancel of a play that would bring another seat within ``near`` of its goal."""
    window = answering(obs)
    if s.near < 0 or h.card(a.slug).cancel is None or not window:
        return False
    if window["play"] == "Whenever" or window["by"] == h.seat:
        return False
    w = worth(h, window["cards"])
    them = obs["players"][window["by"]]
    return w > 0 and them["slack"] + w >= (them["goal"] or 99) - s.near


def eager_cancel(h: HeuristicBot, s: SandbagSettings, a: Play, obs: ChezGeekObservation) -> bool:
    """A cancel of another seat's Call, Shopping trip or Activity worth ``eager`` or more.

    Why: a cancel kept for a big or finishing play takes the place of a
    fresh card at every Draw phase until that play comes; spent at once,
    it takes Slack from a rival without adding any to this seat's visible
    Slack (which only draws the heuristic bots' attacks) and the next Draw
    fills its place. Spending it on the first play worth 1 or more came
    first in 33.2% of 2,000 games where holding it for the heuristic's
    cases did 30.1% (seed 7000).

    With ``patience``, a play of a seat other than its ratio leader must be
    worth ``patience`` more per seat still to play before this seat's turn:
    the cancel waits for the leader, or for the last seat before its Draw
    phase, instead of going to the next seat's first play.
    """
    window = answering(obs)
    if s.eager < 0 or h.card(a.slug).cancel is None or not window:
        return False
    if window["by"] == h.seat or window["play"] == "Whenever":
        return False
    need = float(s.eager)
    by = window["by"]
    if s.patience > 0 and by != h.leader(obs):
        n = len(obs["players"])
        need += s.patience * ((h.seat - by - 1) % n)  # seats still to play before mine
    return worth(h, window["cards"]) >= need


def defends(h: HeuristicBot, a: Play, obs: ChezGeekObservation) -> bool:
    """A cancel of another seat's attack on this one.

    An unwanted Person called into its room, or a Whenever aimed at it that
    takes, spoils or discards its cards, or takes its Free Time.
    """
    window = answering(obs)
    stack = obs["stack"]
    if h.card(a.slug).cancel is None or not window or not stack or window["by"] == h.seat:
        return False
    if stack[-1]["target"] != h.seat:
        return False
    cards = [h.card(c) for c in window["cards"]]
    if window["play"] == "Call":
        return any(c.unwanted for c in cards)
    if window["play"] != "Whenever":
        return False
    return any(
        e.kind in ("take_thing", "discard_card")
        or (e.kind == "slack" and e.amount < 0)
        or (e.kind == "free_time" and e.target == "other")
        for c in cards
        for e in c.effects
    )


def stops_win(h: HeuristicBot, a: Play, obs: ChezGeekObservation) -> bool:
    """In a window on another seat's play that would reach its goal, ``a`` keeps it short.

    Why: a win counts the moment Slack reaches the goal, so Slack taken out
    of the finisher's room while its last play waits in the window stops
    the win as a cancel would (``finish``).
    """
    window = answering(obs)
    if not window or window["by"] == h.seat or h.card(a.slug).cancel is not None:
        return False
    by = window["by"]
    whenever = window["play"] == "Whenever"
    gain = whenever_gain(h, obs) if whenever else worth(h, window["cards"])
    them = obs["players"][by]
    goal = int(them["goal"] or 99)
    after = int(them["slack"]) + gain
    return goal <= after < goal + takes_from(h, a, by, obs)


def stops_whenever_win(h: HeuristicBot, a: Play, obs: ChezGeekObservation) -> bool:
    """A cancel of another seat's Whenever that could bring it to its goal (``finish``)."""
    window = answering(obs)
    if h.card(a.slug).cancel is None or not window or window["by"] == h.seat:
        return False
    if window["play"] != "Whenever":
        return False
    them = obs["players"][window["by"]]
    return int(them["slack"]) + whenever_gain(h, obs) >= int(them["goal"] or 99)


def answer_score(
    h: HeuristicBot, s: SandbagSettings, a: Play, obs: ChezGeekObservation, base: float
) -> float | None:
    """The score of playing ``a`` into a window when one of these rules raises it, else None.

    ``base`` is the heuristic's score; each rule lifts a play only to its own
    level, so the heuristic's stronger reasons (a cancel of a winning play)
    still come first.
    """
    if base < NEAR and near_cancel(h, s, a, obs):
        return NEAR
    if s.defend > base and defends(h, a, obs):
        return s.defend
    if s.finish and stops_win(h, a, obs):
        return max(base, FINISH)
    if s.finish and stops_whenever_win(h, a, obs):
        return max(base, STOPS_WIN)
    if base < EAGER and eager_cancel(h, s, a, obs):
        return EAGER
    return None
