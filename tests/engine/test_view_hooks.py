"""The optional view hooks every registered game offers the browser.

``unplayable_reasons(seat)`` explains only the deciding seat's own cards that
no legal action names; ``public_observation()`` holds no hand and no seat; the
re-deal secrecy of the public view is checked by the conformance suite.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from cardtable.engine.game import State
from cardtable.engine.registry import available_games, load_game

GAMES = available_games()


def _positions(game: str, count: int = 120) -> list[State]:
    state = load_game(game).new_initial_state(seed=5)
    rng = random.Random(5)
    out = []
    while not state.is_terminal() and len(out) < count:
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_reasons_cover_only_the_deciding_seats_unplayable_cards(game):
    explained = 0
    for state in _positions(game):
        player = state.current_player()
        for seat in range(state.game.num_players):
            reasons = state.unplayable_reasons(seat)
            if seat != player:
                assert reasons == {}
                continue
            own = json.dumps(state.observation(seat))
            named = {w for a in state.legal_actions() for w in re.split(r"[ +]", str(a))}
            for card, why in reasons.items():
                assert f'"{card}"' in own  # a card of the seat's own view
                assert card not in named  # never a card it may play
                assert isinstance(why, str) and why
                explained += 1
    if game != "contest":  # a Contest card is declared, never played
        assert explained > 0


@pytest.mark.parametrize("game", GAMES)
def test_public_observation_holds_no_hand_and_no_seat(game):
    for state in _positions(game, 40):
        public = state.public_observation()
        assert public is not None
        json.dumps(public)
        assert public.get("seat") is None
        assert public.get("hand") is None


def test_chez_says_why_a_card_cannot_go_on_the_top_card():
    reasons = [
        why
        for state in _positions("chez", 200)
        for why in state.unplayable_reasons(state.current_player()).values()
    ]
    assert any("cannot go onto" in why for why in reasons)


def test_chai_tea_jazz_says_follow_suit():
    reasons = [
        why
        for state in _positions("chai-tea-jazz", 200)
        for why in state.unplayable_reasons(state.current_player()).values()
    ]
    assert any("must follow suit" in why or "trump was led" in why for why in reasons)
