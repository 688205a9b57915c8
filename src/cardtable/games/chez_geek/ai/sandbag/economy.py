"""What the Things that raise Free Time or Income are worth to the sandbag bot (``engine``).

Why: Free Time is what caps a Chez Geek turn (about one Activity a turn is
discarded undone), so a Thing that gives +1 Free Time every turn (Espresso
Machine) or +1 Income (Tip Jar) is worth Slack on each turn to come, and
Energy Drink's +1 Free Time now is worth the Activity it lets this turn do;
the heuristic buys by printed Slack only.
"""

from __future__ import annotations

from cardtable.games.chez_geek.ai.bots import HeuristicBot
from cardtable.games.chez_geek.ai.sandbag.reading import can_play, job, turns_ahead
from cardtable.games.chez_geek.ai.sandbag.settings import SandbagSettings
from cardtable.games.chez_geek.cards import K_ACTIVITY, K_THING, CardDef
from cardtable.games.chez_geek.schema import ChezGeekObservation

INCOME_SHARE = 0.5  # +1 Income every turn is worth half of +1 Free Time


def spare_activity(h: HeuristicBot, obs: ChezGeekObservation, ft: int) -> float:
    """The Slack of the best Activity in hand that ``ft`` Free Time leaves undone."""
    mine = job(h, obs)
    values = sorted(
        (
            h.value(c, obs)
            for c in map(h.card, obs["hand"])
            if c.kind == K_ACTIVITY and can_play(c, mine) and c.cost <= obs["income"]
        ),
        reverse=True,
    )
    return values[ft] if 0 <= ft < len(values) else 0.0


def engine_bonus(
    h: HeuristicBot, s: SandbagSettings, card: CardDef, obs: ChezGeekObservation, ft: int
) -> float:
    """What a Thing's Free Time or Income is worth beyond its Slack, with ``ft`` Free Time left."""
    if s.engine <= 0 or card.kind != K_THING:
        return 0.0
    bonus = 0.0
    for e in card.effects:
        if e.amount <= 0 or e.kind not in ("free_time", "income"):
            continue
        if e.duration == "stay":
            share = 1.0 if e.kind == "free_time" else INCOME_SHARE
            bonus += s.engine * share * e.amount * turns_ahead(h, obs)
        elif e.kind == "free_time":
            bonus += e.amount * spare_activity(h, obs, ft)
    return bonus


def trip_value(h: HeuristicBot, s: SandbagSettings, obs: ChezGeekObservation) -> float:
    """The heuristic's Shopping trip (biggest Things first), each Thing with its engine bonus."""
    if s.engine <= 0:
        return HeuristicBot.shopping_value(h, obs)
    ft = int(obs["free_time"]) - 1  # this trip takes one

    def worth(c: CardDef) -> float:
        return (c.slack.a if c.slack else 0) + engine_bonus(h, s, c, obs, ft)

    things = sorted(
        (h.card(x) for x in obs["hand"] if h.card(x).kind == K_THING), key=lambda c: -worth(c)
    )
    money = obs["income"]
    total = 0.0
    for c in things:
        if c.cost <= money:
            money -= c.cost
            total += worth(c)
    return total
