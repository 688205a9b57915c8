"""Helpers for Chai Tea Jazz tests: explicit deals and scripted play."""

from __future__ import annotations

from typing import Any

from cardtable.engine.game import Marker
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.games.chai_tea_jazz.state import ChaiTeaJazzState


def fill_hands(game: ChaiTeaJazzGame, partial: list[list[str]]) -> list[list[str]]:
    """Complete each seat's hand to its size with the unused cards, in deck order."""
    used = [c for hand in partial for c in hand]
    rest = [game.names[c] for c in game.deck_list]
    for c in used:
        rest.remove(c)
    hands = []
    for hand in partial:
        need = game.hand_size - len(hand)
        hands.append(list(hand) + rest[:need])
        rest = rest[need:]
    assert not rest, rest
    return hands


def state_with(
    players: int = 3, hands: list[list[str]] | None = None, rounds: int = 1, **settings: Any
) -> ChaiTeaJazzState:
    game = ChaiTeaJazzGame(players, **settings)
    partial = hands or [[] for _ in range(players)]
    deal = [{"hands": fill_hands(game, partial)} for _ in range(rounds)]
    return game.new_initial_state(seed=0, deal=deal)


def do(state: ChaiTeaJazzState, *texts: str) -> None:
    for text in texts:
        state.apply_text(text)


def finish_round(state: ChaiTeaJazzState) -> None:
    """Play the first legal card until the current round is over."""
    start = state.round_no
    while state.round_no == start and not state.is_terminal():
        assert state.current_player() is not Marker.CHANCE
        state.apply_action(state.legal_actions()[0])


def texts(state: ChaiTeaJazzState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def hand(text: str) -> list[str]:
    """``"9C 1C 3C"`` -> ``["9C", "1C", "3C"]``."""
    return text.split()
