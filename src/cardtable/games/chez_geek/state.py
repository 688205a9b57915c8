"""``ChezGeekState``: the rule modules joined into the engine's contract over ``ChezGeekCore``.

The fields and their copying are the core's; the phases and dealing are
``flow``'s, the decisions ``plays``', the views ``view``'s. This class drives
the step stack and answers the engine (chance outcomes, the fast draw, returns,
the resampler).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from typing import Any, Self, cast

from mypy_extensions import mypyc_attr

from cardtable.engine.errors import MalformedActionError
from cardtable.engine.game import Action, Marker, State, check_seat
from cardtable.engine.hints import hand_reasons
from cardtable.games.chez_geek import actions as act
from cardtable.games.chez_geek import flow, notation, people, plays, view
from cardtable.games.chez_geek import resample as resampling
from cardtable.games.chez_geek.actions import Chance
from cardtable.games.chez_geek.core import CHANCE, TERMINAL, ChezGeekCore, ChezGeekTables
from cardtable.games.chez_geek.explain import NOTATION, card_reason, why_illegal
from cardtable.games.chez_geek.steps import (
    Announced,
    DealJob,
    Draw,
    PersonCost,
    Roll,
    Window,
)


@mypyc_attr(allow_interpreted_subclasses=True)  # see ChezGeekCore
class ChezGeekState(ChezGeekCore):
    def __init__(self, game: ChezGeekTables, seed: int | None, deal: Any) -> None:
        super().__init__(game, seed, deal)
        flow.start_game(self, deal)
        self._advance()

    # ---- the engine contract -----------------------------------------------------
    def current_player(self) -> int | Marker:
        return self.cp

    def is_reaction_window(self) -> bool:
        return bool(self.stack) and type(self.stack[-1]) is Window and isinstance(self.cp, int)

    def _legal_actions(self) -> list[Action]:
        return plays.legal(self)

    def information_digest(self, seat: int) -> Hashable:
        """The seat's observation as a tuple of its values (``view.information_digest``)."""
        check_seat(cast(State, self), seat)
        return view.information_digest(self, seat)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.cp is not CHANCE:
            return []
        cached = self._outcomes
        if cached is None:
            cached = self._outcomes = self._chance_outcomes()
        return cached

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        top = self.stack[-1]
        if type(top) is Roll:
            return [(act.ROLLS[v], 1 / 6) for v in range(1, 7)]
        if type(top) is DealJob:
            pool = flow.job_choices(self, top.pool)
            actions = self.game.job_actions
            return [(actions[j], 1 / len(pool)) for j in pool]
        draws = self.game.draw_actions
        if self.forced_pos < len(self.forced):
            return [(draws[self.forced[self.forced_pos]], 1.0)]
        total = self.pile_n
        return [(d, c / total) for d, c in zip(draws, self.pile, strict=True) if c]

    # ---- a Life card drawn, without listing the pile ---------------------------------
    # Most chance nodes are draws from a pile of dozens of card types, and listing
    # their outcomes (then scanning that list for the one drawn) cost more than
    # the draw itself. These two make the same draw and the same legality check
    # from the counts; every other chance node takes the engine's way.
    def _plain_draw(self) -> bool:
        """A draw from the pile (not a forced one) whose outcomes are not listed yet."""
        return (
            self.cp is CHANCE
            and self._legal is None
            and self._outcomes is None
            and type(self.stack[-1]) is Draw
            and self.forced_pos >= len(self.forced)
        )

    def sample_chance(self) -> Action:
        if not self._plain_draw():
            return super().sample_chance()
        # the engine's weighted draw over ``_chance_outcomes()``, the same floats summed in order
        r = self.rng.random()
        # as floats: the same correctly rounded quotients as ``c / total`` of ints (both
        # exact below 2**53), divided natively rather than by a call per pile entry
        total = float(self.pile_n)
        acc = 0.0
        last = -1
        for t, c in enumerate(self.pile):
            if c:
                acc += float(c) / total
                if r < acc:
                    return self.game.draw_actions[t]
                last = t
        return self.game.draw_actions[last]

    # The contract's other hot calls on this class too: an interpreted caller checks the
    # receiver against the class defining the method, and these skip the engine's
    # ``current_player()`` call.
    def is_terminal(self) -> bool:
        return self.cp is TERMINAL

    def is_chance_node(self) -> bool:
        return self.cp is CHANCE

    def legal_actions(self) -> list[Action]:
        return super().legal_actions()

    def apply_action(self, action: Action) -> None:
        if type(action) is Chance and action.verb == "draw" and self._plain_draw():
            t = action.value
            if 0 <= t < len(self.pile) and self.pile[t] > 0:
                self._sampled = None
                self._apply(action)
                self._history.append(action)
                self._legal = None
                return
        super().apply_action(action)

    def _apply(self, action: Action) -> None:
        if self.cp is CHANCE:
            assert isinstance(action, Chance), "legal at a chance node: its outcomes only"
            flow.apply_chance(self, action)
        else:
            plays.apply_decision(self, action)
        self._outcomes = None
        self._advance()

    def _parse(self, text: str) -> Action:
        action = notation.parse(self, text)
        if action is None:
            raise MalformedActionError(text, NOTATION, self.where())
        return action

    def _why_illegal(self, action: Action) -> str:
        return why_illegal(self, action)

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0] * self.n
        return [w / self.games for w in self.wins]

    def interim_returns(self) -> list[float] | None:
        """Games won so far plus an estimated share of the game being played.

        The current game is shared out in proportion to the square of each
        seat's progress towards its Slack Goal (evenly while nobody has any),
        and every later game of a match evenly. On ``returns()``'s scale (the
        share of games won); equal to it once the match is over.
        """
        if self.over:
            return self.returns()
        n = self.n
        weights = [max(0.0, min(1.0, self.goal_ratio(s))) ** 2 for s in range(n)]
        total = sum(weights)
        current = [w / total for w in weights] if total > 0 else [1.0 / n] * n
        later = max(0, self.games - sum(self.wins) - 1) / n
        return [(self.wins[s] + current[s] + later) / self.games for s in range(n)]

    def places(self) -> list[int] | None:
        if not self.over:
            return None
        keys = [(self.wins[s], self.goal_ratio(s)) for s in range(self.n)]
        return [1 + sum(1 for k in keys if k > keys[s]) for s in range(self.n)]

    def statistics(self) -> dict[str, Any]:
        """Figures for simulations: each seat's Job (last game), turns, final Slack.

        The simulator reads a list with one label per seat as a win rate per
        label, which gives each Job's win rate without naming this game.
        """
        return {
            "jobs": [self.jobdefs[j].name if j >= 0 else "-" for j in self.job_of],
            "turns": self.turns,
            "winner_slack": self.slack_of(self.last_winner) if self.last_winner >= 0 else 0,
        }

    def as_state(self) -> State:
        """This state as the engine's helpers take it (``State`` is invariant in its game)."""
        return cast(State, self)

    def observation(self, seat: int) -> dict[str, Any]:
        check_seat(self.as_state(), seat)
        # built and checked as a ChezGeekObservation in view.py; the engine's contract
        # names a plain dict, which a TypedDict is not to the type checker
        return cast("dict[str, Any]", view.observation(self, seat))

    def public_log(self) -> list[str]:
        return [view.describe(self, e) for e in self.events]

    def public_observation(self) -> dict[str, Any]:
        """Seat 0's view without its hand and seat: rooms, Slack, Jobs and the stack are public."""
        return cast("dict[str, Any]", view.public_observation(self))

    def unplayable_reasons(self, seat: int) -> dict[str, str]:
        check_seat(self.as_state(), seat)
        if self.current_player() != seat:
            return {}
        wanted = self.why_illegal(Action())
        reasons = hand_reasons(
            self.as_state(), seat, self.observation(seat)["hand"], f"not now: {wanted}"
        )
        by_slug = {d.slug: d for d in self.defs}
        for slug in reasons:
            card = by_slug.get(slug)
            said = card_reason(self, seat, card) if card is not None else None
            if said is not None:
                reasons[slug] = said
        return reasons

    def cards(self) -> Counter[str]:
        return resampling.cards(self)

    def resample(self, seat: int, rng: random.Random) -> Self:
        return resampling.resample(self, seat, rng)

    # ---- driving the stack ---------------------------------------------------------
    def _advance(self) -> None:
        """Run automatic steps until a seat or chance must act, or the game ends."""
        stack = self.stack
        while not self.over:
            if self.dirty:
                self.dirty = False
                if flow.check_win(self):
                    continue
            if not stack:
                flow.next_phase(self)
                continue
            top = stack[-1]
            if type(top) is Announced:
                stack.pop()
                plays.resolve(self, top)
                continue
            if type(top) is Window:
                if top.pos >= len(top.order) or cast(Announced, stack[top.ref]).cancelled:
                    stack.pop()
                    continue
                self.cp = top.order[top.pos]
                return
            if type(top) is Draw:
                if top.count <= 0 or not flow.can_draw(self):
                    stack.pop()
                    continue
                self.cp = CHANCE
                return
            if type(top) is DealJob or type(top) is Roll:
                self.cp = CHANCE
                return
            if type(top) is PersonCost and not self.hands[top.seat]:
                stack.pop()
                people.refuse_cost(self, top.seat)
                continue
            self.cp = top.seat
            return
        self.cp = TERMINAL
