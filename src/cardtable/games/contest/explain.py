"""Why an action is refused now, in words a player can act on."""

from __future__ import annotations

from cardtable.engine.game import Action
from cardtable.games.contest import actions as act
from cardtable.games.contest.core import ContestCore
from cardtable.games.contest.phases import (
    CALL_FIRST,
    CALL_SECOND,
    CONSEQUENCE,
    DEAL,
    DECLARE_FIRST,
    DECLARE_SECOND,
    DECLARING,
    Phase,
)
from cardtable.games.contest.pieces import KING, LETTER, SEAT_NAMES
from cardtable.games.contest.rules import consequences_of

_DECLARE = "declare a piece (Q R N B P)"
_CALL = "call or pass"
WANTED: dict[Phase, str] = {
    DECLARE_FIRST: _DECLARE,
    DECLARE_SECOND: _DECLARE,
    CALL_SECOND: _CALL,
    CALL_FIRST: _CALL,
}


def why_illegal(state: ContestCore, action: Action) -> str:
    phase = state.phase
    declaring = phase in DECLARING
    if declaring and isinstance(action, act.Declare) and action.piece == KING:
        return "a King is never declared; declare Q, R, N, B or P"
    declarable = state.rules.declarable
    if declaring and isinstance(action, act.Declare) and action.piece not in declarable:
        allowed = " ".join(LETTER[p] for p in declarable)
        return f"only pieces in the pile may be declared: {allowed}"
    if phase is DEAL:
        return "the piles are being dealt; only deal outcomes apply"
    if isinstance(action, act.Call) and declaring:
        return "a reveal can only be called once both players have declared"
    if not isinstance(state.cp, int):
        return "the game is over"
    if phase is CONSEQUENCE:
        words = " or ".join(consequences_of(state).names())
        return f"now {SEAT_NAMES[state.cp]} must choose a consequence: {words}"
    return f"now {SEAT_NAMES[state.cp]} must {WANTED[phase]}"
