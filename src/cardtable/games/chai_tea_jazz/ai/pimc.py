"""Perfect-information Monte Carlo (PIMC) for Chai Tea Jazz trick play.

The approach of strong bridge and skat programs: draw deals consistent with
everything the seat has seen (the game's own ``resample``, through the
information-set handle, so nothing hidden is read), solve each deal
double-dummy (``solver``), and play the card with the best average. Its known
weakness (it assumes every seat will see all cards from the next trick on) costs
little in a game whose hands become mostly known as voids and played cards
pile up.

Costs decide the shape: an exact solve of a whole 12-trick round takes seconds
in Python, so while more than ``exact`` tricks remain each deal is searched
``depth`` tricks deep and the rest of the round is estimated; the last
``exact`` tricks are solved exactly. The picking phase is left to the game's
heuristic bot (the solver says nothing about which contract to bid), or, with
``pick_samples``, to rollouts of the round after each of its best picks
(``pick_rollouts``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from cardtable.bots.base import setting_names, settings_from
from cardtable.bots.infoset import InformationSet, SearchingBot
from cardtable.engine.errors import SettingError
from cardtable.engine.game import Action
from cardtable.games.chai_tea_jazz import actions as act
from cardtable.games.chai_tea_jazz.ai.heuristic import HeuristicBot
from cardtable.games.chai_tea_jazz.ai.pick_rollouts import (
    PickSettings,
    check_pick_settings,
    pick_by_rollouts,
)
from cardtable.games.chai_tea_jazz.ai.solver import Position, Solver, solvable
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.games.chai_tea_jazz.schema import Observation
from cardtable.games.chai_tea_jazz.state import ChaiTeaJazzState


@dataclass(frozen=True)
class PIMCSettings(PickSettings):
    """Every setting a ``pimc(...)`` spec may give, with its type and default (the
    picking ones from ``PickSettings``)."""

    samples: int = 12
    depth: int = 2  # tricks searched per deal while more than ``exact`` remain
    exact: int = 5  # solve exactly once this many tricks (or fewer) remain
    # seconds per move (stops sampling early; not reproducible); 0: no limit
    max_time: float = 0.0


# ``SearchingBot`` is compiled, so it takes no type argument at run time; its methods
# below name the observation instead
class PIMCBot(SearchingBot):
    """Samples deals, solves each, plays the card with the best mean result for its side."""

    name = "pimc"
    SETTINGS = setting_names(PIMCSettings)
    game: ChaiTeaJazzGame

    def __init__(
        self, game: ChaiTeaJazzGame, seat: int, seed: int | None = None, **settings: Any
    ) -> None:
        super().__init__(game, seat, seed)
        chosen = settings_from("pimc", PIMCSettings, settings)
        if chosen.samples < 1 or chosen.depth < 1 or chosen.exact < 0 or chosen.max_time < 0:
            raise SettingError("pimc needs samples >= 1, depth >= 1, exact >= 0, max_time >= 0")
        check_pick_settings("pimc", chosen)
        self.samples = chosen.samples
        self.depth = chosen.depth
        self.exact = chosen.exact
        self.max_time = chosen.max_time or None
        self.picking = chosen
        self.heuristic = HeuristicBot(game, seat, seed)
        self.last_values: dict[Action, float] = {}

    def act_with(
        self, info: InformationSet, observation: Observation, legal: Sequence[Action]
    ) -> Action:
        picking = self.picking
        if len(legal) > 1 and not isinstance(legal[0], act.PlayCard) and picking.pick_samples:
            choice, self.last_values = pick_by_rollouts(
                info, self.heuristic, observation, legal, self.rng, picking
            )
            return choice
        fallback = self.heuristic.act(observation, legal)
        if len(legal) == 1 or not isinstance(legal[0], act.PlayCard):
            return fallback
        values = self.evaluate(info, legal)
        if values is None:
            return fallback
        self.last_values = values
        best = max(values.values())
        tied = [a for a in legal if values[a] >= best - 1e-9]
        return fallback if fallback in tied else tied[0]

    def evaluate(self, info: InformationSet, legal: Sequence[Action]) -> dict[Action, float] | None:
        """Mean value of each card for this seat's side over sampled deals (None: unsolvable).

        The value is the declarer's points from here on, negated for the defenders
        and for Avoidance rows (where the declarer wants few points).
        """
        deadline = None if self.max_time is None else time.perf_counter() + self.max_time
        totals = dict.fromkeys(legal, 0.0)
        drawn = 0
        for _ in range(self.samples):
            if deadline is not None and drawn and time.perf_counter() > deadline:
                break
            det = info.sample_determinization(self.rng)
            assert isinstance(det, ChaiTeaJazzState)
            if not solvable(det):
                return None
            pos = Position.from_state(det)
            left = det.game.tricks - det.trick_no
            solver = Solver.for_position(pos, None if left <= self.exact else self.depth)
            values = solver.move_values(pos)
            for a in legal:
                totals[a] += values[cast(act.PlayCard, a).card]  # tricks: cards only
            drawn += 1
            sign = self._sign(det)
        return {a: sign * t / drawn for a, t in totals.items()}

    def _sign(self, state: ChaiTeaJazzState) -> int:
        game = state.game
        declaring = game.side_of[state.declarer] == game.side_of[self.seat]
        assert state.pick is not None
        avoid = game.rows[state.pick.row].avoid
        return 1 if declaring != avoid else -1
