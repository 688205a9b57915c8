"""The Chai Tea Jazz state: the layers joined, with the views, refusals and resampling.

The fields and their copy are in ``core``; the tricks, the picking and the
rounds are layers over it (``tricks``, ``picking``, ``flow``); this class adds
what the engine asks of a state beyond the rules: the observations
(``view``), the refusals in words (``explain``), the parser and the resampler.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from typing import Any, Self, cast

from mypy_extensions import mypyc_attr

from cardtable.engine.counts import CardCount
from cardtable.engine.errors import MalformedActionError
from cardtable.engine.game import Action, State, check_seat
from cardtable.engine.hints import hand_reasons, without
from cardtable.games.chai_tea_jazz import resample as resampling
from cardtable.games.chai_tea_jazz import view
from cardtable.games.chai_tea_jazz.explain import why_illegal
from cardtable.games.chai_tea_jazz.flow import ChaiTeaJazzFlow
from cardtable.games.chai_tea_jazz.phases import Phase
from cardtable.games.chai_tea_jazz.schema import Observation
from cardtable.games.chai_tea_jazz.tables import ChaiTeaJazzTables
from cardtable.games.chai_tea_jazz.zones import ASIDE, DOWN, HAND, UP


@mypyc_attr(allow_interpreted_subclasses=True)  # see ChaiTeaJazzCore
class ChaiTeaJazzState(ChaiTeaJazzFlow):
    def __init__(self, game: ChaiTeaJazzTables, seed: int | None, deal: Any) -> None:
        super().__init__(game, seed, deal)
        self._start_round(game.num_players)

    def information_digest(self, seat: int) -> Hashable:
        """Every decision is public, so what ``seat`` knows is the running hash of the
        public events (the decisions and, with two players, the set-aside cards shown
        at the end of a round), the number of cards dealt (the move number) and the
        cards it can see: its hand and, with two players, the face-up straw."""
        hand = tuple(self.hands[seat])
        moves = len(self._history)
        if self.game.straw:
            return (seat, moves, self.digest, hand, tuple(self.up[0]), tuple(self.up[1]))
        return (seat, moves, self.digest, hand)

    def _parse(self, text: str) -> Action:
        action = self.game.by_text.get(" ".join(text.split()).lower())
        if action is None:
            raise MalformedActionError(
                text,
                "not a Chai Tea Jazz action; write pass, pick <row> [<choice>] [debt N], "
                "offer N, accept, a card such as 9H, or deal 9H",
                self.where(),
            )
        return action

    def _why_illegal(self, action: Action) -> str:
        return why_illegal(self, action)

    def cards(self) -> Counter[str]:
        """Every card in every zone (hands, straw, aside, trick, captured, undealt)."""
        names = self.game.names
        codes: list[int] = []
        for h in self.hands:
            codes += h
        for u in self.up:
            codes += [c for c in u if c >= 0]
        for x in self.down:
            codes += [c for c in x if c >= 0]
        codes += self.aside
        codes += self.trick_cards
        for pile in self.captured:
            codes += pile
        if self.deal_left is not None:
            codes += self.deal_left
        else:
            for c, k in self.undealt_counts.items():
                codes += [c] * k
        return CardCount(map(names.__getitem__, codes))

    def resample(self, seat: int, rng: random.Random) -> Self:
        check_seat(self.as_state(), seat)
        return resampling.resample(self, seat, rng)

    # The views are built as the ``schema`` TypedDicts (so the checker reads every
    # field where it is made) and handed out under the engine's ``dict`` signature.
    def as_state(self) -> State:
        """This state as the engine's helpers take it (``State`` is invariant in its game)."""
        return cast(State, self)

    def observation(self, seat: int) -> dict[str, Any]:
        check_seat(self.as_state(), seat)
        built: Observation = view.observation(self, seat)
        return cast(dict[str, Any], built)

    def public_log(self) -> list[str]:
        return view.public_log(self)

    def public_observation(self) -> dict[str, Any]:
        """Seat 0's view without its hand and seat: the rest of it is public."""
        return without(self.observation(0), "seat", "side", "hand")

    def unplayable_reasons(self, seat: int) -> dict[str, str]:
        check_seat(self.as_state(), seat)
        hand = self.observation(seat)["hand"]
        return hand_reasons(self.as_state(), seat, hand, "not a card to play now")


__all__ = ["ASIDE", "DOWN", "HAND", "UP", "ChaiTeaJazzState", "Phase"]
