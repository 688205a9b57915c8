"""Reaction windows are declared by the game, and every window can be passed."""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.server.views import is_pass, is_reaction
from tests.contest.helpers import new_state, play

# games whose rules have out-of-turn answers: Contest calls, Chez nopes, Chez Geek Whenevers
WITH_WINDOWS = {"contest": 2, "chez": 4, "chez-geek": 3}


def test_contest_reveal_calls_are_windows_and_declarations_are_turns():
    state = new_state("R", "N")
    assert not state.is_reaction_window()
    play(state, "R", "N")
    assert state.is_reaction_window() and is_reaction(state)


def test_a_chai_tea_jazz_bid_that_may_be_passed_is_a_turn_not_a_window():
    state = cardtable.load_game("chai-tea-jazz", players=3).new_initial_state(seed=1)
    state.resolve_chance()
    assert any(is_pass(a) for a in state.legal_actions())
    assert not state.is_reaction_window() and not is_reaction(state)


@pytest.mark.parametrize("name", sorted(WITH_WINDOWS))
def test_windows_occur_and_always_offer_a_pass(name):
    game = cardtable.load_game(name, players=WITH_WINDOWS[name])
    windows = 0
    for seed in range(5):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            if state.is_reaction_window():
                windows += 1
                assert any(is_pass(a) for a in state.legal_actions()), state.where()
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    assert windows > 0
