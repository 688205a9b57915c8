"""Explicit deals and scripted play for Contest rule tests."""

from __future__ import annotations

from collections import Counter

from cardtable import load_game
from cardtable.games.contest.game import ContestState

FULL = Counter({"K": 1, "Q": 1, "R": 2, "N": 2, "B": 2, "P": 8})
FILL_ORDER = "PBNRQK"


def pile(top: str) -> list[str]:
    """A 16-card pile whose top cards are ``top``; the rest in a fixed order, King last."""
    left = FULL.copy()
    left.subtract(Counter(top))
    if any(n < 0 for n in left.values()):
        raise ValueError(f"{top} uses more cards than a pile holds")
    rest = [p for p in FILL_ORDER for _ in range(left[p])]
    return list(top) + rest


def new_state(black: str = "", white: str = "", **settings: object) -> ContestState:
    game = load_game("contest", **settings)
    state = game.new_initial_state(deal={"black": pile(black), "white": pile(white)})
    assert isinstance(state, ContestState)
    return state


def play(state: ContestState, *moves: str) -> ContestState:
    for move in moves:
        state.apply_text(move)
    return state


def legal(state: ContestState) -> list[str]:
    return [str(a) for a in state.legal_actions()]
