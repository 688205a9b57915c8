"""The sandbag bot: the heuristic's scores, overridden where a rule measured better.

Why as overrides of ``HeuristicBot.score``: the bot plays the heuristic's
game and departs from it only where a rule (a module of this package) has
something to say, so each rule reads on its own and its setting turns it off.
"""

from __future__ import annotations

from typing import Any

from cardtable.bots.base import setting_names, settings_from
from cardtable.engine.game import Action, Game
from cardtable.games.chez_geek.actions import CardAct, Play
from cardtable.games.chez_geek.ai.bots import HeuristicBot
from cardtable.games.chez_geek.ai.sandbag.cancels import answer_score
from cardtable.games.chez_geek.ai.sandbag.economy import engine_bonus, trip_value
from cardtable.games.chez_geek.ai.sandbag.keeping import discard_score, kept_value
from cardtable.games.chez_geek.ai.sandbag.plays import aimed, late_score
from cardtable.games.chez_geek.ai.sandbag.settings import HOLD, SandbagSettings
from cardtable.games.chez_geek.cards import CardDef
from cardtable.games.chez_geek.schema import ChezGeekObservation


class SandbagBot(HeuristicBot):
    """The heuristic, discarding for card flow, cancelling near-finishes and attacks on itself."""

    name = "sandbag"
    SETTINGS = setting_names(SandbagSettings)

    def __init__(self, game: Game, seat: int, seed: int | None = None, **settings: Any) -> None:
        super().__init__(game, seat, seed)
        self.settings = settings_from("sandbag", SandbagSettings, settings)

    def score(self, a: Action, obs: ChezGeekObservation, step: str, leader: int) -> float:
        """The heuristic's score, replaced or adjusted by this bot's rules.

        Why this order: its own finisher and its answers to other seats' plays
        are where the heuristic decides otherwise, so they replace its score;
        the engine, the aim and the discards only weigh what it already likes,
        and a play it reads as harmful (``HOLD`` or below) stays so.
        """
        s = self.settings
        base = super().score(a, obs, step, leader)
        if isinstance(a, Play):
            late = late_score(self, s, a, obs, step, base)
            if late is not None:
                return late
            answer = answer_score(self, s, a, obs, base)
            if answer is not None:
                return answer
        if base <= HOLD:
            return base  # harmful by the heuristic's reading: left so
        if isinstance(a, Play):
            return aimed(self, s, a, obs, base)
        if isinstance(a, CardAct) and a.verb == "buy" and s.engine > 0:
            return base + engine_bonus(self, s, self.card(a.slug), obs, int(obs["free_time"]))
        if isinstance(a, CardAct) and a.verb == "discard" and step == "discard":
            return discard_score(self, s, a, obs, base)
        return base

    def shopping_value(self, obs: ChezGeekObservation) -> float:
        return trip_value(self, self.settings, obs)

    def keep_value(self, card: CardDef, obs: ChezGeekObservation) -> float:
        return kept_value(self, self.settings, card, obs)
