"""``ContestState``: the rule layers joined into the engine's ``State``.

The layers form one line of single inheritance (core, view, flow, state), the
shape a compiled class needs: each adds methods to the fields ``core`` declares.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Self

from mypy_extensions import mypyc_attr

from cardtable.engine.errors import MalformedActionError
from cardtable.engine.game import Action, Game
from cardtable.games.contest import actions as act
from cardtable.games.contest import resample as resampling
from cardtable.games.contest.deals import PileRules
from cardtable.games.contest.explain import why_illegal
from cardtable.games.contest.flow import ContestFlow
from cardtable.games.contest.rules import choices, consequences_of, draw_hooks


@mypyc_attr(allow_interpreted_subclasses=True)  # see ContestCore
class ContestState(ContestFlow):
    def __init__(self, game: Game, rules: PileRules, seed: int | None, deal: Any) -> None:
        super().__init__(game, rules, seed, deal)
        self.draw_hooks = draw_hooks(consequences_of(self))
        if deal is not None:
            self._start_round()

    def _parse(self, text: str) -> Action:
        action = act.parse(text, choices(consequences_of(self)))
        if action is None:
            raise MalformedActionError(
                text,
                "not a Contest action; write a piece to declare (Q R N B P), call, pass, "
                "pile or top",
                self.where(),
            )
        return action

    def _why_illegal(self, action: Action) -> str:
        return why_illegal(self, action)

    def cards(self) -> Counter[str]:
        return resampling.cards(self)

    def resample(self, seat: int, rng: random.Random) -> Self:
        return resampling.resample(self, seat, rng)
