"""The sandbag bot's own plays: whom its attacks take most from, and its finisher last.

Why: a heuristic bot cancels a play that reaches its player's goal, but
never a Whenever that is not aimed at its own play; so a Compliment or a
stolen Thing, played after the turn's Activities and trip, finishes
uncancelled where it would otherwise have made the last Activity or trip
the (cancellable) finishing play (``late``). And an attack is worth the
Slack it takes: of the leader's room cards, the biggest (``aim``), twice for
Borrowed for Good, which moves it into this room (``steal``).
"""

from __future__ import annotations

from cardtable.games.chez_geek.actions import Play
from cardtable.games.chez_geek.ai.bots import HeuristicBot
from cardtable.games.chez_geek.ai.sandbag.reading import own_gain, room_slack
from cardtable.games.chez_geek.ai.sandbag.settings import HOLD, WINS, SandbagSettings
from cardtable.games.chez_geek.schema import ChezGeekObservation

LAST = 0.05  # a finisher held to the end of Free Time: below any Activity, above ``done``
LAST_ORDER = 0.01  # of the heuristic's score, to keep its order among such plays


def late_score(
    h: HeuristicBot, s: SandbagSettings, a: Play, obs: ChezGeekObservation, step: str, base: float
) -> float | None:
    """With ``late``: the score of a Whenever adding Slack to its own room on its turn, or None."""
    if not (
        s.late
        and obs["turn"] == h.seat
        and step in ("call-people", "free-time")
        and h.card(a.slug).cancel is None
        and own_gain(h, a, obs) > 0
    ):
        return None
    me = obs["players"][h.seat]
    if me["slack"] + own_gain(h, a, obs) >= (me["goal"] or 99):
        return WINS
    # last, but in the heuristic's order among its targets (below any Activity)
    return LAST + LAST_ORDER * max(0.0, base) if step == "free-time" else HOLD


def aimed(
    h: HeuristicBot, s: SandbagSettings, a: Play, obs: ChezGeekObservation, base: float
) -> float:
    """``base`` raised for the Slack of the other seat's room card that ``a`` names.

    Added one term at a time, as floats add, so that ties fall as they always have.
    """
    if a.uid < 0 or a.tseat == h.seat:
        return base
    base += s.aim * room_slack(a, obs)
    if s.steal and any(e.kind == "take_thing" and e.to == "room" for e in h.card(a.slug).effects):
        base += s.steal * room_slack(a, obs)
    return base
