"""Explicit deals and scripted play for Chez rule tests."""

from __future__ import annotations

from cardtable import load_game
from cardtable.games.chez.state import ChezState


def deal(
    hands: list[str],
    top: str,
    draw: str = "",
    first: int = 0,
    **settings: object,
) -> ChezState:
    """A state from hands written as ``"7H 8S"`` (or ``7H+8S``); ``draw`` is the pile's top."""
    game = load_game("chez", players=len(hands), **settings)
    state = game.new_initial_state(
        deal={
            "hands": [h.replace("+", " ").split() for h in hands],
            "top": top,
            "draw": draw.replace("+", " ").split(),
            "first": first,
        }
    )
    assert isinstance(state, ChezState)
    return state


def legal(state: ChezState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def do(state: ChezState, *texts: str) -> ChezState:
    for text in texts:
        state.apply_text(text)
    return state


def passes(state: ChezState) -> int:
    """Everyone passes the open reaction window(s); returns how many were asked."""
    asked = 0
    while state.observation(0)["prompt"]["step"] == "window":
        state.apply_text("pass")
        asked += 1
    return asked


def hand(state: ChezState, seat: int) -> list[str]:
    return state.observation(seat)["hand"]


def step(state: ChezState) -> str:
    return state.observation(0)["prompt"]["step"]
