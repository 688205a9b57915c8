"""Typed protocol errors: a refused message changes nothing and says why.

Each error has a stable ``code`` that clients switch on, a human ``message``
and, where it helps the client recover, the table's current move number
(a stale move is re-sent with the number the server expects).
"""

from __future__ import annotations

from typing import Any

# code -> what it means (also the list documented in docs/server.md)
CODES = {
    "bad_token": "the seat token is missing, unknown or not for this table",
    "malformed": "the message is not valid JSON or lacks a field of the right type",
    "too_large": "the message is larger than the server accepts",
    "unknown_type": "the message type is not one the server knows",
    "not_hello": "the first message on a connection must be a hello",
    "spectator": "spectators may watch but not move",
    "wrong_seat": "it is not this seat's decision",
    "stale_move": "the move number is not the current one; the state moved on",
    "replayed": "a message with this id was already received from this seat",
    "illegal": "the action is not legal now",
    "game_over": "the game is over",
    "no_table": "there is no such table",
    "storage": "the move could not be stored; nothing changed, try again",
}


class ProtocolError(Exception):
    """A refusal sent back to the client as ``{"type": "error", ...}``."""

    def __init__(self, code: str, message: str, move: int | None = None) -> None:
        if code not in CODES:
            raise ValueError(f"unknown protocol error code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message
        self.move = move

    def to_message(self, msg_id: str | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        if self.move is not None:
            out["move"] = self.move
        if msg_id is not None:
            out["id"] = msg_id
        return out
