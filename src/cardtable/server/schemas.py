"""Typed request and response bodies of the HTTP API, and client message parsing.

WebSocket messages are parsed here by hand-rolled checks rather than by
pydantic so that every refusal maps onto one of the protocol's error codes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator

from cardtable.server.errors import ProtocolError
from cardtable.server.inputs import InputError, check_text, load_json


class SeatSpec(BaseModel):
    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(default=None, description="bot name when kind is bot")
    name: str | None = Field(
        default=None, max_length=24, description="what the table calls this seat (a person's)"
    )

    @field_validator("name")
    @classmethod
    def _plain_name(cls, value: str | None) -> str | None:
        return plain_name(value)


def plain_name(value: str | None) -> str | None:
    """A name is shown everywhere as text: trimmed, inner spaces folded, no control characters."""
    if value is None:
        return None
    try:
        value = check_text(value, "name").strip()
    except InputError as exc:
        raise ValueError(str(exc)) from exc
    return " ".join(value.split()) or None


class SeatName(BaseModel):
    """A person names their own seat after opening its link (the creator names theirs at once)."""

    name: str = Field(min_length=1, max_length=24)

    @field_validator("name")
    @classmethod
    def _plain_name(cls, value: str) -> str:
        named = plain_name(value)
        if named is None:
            raise ValueError("a name needs a letter or a digit, not only spaces")
        return named


class CreateTable(BaseModel):
    game: str
    players: int | None = None
    settings: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = Field(
        default=None, description="one per seat; default: seat 0 human, bots elsewhere"
    )
    turn_seconds: float | None = Field(default=None, ge=0)
    reaction_seconds: float | None = Field(default=None, ge=0)
    bot_delay: float | None = Field(
        default=None, ge=0, le=10, description="seconds a bot waits; default: the server's pace"
    )


class Invite(BaseModel):
    seat: int
    seat_name: str
    token: str
    url: str


class TableSummary(BaseModel):
    id: str
    game: str
    title: str
    players: int
    settings: dict[str, Any]
    status: str
    move: int | None = None
    seats: list[dict[str, Any]]
    options: dict[str, Any]
    created_at: float
    rematch_of: str | None = None
    rematch_id: str | None = None


class CreatedTable(BaseModel):
    table: TableSummary
    invites: list[Invite]
    spectate_url: str
    # the creator's secret: ``POST /api/tables/{id}/seats/{seat}/revoke`` gives a seat a
    # new link and closes the old one (shown once, stored only as a hash)
    creator_token: str | None = None


class GameSummary(BaseModel):
    name: str
    title: str
    players: list[int]
    default_players: int
    summary: str
    settings: list[dict[str, Any]]
    bots: list[str]
    default_bot: str
    levels: list[dict[str, Any]] = []  # level, spec, note, measured rating
    # the lobby's default clock to answer a play (``TableManager.answer_seconds``)
    answer_seconds: float = 6.0


@dataclass
class Hello:
    token: str | None
    since: int | None


@dataclass
class MoveMsg:
    id: str
    move: int
    action: str


@dataclass
class AutoPassMsg:
    on: bool


@dataclass
class PingMsg:
    pass


ClientMessage = Hello | MoveMsg | AutoPassMsg | PingMsg


def _field(data: dict[str, Any], name: str, kind: type | tuple[type, ...], optional: bool) -> Any:
    value = data.get(name)
    if value is None and optional:
        return None
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise ProtocolError("malformed", f"field {name!r} is missing or of the wrong type")
    return value


def parse_client_message(raw: str | bytes, max_bytes: int, max_depth: int = 8) -> ClientMessage:
    """One client frame to a message, or a ``ProtocolError`` saying what was wrong."""
    try:
        data = load_json(raw, max_bytes, max_depth)
    except InputError as exc:
        raise ProtocolError(exc.code, exc.message) from exc
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "a message is a JSON object with a 'type'")
    kind = data.get("type")
    if kind == "hello":
        since = _field(data, "since", int, optional=True)
        return Hello(token=_field(data, "token", str, optional=True), since=since)
    if kind == "move":
        msg_id = _field(data, "id", str, optional=False)
        if not 0 < len(msg_id) <= 80:
            raise ProtocolError("malformed", "field 'id' must be 1..80 characters")
        return MoveMsg(
            id=msg_id,
            move=_field(data, "move", int, optional=False),
            action=_field(data, "action", str, optional=False),
        )
    if kind == "auto_pass":
        return AutoPassMsg(on=_field(data, "on", bool, optional=False))
    if kind == "ping":
        return PingMsg()
    raise ProtocolError("unknown_type", f"unknown message type {kind!r}")
