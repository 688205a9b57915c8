"""Typed protocol errors: a refused message changes nothing and says why.

Each error has a stable ``code`` that clients switch on, a human ``message``
and, where it helps the client recover, the table's current move number
(a stale move is re-sent with the number the server expects).
"""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse

# code -> what it means (also the list documented in docs/server.md)
CODES = {
    "bad_token": "the seat token is missing, unknown or not for this table",
    "malformed": "the message is not valid JSON or lacks a field of the right type",
    "too_large": "the message is larger than the server accepts",
    "too_deep": "the message's JSON is nested deeper than the server accepts",
    "bad_text": "a string is not valid Unicode text or holds control characters",
    "unknown_type": "the message type is not one the server knows",
    "not_hello": "the first message on a connection must be a hello",
    "spectator": "spectators may watch but not move",
    "wrong_seat": "it is not this seat's decision",
    "stale_move": "the move number is not the current one; the state moved on",
    "replayed": "a message with this id was already received from this seat",
    "illegal": "the action is not legal now",
    "game_over": "the game is over",
    "no_table": "there is no such table",
    "idle": "the connection sent nothing for too long and is closed",
    "storage": "the move could not be stored; nothing changed, try again",
    "elsewhere": "this seat was opened again in another tab or window, which plays it now",
    "moved": "the table moved to another server process; the socket closes, reconnect",
    "busy": "the table is being moved between server processes; reconnect in a moment",
    "server_error": "the table met an error on the server; it tries again by itself",
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


def error_response(exc: Exception) -> JSONResponse:
    """An engine or input refusal as HTTP: 400 (or the limit's status) with a stable code."""
    code = getattr(exc, "code", None) or _code_of(exc)
    status = int(getattr(exc, "status", 400))
    message = getattr(exc, "message", None) or str(exc)
    return JSONResponse({"detail": message, "code": code}, status_code=status)


def _code_of(exc: Exception) -> str:
    """``SettingError`` -> ``setting``: the error's class, as clients switch on it."""
    name = type(exc).__name__.removesuffix("Error")
    return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_") or "bad_input"
