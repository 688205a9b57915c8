"""The review's estimates against exact values: Chai Tea Jazz's solver and tiny Contest.

Why these two: Chai Tea Jazz's double-dummy solver values every card exactly
once the hands are known, and tiny Contest (``cardtable.rl.tiny``, one round
of a three-card pile) has decisions after which nothing but chance and forced
moves remain, where the value of each action can be summed exactly.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator

from cardtable.bots.infoset import InformationSet
from cardtable.bots.ismcts import rank_utilities
from cardtable.bots.review import make_reviewer, review_decision
from cardtable.engine.game import Action, State
from cardtable.engine.registry import load_game
from cardtable.games.chai_tea_jazz.ai.solver import Position, Solver, round_score, solvable
from cardtable.rl.tiny import load_tiny

ONE_ROW = json.dumps([{"name": "Trump", "contract": "trump", "value": 1}])


def played_out(game_name: str, seeds: range, **settings: object) -> Iterator[State]:
    """Every decision state of seeded random games (the state, before its action)."""
    players = int(settings.pop("players", 3))  # type: ignore[call-overload]
    game = load_game(game_name, players=players, **settings)
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            yield state.clone()
            state.apply_action(rng.choice(state.legal_actions()))


def double_dummy_best(state: State, seat: int, deals: int, rng: random.Random) -> set[str]:
    """The cards best double-dummy in every sampled deal the seat cannot tell apart."""
    info = InformationSet(state, seat)
    game = state.game
    declaring = game.side_of[seat] == game.side_of[state.declarer]  # type: ignore[attr-defined]
    common: set[str] | None = None
    for _ in range(deals):
        det = info.sample_determinization(rng)
        pos = Position.from_state(det)  # type: ignore[arg-type]
        scores = {
            game.names[c]: round_score(det, v)  # type: ignore[arg-type, attr-defined]
            for c, v in Solver.for_position(pos).move_values(pos).items()
        }
        target = (max if declaring else min)(scores.values())
        best = {c for c, v in scores.items() if v == target}
        common = best if common is None else common & best
    return common or set()


def test_chai_tea_jazz_the_solvers_best_card_is_never_a_mistake_by_the_review() -> None:
    """Where one card is best double-dummy in every deal the seat could be in, the review
    values it within its margin of its own choice (a 'good' play).

    Not asserted: that the review names that very card. Its value is the game's outcome
    (places), so cards worth different points often win the game equally; the review then
    picks among equals (about half of these positions when measured).
    """
    rng = random.Random(0)
    checked = good = 0
    for state in played_out("chai-tea-jazz", range(6), players=3, ranks=3, setup=ONE_ROW):
        seat = state.current_player()
        assert isinstance(seat, int)
        legal = state.legal_actions()
        if not solvable(state) or len(legal) < 2:  # type: ignore[arg-type]
            continue
        best = double_dummy_best(state, seat, 12, rng)
        if not best or len(best) == len(legal):
            continue  # no card best in every deal, or every card equal
        names = state.game.names  # type: ignore[attr-defined]
        card = next(str(a) for a in legal if names[a.card] in best)  # type: ignore[attr-defined]
        bot = make_reviewer(state.game, seat, "ismcts(iterations=300)", seed=checked)
        verdict = review_decision(bot, state, 0, card)
        checked += 1
        good += verdict.mark == "good"
    assert checked >= 30, checked
    assert good >= 0.9 * checked, (good, checked)


def _child(state: State, action: Action) -> State:
    out = state.clone()
    out.apply_action(action)
    return out


def _forced_value(state: State, seat: int) -> float:
    """The seat's exact expected utility when only chance and forced moves remain."""
    if state.is_terminal():
        return rank_utilities(state)[seat]
    if state.is_chance_node():
        return sum(p * _forced_value(_child(state, o), seat) for o, p in state.chance_outcomes())
    (only,) = state.legal_actions()
    return _forced_value(_child(state, only), seat)


def _only_forced(state: State) -> bool:
    if state.is_terminal():
        return True
    if state.is_chance_node():
        return all(_only_forced(_child(state, o)) for o, _ in state.chance_outcomes())
    legal = state.legal_actions()
    return len(legal) == 1 and _only_forced(_child(state, legal[0]))


def _chance_weight(det: State) -> float:
    """The probability of the determinization's chance outcomes, from its start."""
    record = det.to_record()
    state = det.game.new_initial_state(seed=0)
    weight = 1.0
    for text in record["actions"]:
        if state.is_chance_node():
            odds = {str(o): p for o, p in state.chance_outcomes()}
            weight *= odds[text]
        state.apply_text(text)
    return weight


def exact_values(state: State, seat: int, draws: int = 300) -> dict[str, float] | None:
    """Each action's exact value over the deals consistent with the seat's view, weighted by
    their chance: the model the reviewer searches (others' past choices are not evidence).

    ``None`` when in some deal a choice is left after the action (its value would depend
    on how it is made).
    """
    info = InformationSet(state, seat)
    rng = random.Random(1)
    deals: dict[tuple[str, ...], State] = {}
    for _ in range(draws):
        det = info.sample_determinization(rng)
        deals[tuple(str(a) for a in det.history())] = det
    legal = state.legal_actions()
    if not all(_only_forced(_child(det, a)) for det in deals.values() for a in legal):
        return None
    weights = {h: _chance_weight(det) for h, det in deals.items()}
    total = sum(weights.values())
    return {
        str(a): sum(weights[h] * _forced_value(_child(det, a), seat) for h, det in deals.items())
        / total
        for a in state.legal_actions()
    }


def test_tiny_contest_values_are_within_their_stated_uncertainty() -> None:
    """At tiny Contest's last decisions, each action's value and the loss between them
    are within the review's stated 95% margins of the exact ones."""
    game = load_tiny("contest")
    outside = checked = 0
    for seed in range(30):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            legal = state.legal_actions()
            seat = state.current_player()
            assert isinstance(seat, int)
            exact = exact_values(state, seat) if len(legal) > 1 else None
            if exact is not None:
                for a in legal:
                    bot = make_reviewer(game, seat, seed=seed)
                    v = review_decision(bot, state, 0, str(a))
                    assert v.visits > 0
                    checked += 1
                    if abs(v.value - exact[v.played]) > 0.98 / math.sqrt(v.visits):
                        outside += 1
                    true_loss = exact[v.preferred] - exact[v.played]
                    if v.played != v.preferred and abs(v.loss - max(0.0, true_loss)) > v.margin:
                        outside += 1
            state.apply_action(rng.choice(legal))
    assert checked >= 20, checked
    # conservative 95% intervals: hardly any estimate falls outside
    assert outside <= max(1, checked // 20), (outside, checked)
