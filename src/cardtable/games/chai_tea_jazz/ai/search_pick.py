"""ISMCTS for the cards, rollouts of the round for the contract: Chai Tea Jazz's
``expert`` where the double-dummy solver cannot play.

Why: at 6 players (the double deck's twin cards) and 2 (the face-up straw)
``pimc``'s solver has no model, so those counts searched with plain ISMCTS, and
more iterations of it were not told apart from fewer (``expert`` level with
``hard`` at 6 players, docs/bots.md). At 3 and 4 players most of what set
``expert`` above ``hard`` was the pick: ISMCTS values a contract by random play
of the round, which says little about what the contract is worth when played
well. So this bot picks as ``pimc(pick_samples=...)`` does (``pick_rollouts``:
the heuristic's best picks rolled out by heuristic bots on the same sampled
deals) and plays its cards with ISMCTS, each from the seat's information set
only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.bots.base import setting_names, settings_from
from cardtable.bots.infoset import InformationSet, SearchingBot
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.engine.errors import SettingError
from cardtable.engine.game import Action
from cardtable.games.chai_tea_jazz import actions as act
from cardtable.games.chai_tea_jazz.ai.heuristic import HeuristicBot
from cardtable.games.chai_tea_jazz.ai.pick_rollouts import (
    PickSettings,
    check_pick_settings,
    pick_by_rollouts,
)
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.games.chai_tea_jazz.schema import Observation


@dataclass(frozen=True)
class SearchPickSettings(PickSettings):
    """Every setting a ``searchpick(...)`` spec may give, with its type and default (the
    picking ones from ``PickSettings``)."""

    pick_samples: int = 48  # it always picks by rollouts
    iterations: int = 2000  # ISMCTS iterations a card decision (no action budget)


class SearchPickBot(SearchingBot):
    """Picks a contract by rollouts of the round; plays its cards by ISMCTS."""

    name = "searchpick"
    SETTINGS = setting_names(SearchPickSettings)
    game: ChaiTeaJazzGame

    def __init__(
        self, game: ChaiTeaJazzGame, seat: int, seed: int | None = None, **settings: object
    ) -> None:
        super().__init__(game, seat, seed)
        chosen = settings_from("searchpick", SearchPickSettings, settings)
        check_pick_settings("searchpick", chosen, least_samples=1)
        if chosen.iterations < 1:
            raise SettingError("searchpick needs iterations >= 1")
        self.settings = chosen
        self.heuristic = HeuristicBot(game, seat, seed)
        # its own generator (seeded from this bot's), so the picks' draws do not shift
        # the search's
        self.search = ISMCTSBot(
            game,
            seat,
            None if seed is None else seed + 7919,
            iterations=chosen.iterations,
            max_actions=None,
        )
        self.last_values: dict[Action, float] = {}

    def act_with(
        self, info: InformationSet, observation: Observation, legal: Sequence[Action]
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        if not isinstance(legal[0], act.PlayCard):
            choice, self.last_values = pick_by_rollouts(
                info, self.heuristic, observation, legal, self.rng, self.settings
            )
            return choice
        return self.search.act_with(info, dict(observation), legal)
