"""``/ws/tables/{id}``: the play socket, one connection per seat or spectator.

The first client message is ``hello`` with the seat token (none for a
spectator) and the last move number the client has seen; the server answers
``welcome`` and an ``update`` holding everything since that number, so a
reconnecting client loses and repeats nothing. Outgoing messages go through a
per-connection queue so a slow reader never holds up the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from cardtable.engine.registry import game_info
from cardtable.server.errors import ProtocolError
from cardtable.server.manager import TableBusy, TableManager, TableNotFound
from cardtable.server.names import display_names
from cardtable.server.runtime import Subscriber, TableRuntime
from cardtable.server.schemas import AutoPassMsg, Hello, MoveMsg, PingMsg, parse_client_message
from cardtable.server.settings import Settings
from cardtable.server.tokens import hash_token
from cardtable.server.views import encode_json

router = APIRouter(tags=["play"])
log = logging.getLogger("cardtable.server")

# a spectator's first update starts at most this many moves back: watching needs the
# position and the recent log, and resending a long game's log on every hello is free
# work for anyone (a seat's own history is fetched with its token: ``/history``)
SPECTATOR_CATCH_UP = 200


def origin_allowed(ws: WebSocket, settings: Settings) -> bool:
    """Whether the page that opened this socket may: same-origin, or a configured origin.

    Why: browsers let any site open a WebSocket to any server, with the visitor's
    address; the ``Origin`` header is how the server tells its own pages from
    another site's. A client that sends no ``Origin`` is not a browser page
    (and could send any header it liked), so it is let in.
    """
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    allowed = {o.strip().rstrip("/") for o in settings.allowed_origins.split(",") if o.strip()}
    if settings.public_url:
        parts = urlsplit(settings.public_url)
        allowed.add(f"{parts.scheme}://{parts.netloc}")
    else:
        host = ws.headers.get("host", "")
        allowed |= {f"http://{host}", f"https://{host}"}
    return origin.rstrip("/") in allowed


async def _receive_text(ws: WebSocket, seconds: float) -> str | bytes | None:
    """The next frame, or ``None`` when the client left or stayed silent ``seconds``."""
    try:
        # ``timeout`` and not ``wait_for``: no task made per message
        async with asyncio.timeout(seconds):
            msg = await ws.receive()
    except TimeoutError:
        with contextlib.suppress(Exception):
            await ws.send_json(ProtocolError("idle", "nothing received; closing").to_message())
            await ws.close(code=4408)
        return None
    if msg["type"] == "websocket.disconnect":
        return None
    text = msg.get("text")
    return text if text is not None else msg.get("bytes") or b""


async def _writer(ws: WebSocket, sub: Subscriber) -> None:
    while True:
        message = await sub.queue.get()
        if message is None:
            with contextlib.suppress(Exception):
                await ws.close(code=4000)
            return
        # what ``send_json`` sends (compact, UTF-8), encoded several times faster
        await ws.send_text(encode_json(message))


def welcome(rt: TableRuntime, manager: TableManager, seat: int | None) -> dict[str, Any]:
    auto = next((s.auto_pass for s in rt.seats if s.seat == seat), False)
    return {
        "type": "welcome",
        "table": manager.summary(rt),
        "game": game_info(rt.row.game).describe(),
        "catalogue": rt.game.card_catalogue(),
        "seat": seat,
        "seat_name": rt.game.seat_name(seat) if seat is not None else None,
        "seat_names": [rt.game.seat_name(i) for i in range(len(rt.seats))],
        # what the page calls each seat (the log's game names are replaced by these)
        "names": display_names(rt.row, rt.game),
        "role": "seat" if seat is not None else "spectator",
        "auto_pass": auto,
    }


@router.websocket("/ws/tables/{table_id}")
async def play(ws: WebSocket, table_id: str) -> None:
    await ws.accept()
    manager: TableManager = ws.app.state.manager
    settings: Settings = ws.app.state.settings
    if not origin_allowed(ws, settings):
        await ws.send_json(
            {
                "type": "error",
                "code": "bad_origin",
                "message": "this server's tables are played from its own pages",
            }
        )
        await ws.close(code=4403)
        return
    try:
        rt = await manager.get(table_id)
    except TableNotFound:
        await ws.send_json(
            ProtocolError("no_table", f"there is no table {table_id!r}").to_message()
        )
        await ws.close(code=4404)
        return
    except TableBusy:
        # the client reconnects (after a second), by then to the table's new owner
        await ws.send_json(
            ProtocolError("busy", "the table is being moved; reconnecting").to_message()
        )
        await ws.close(code=4503)
        return
    sub: Subscriber | None = None
    writer: asyncio.Task[None] | None = None
    try:
        raw = await _receive_text(ws, settings.hello_seconds)
        if raw is None:
            return
        try:
            hello = parse_client_message(raw, settings.max_message_bytes, settings.max_json_depth)
            if not isinstance(hello, Hello):
                raise ProtocolError("not_hello", "say hello first: {type: hello, token, since}")
            seat = None
            if hello.token is not None:
                seat = rt.seat_for_token_hash(hash_token(hello.token))
                if seat is None:
                    raise ProtocolError("bad_token", "this token opens no seat at this table")
        except ProtocolError as exc:
            await ws.send_json(exc.to_message())
            await ws.close(code=4400)
            return
        await ws.send_json(welcome(rt, manager, seat))
        since = hello.since or 0
        if seat is None:
            since = max(since, rt.move - SPECTATOR_CATCH_UP)
        else:
            manager.note_joined(rt.id)
        sub = rt.subscribe(seat, since)
        writer = asyncio.create_task(_writer(ws, sub))
        while True:
            raw = await _receive_text(ws, settings.idle_seconds)
            if raw is None:
                return
            await _handle(rt, sub, raw, settings)
    except WebSocketDisconnect:
        return
    finally:
        if sub is not None:
            rt.unsubscribe(sub)
        if writer is not None:
            writer.cancel()


def _check_active(rt: TableRuntime, sub: Subscriber) -> None:
    """A seat opened again elsewhere plays there: this connection only watches."""
    if not sub.active:
        raise ProtocolError(
            "elsewhere", "this seat is being played in another tab or window", rt.move
        )


async def _handle(rt: TableRuntime, sub: Subscriber, raw: str | bytes, settings: Settings) -> None:
    msg_id = None
    try:
        msg = parse_client_message(raw, settings.max_message_bytes, settings.max_json_depth)
        if isinstance(msg, MoveMsg):
            msg_id = msg.id
            if sub.seat is None:
                raise ProtocolError("spectator", "spectators may watch but not move", rt.move)
            _check_active(rt, sub)
            reply = await rt.submit(sub.seat, msg.id, msg.move, msg.action)
            if reply is not None:
                sub.push(reply)
        elif isinstance(msg, AutoPassMsg):
            if sub.seat is None:
                raise ProtocolError("spectator", "spectators have no reactions to pass", rt.move)
            _check_active(rt, sub)
            await rt.set_auto_pass(sub.seat, msg.on)
            sub.push({"type": "auto_pass", "on": msg.on})
        elif isinstance(msg, PingMsg):
            sub.push({"type": "pong", "move": rt.move})
        else:
            raise ProtocolError("malformed", "hello is sent once, at the start")
    except ProtocolError as exc:
        sub.push(exc.to_message(msg_id))
