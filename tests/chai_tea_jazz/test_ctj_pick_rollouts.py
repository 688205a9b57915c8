"""PIMC's picking by rollouts: legal, secret-keeping, and deciding by its own figures."""

from __future__ import annotations

import random
from typing import cast

import pytest

from cardtable.bots.infoset import InformationSet, decide
from cardtable.bots.registry import make_bot
from cardtable.engine.errors import SettingError
from cardtable.games.chai_tea_jazz import actions as act
from cardtable.games.chai_tea_jazz.ai.heuristic import HeuristicBot
from cardtable.games.chai_tea_jazz.ai.pick_rollouts import candidates_of
from cardtable.games.chai_tea_jazz.ai.pimc import PIMCBot
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.games.chai_tea_jazz.state import ChaiTeaJazzState


def first_pick(players: int, seed: int) -> tuple[ChaiTeaJazzState, int]:
    """A fresh round's first decision (a pick or a pass) and the seat to make it."""
    state = ChaiTeaJazzGame(players).new_initial_state(seed=seed)
    assert isinstance(state, ChaiTeaJazzState)
    while state.is_chance_node():
        state.resolve_chance()
    seat = state.current_player()
    assert isinstance(seat, int)
    return state, seat


class DealsOnly:
    """An information set that can only hand out the deals it was given: a bot that
    read anything else of the true state would fail on it."""

    def __init__(self, deals: list[ChaiTeaJazzState]) -> None:
        self.deals = deals
        self.used = 0

    def sample_determinization(self, rng: random.Random) -> ChaiTeaJazzState:
        deal = self.deals[self.used % len(self.deals)]
        self.used += 1
        return deal.clone()


@pytest.mark.parametrize("players", [3, 4])
def test_a_pick_by_rollouts_is_legal_and_decided_from_sampled_deals_only(players: int) -> None:
    for seed in range(3):
        state, seat = first_pick(players, seed)
        bot = make_bot("pimc(samples=2, pick_samples=6)", state.game, seat, seed=5)
        assert isinstance(bot, PIMCBot)
        choice = decide(bot, state, seat)
        assert choice in state.legal_actions()
        assert choice in bot.last_values  # it was one of the candidates rolled out
        # from the same sampled deals, a table whose other hands are dealt otherwise
        # gives the same figures and the same choice: nothing but the samples, the
        # observation and the legal actions reaches the decision
        deals = [state.resample(seat, random.Random(k)) for k in range(6)]
        other = state.resample(seat, random.Random(100 + seed))
        assert [sorted(h) for h in other.hands] != [sorted(h) for h in state.hands]
        assert other.observation(seat) == state.observation(seat)
        figures = []
        for table in (state, other):
            fresh = make_bot("pimc(samples=2, pick_samples=6)", state.game, seat, seed=5)
            assert isinstance(fresh, PIMCBot)
            info = cast(InformationSet, DealsOnly(deals))
            picked = fresh.act_with(info, table.observation(seat), table.legal_actions())
            figures.append((picked, fresh.last_values))
        assert figures[0] == figures[1]
        assert figures[0][0] in state.legal_actions()


def test_the_choice_is_the_best_mean_unless_the_heuristic_is_within_the_margin() -> None:
    state, seat = first_pick(3, 2)
    legal = state.legal_actions()
    heuristic_choice = HeuristicBot(state.game, seat).act(state.observation(seat), legal)
    free = make_bot("pimc(pick_samples=12, pick_margin=0)", state.game, seat, seed=1)
    assert isinstance(free, PIMCBot)
    choice = decide(free, state, seat)
    means = free.last_values
    assert means[choice] == max(means.values())
    if choice != heuristic_choice:
        assert means[choice] > means[heuristic_choice]
    held = make_bot("pimc(pick_samples=12, pick_margin=1000)", state.game, seat, seed=1)
    assert decide(held, state, seat) == heuristic_choice


def test_candidates_start_with_the_heuristic_choice_and_leave_the_joker_row_for_later() -> None:
    state, seat = first_pick(3, 0)
    game = state.game
    heuristic = HeuristicBot(game, seat)
    legal = state.legal_actions()
    tried = candidates_of(heuristic, state.observation(seat), legal, 4)
    assert tried[0] == heuristic.act(state.observation(seat), legal)
    assert len(set(tried)) == len(tried) <= 4 + 3
    if act.PASS in legal:
        assert act.PASS in tried
    joker = [a for a in tried if isinstance(a, act.Pick) and game.rows[a.row].is_joker]
    assert joker in ([], [tried[0]])  # only if the heuristic itself picks it


def test_pick_settings_are_checked() -> None:
    game = ChaiTeaJazzGame(3)
    with pytest.raises(SettingError, match="pick_samples"):
        make_bot("pimc(pick_samples=-1)", game, 0)
