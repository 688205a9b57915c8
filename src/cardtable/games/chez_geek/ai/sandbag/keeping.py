"""What the sandbag bot keeps through its Discard phase: card flow first.

Why down to one card: the heuristic discards down to one card every turn
and draws five; a bot that keeps two or three cards more (measured as
"keep every cancel") drops from about 30% to 16–24% first places, since a
held card takes the place a fresh card would have had. So it keeps one card,
a cancel if it has one (the only card that works on the others' turns, the
one answering most finishing plays: ``rank``), else the card adding most
next turn for sure (``keep_next``); besides it only a Thing that raises Free
Time or Income that next turn buys (``keep_engine``) or an Activity or Thing
a fresh draw would seldom beat (``keep_two``).
"""

from __future__ import annotations

from cardtable.games.chez_geek.actions import CardAct
from cardtable.games.chez_geek.ai.bots import HeuristicBot
from cardtable.games.chez_geek.ai.sandbag.cancels import coverage
from cardtable.games.chez_geek.ai.sandbag.reading import next_turn_value, turns_ahead
from cardtable.games.chez_geek.ai.sandbag.settings import DOWN_TO_ONE, DUD, KEPT, SandbagSettings
from cardtable.games.chez_geek.cards import K_ACTIVITY, K_THING, CardDef
from cardtable.games.chez_geek.schema import ChezGeekObservation


def kept_value(
    h: HeuristicBot, s: SandbagSettings, card: CardDef, obs: ChezGeekObservation
) -> float:
    """With ``keep_next``: an Activity or Thing kept by what it adds next turn for sure.

    Why: the heuristic weighs a Thing by this turn's Income left (about 1 at
    the Discard phase) and an Activity by its Slack whether or not next
    turn's Income, room and Job allow it; next turn starts with the Job's
    lowest Income and this room.
    """
    if not s.keep_next or card.kind not in (K_THING, K_ACTIVITY):
        return HeuristicBot.keep_value(h, card, obs)
    return s.next_bonus + next_turn_value(h, card, obs)


def keeps_engine(
    h: HeuristicBot, s: SandbagSettings, card: CardDef, obs: ChezGeekObservation
) -> bool:
    """A Thing giving Free Time or Income every turn, to buy next turn (``keep_engine``)."""
    return (
        s.keep_engine
        and card.kind == K_THING
        and any(e.duration == "stay" and e.amount > 0 for e in card.effects)
        and turns_ahead(h, obs) >= 1.0
        and next_turn_value(h, card, obs) > 0
    )


def second_keep(h: HeuristicBot, s: SandbagSettings, obs: ChezGeekObservation) -> str:
    """The Activity or Thing kept besides the one card (``keep_two``), "" if none.

    The one adding the most Slack next turn for sure, if that is at least
    ``keep_two``: a card that a fresh draw would seldom beat.
    """
    best, slug = s.keep_two, ""
    for x in sorted(obs["hand"]):
        v = next_turn_value(h, h.card(x), obs)
        if v >= best and (v > best or not slug):
            best, slug = v, x
    return slug


def discard_score(
    h: HeuristicBot, s: SandbagSettings, a: CardAct, obs: ChezGeekObservation, base: float
) -> float:
    """The score of discarding ``a`` in the Discard phase: above ``done`` (5) unless kept.

    ``base`` is the heuristic's score (10 less the card's keep value).
    """
    card = h.card(a.slug)
    if keeps_engine(h, s, card, obs):
        return KEPT  # kept for next turn's trip
    if s.keep_two < 99:
        second = second_keep(h, s, obs)
        # one copy of it: of two, the other goes as any card would
        if second and (
            (a.slug == second and obs["hand"].count(second) == 1) or len(obs["hand"]) <= 2
        ):
            return KEPT  # the second card, or the one besides it
    if s.discard_all:
        base += DOWN_TO_ONE
    if card.cancel is not None:
        base -= s.cancel_keep
        if s.rank:  # give back the part of the bonus its coverage does not earn
            cover = coverage(card)
            base += s.rank * s.cancel_keep * (1.0 - cover)
            if cover == 0.0:
                base += s.rank * DUD  # a dud: kept after any other card
    return base
