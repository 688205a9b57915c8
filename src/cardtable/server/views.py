"""What each seat and each spectator is sent: built only from the engine's views.

A seat's message holds its own ``observation(seat)``, the public log, its own
actions and, when it must decide, its legal actions and why each other card
of its own hand cannot be played (``unplayable_reasons(seat)``, sent to that
seat alone). A spectator's holds the public log, who is to act and the game's
``public_observation()`` (what every seat may know; ``None`` when a game offers
none). Nothing here reads the state's hidden fields; the leak tests check that
by re-dealing what a seat cannot see and asserting the message does not change.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import orjson

from cardtable.engine.game import Action, State, decline_of, is_decline


def is_pass(action: Action) -> bool:
    """A pass: the game's declining action, known by its type (``engine.Decline``)."""
    return is_decline(action)


def is_reaction(state: State) -> bool:
    """A reaction window, as the game says (Contest calls, Chez nopes, Whenevers).

    Turns that happen to allow a pass (a Chai Tea Jazz bid) are ordinary turns
    with the turn clock, not windows with a countdown.
    """
    return isinstance(state.current_player(), int) and state.is_reaction_window()


def pass_action(state: State) -> Action:
    action = decline_of(state.legal_actions())
    if action is None:
        raise LookupError("no pass action here")
    return action


@dataclass
class Lookahead:
    """The windows a reaction phase will ask if every seat passes.

    ``prompts``: each seat of ``askable`` that holds an answer (a legal action
    other than pass) and the choices it will have when the engine reaches it;
    ``asked_at``: that move number; ``asked``: every seat the engine will ask.
    """

    prompts: dict[int, list[str]] = field(default_factory=dict)
    asked_at: dict[int, int] = field(default_factory=dict)
    asked: set[int] = field(default_factory=set)


def look_ahead(state: State, askable: set[int], limit: int = 64) -> Lookahead:
    """Pass through the windows open at ``state`` on a copy, noting who could answer.

    Only the server runs this (it reads the whole state); a seat is sent only its
    own entry of ``prompts``, which its own cards decide.
    """
    out = Lookahead()
    probe = state.clone()
    for _ in range(limit):
        if not is_reaction(probe):
            break
        seat = probe.current_player()
        assert isinstance(seat, int)
        out.asked.add(seat)
        legal = probe.legal_actions()
        if seat in askable and seat not in out.prompts and any(not is_pass(a) for a in legal):
            out.prompts[seat] = [str(a) for a in legal]
            out.asked_at[seat] = probe.move_number()
        probe.apply_action(pass_action(probe))
    return out


def default_action(state: State) -> Action:
    """The move made for a seat whose clock ran out: pass when it may, else the first."""
    legal = state.legal_actions()
    action = decline_of(legal)
    return legal[0] if action is None else action


@dataclass
class Prompt:
    """The decision a seat is shown, with its clock (``deadline`` is epoch seconds)."""

    kind: str  # "turn" or "reaction"
    deadline: float | None
    seconds: float | None
    answered: bool = False

    def to_json(self) -> dict[str, Any]:
        remaining = None if self.deadline is None else max(0.0, self.deadline - time.time())
        return {
            "kind": self.kind,
            "deadline": self.deadline,
            # clients count down from this, so a skewed client clock does not matter
            "remaining": remaining,
            "seconds": self.seconds,
            "answered": self.answered,
        }


@dataclass
class Delta:
    """What a subscriber has not yet been told: log lines and its own moves."""

    log: list[str] = field(default_factory=list)
    mine: list[dict[str, Any]] = field(default_factory=list)


def result_of(state: State) -> dict[str, Any] | None:
    if not state.is_terminal():
        return None
    out: dict[str, Any] = {"returns": state.returns()}
    places = state.places()
    if places is not None:
        out["places"] = places
    return out


def render_text(state: State, observation: dict[str, Any]) -> str | None:
    try:
        return state.game.render(observation)
    except Exception:  # a renderer bug must not take a table down
        return None


def seat_view(
    state: State, seat: int, legal: list[str], prompt: Prompt | None, reacting: bool
) -> dict[str, Any]:
    """The view part of an update for ``seat``: observation, its choices, the clock."""
    obs = state.observation(seat)
    player = state.current_player()
    return {
        "observation": obs,
        "public": None,
        "text": render_text(state, obs),
        "legal": legal,
        # reasons only for the seat really deciding: in a window the others see "pass" alike
        "unplayable": state.unplayable_reasons(seat)
        if player == seat and not reacting and legal
        else {},
        "prompt": prompt.to_json() if prompt else None,
        # who is asked in a reaction window is not said: every seat is asked alike
        "to_act": player if isinstance(player, int) and not reacting else None,
        "reaction": reacting,
        "result": result_of(state),
    }


def spectator_view(state: State, prompt: Prompt | None, reacting: bool) -> dict[str, Any]:
    player = state.current_player()
    return {
        "observation": None,
        "public": state.public_observation(),
        "text": None,
        "legal": [],
        "unplayable": {},
        "prompt": prompt.to_json() if prompt else None,
        "to_act": player if isinstance(player, int) and not reacting else None,
        "reaction": reacting,
        "result": result_of(state),
    }


_NON_STR_KEYS = orjson.OPT_NON_STR_KEYS


def encode_json(message: dict[str, Any]) -> str:
    """A message as compact JSON text, as ``json.dumps`` writes it with ``ensure_ascii=False``.

    Why orjson: every move is encoded once for each seat and spectator, and
    the standard library's encoder was a tenth of the server's time per move.
    Keys that are not strings (a seat number) become strings, as in ``json``.
    """
    return orjson.dumps(message, option=_NON_STR_KEYS).decode()


def update_message(
    table_id: str, move: int, status: str, delta: Delta, view: dict[str, Any]
) -> dict[str, Any]:
    return {
        "type": "update",
        "table": table_id,
        "move": move,
        "status": status,
        "log": delta.log,
        "mine": delta.mine,
        "view": view,
    }
