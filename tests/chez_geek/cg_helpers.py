"""Shared helpers for the Chez Geek tests: explicit deals and scripted dice."""

from __future__ import annotations

from typing import Any

from cardtable.engine.game import Marker
from cardtable.engine.registry import load_game
from cardtable.games.chez_geek.state import ChezGeekState
from cardtable.games.chez_geek.steps import D_WINDOW


def deal(players: int, jobs: list[str], hands: list[list[str]], **extra: Any) -> ChezGeekState:
    """A state from an explicit deal (every draw forced by ``deck`` or chance)."""
    game = load_game("chez-geek", players=players, **extra.pop("settings", {}))
    state = game.new_initial_state(seed=7, deal={"jobs": jobs, "hands": hands, **extra})
    assert isinstance(state, ChezGeekState)
    return state


def run(state: ChezGeekState, *texts: str) -> None:
    """Apply actions written in notation, in order."""
    for text in texts:
        state.apply_text(text)


def pass_window(state: ChezGeekState) -> None:
    """Every seat still to be asked in the top window passes."""
    while (
        state.stack and state.stack[-1].kind == D_WINDOW and state.current_player() != Marker.CHANCE
    ):
        state.apply_text("pass")


def obs(state: ChezGeekState, seat: int = 0) -> dict[str, Any]:
    return state.observation(seat)


def room(state: ChezGeekState, seat: int) -> list[tuple[str, int]]:
    return [(c["card"], c["slack"]) for c in state.observation(seat)["players"][seat]["room"]]


def step_name(state: ChezGeekState) -> str:
    prompt = state.observation(0)["prompt"]
    return prompt["step"] if prompt else ""
