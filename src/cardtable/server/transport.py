"""The HTTP transport: deadlines for half-sent requests and a cap on connections.

uvicorn closes idle keep-alive connections, but a connection that opens and
then sends its request headers slowly (or never finishes them) is kept
forever; enough of them exhaust the server's sockets. ``GuardedH11Protocol``
closes a connection whose request headers are not complete within
``request_seconds`` of it opening or of the first byte of a next request.
Slow bodies are bounded by ``limits.BodyLimit`` (a deadline for the whole
body).

Every open socket is a file descriptor, and a process has a fixed number of
them: past that limit the server can accept nothing, not even a player's
reconnection. ``Connections`` counts the sockets (plain HTTP and WebSockets,
spectators included) in total and per peer address; a connection beyond
either cap is answered at once with a typed 503 and closed, before any
request is read. An HTTP connection upgraded to a WebSocket keeps its place
until the WebSocket closes.

A WebSocket's writes are gathered for the rest of the event loop's turn and
sent as one ``send`` (``CoalescingTransport``): a move's ``ack`` and the
``update`` after it reach the mover together, and on a busy server each
system call to a socket costs more than building the message did. Reading is
paused only when a client's unread messages pile up (``MAX_UNREAD``), not
after every message as uvicorn does: each pause and resume is a pair of
system calls per message, and the table reads each message at once anyway.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from cardtable.server.limits import SECURITY_HEADERS

log = logging.getLogger("cardtable.server")


class Connections:
    """Open sockets in total and per peer address, with their caps."""

    def __init__(self, total: int, per_address: int) -> None:
        self.total = total
        self.per_address = per_address
        self._open: dict[int, str] = {}  # id(transport) -> peer address
        self._by_address: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._open)

    def acquire(self, transport: Any) -> str | None:
        """Count a new socket; the refusal's reason if it is over a cap (then not counted)."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if len(self._open) >= self.total:
            return f"the server holds at most {self.total} connections; try again later"
        if self._by_address.get(address, 0) >= self.per_address:
            return f"at most {self.per_address} connections from one address"
        self._open[id(transport)] = address
        self._by_address[address] = self._by_address.get(address, 0) + 1
        return None

    def release(self, transport: Any) -> None:
        """Forget a closed socket (once, whichever protocol saw it close)."""
        address = self._open.pop(id(transport), None)
        if address is None:
            return
        left = self._by_address[address] - 1
        if left:
            self._by_address[address] = left
        else:
            del self._by_address[address]


def refusal(code: str, message: str) -> bytes:
    """A whole HTTP response refusing a connection, sent before reading its request."""
    body = json.dumps({"detail": message, "code": code}).encode()
    head = (
        "HTTP/1.1 503 Service Unavailable\r\n"
        "content-type: application/json\r\n"
        f"content-length: {len(body)}\r\n"
        "connection: close\r\n"
    ).encode()
    headers = b"".join(name + b": " + value + b"\r\n" for name, value in SECURITY_HEADERS)
    return head + headers + b"\r\n" + body


class GuardedH11Protocol(H11Protocol):
    request_seconds: float = 10.0
    budget: Connections = Connections(10**9, 10**9)
    _guard: asyncio.TimerHandle | None = None
    _refused: bool = False

    def connection_made(self, transport: Any) -> None:
        problem = self.budget.acquire(transport)
        if problem is not None:
            self._refused = True
            transport.write(refusal("too_many_connections", problem))
            transport.close()
            return
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        cycle = getattr(self, "cycle", None)
        if self._guard is None and (cycle is None or cycle.response_complete):
            self._arm()  # the first bytes of a request: its headers have a deadline
        before = getattr(self, "scope", None)
        super().data_received(data)
        if getattr(self, "scope", None) is not before:  # the headers of a request are in
            self._disarm()

    def eof_received(self) -> None:
        if not self._refused:
            super().eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._refused:
            return
        self._disarm()
        self.budget.release(self.transport)
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._guard = self.loop.call_later(self.request_seconds, self._expire)

    def _disarm(self) -> None:
        if self._guard is not None:
            self._guard.cancel()
            self._guard = None

    def _expire(self) -> None:
        self._guard = None
        if not self.transport.is_closing():
            self.transport.close()


# a client's messages the server has not read yet before it stops reading its socket
MAX_UNREAD = 16


class CoalescingTransport:
    """A socket's transport whose writes in one turn of the event loop go out as one.

    Everything but ``write`` and ``close`` is the transport's own; ``close``
    sends what is gathered first, so a closing frame still follows the messages
    written before it.
    """

    def __init__(self, transport: Any, loop: asyncio.AbstractEventLoop) -> None:
        self.raw = transport
        self._loop = loop
        self._pending: list[bytes] = []

    def write(self, data: bytes) -> None:
        if not self._pending:
            self._loop.call_soon(self.flush)
        self._pending.append(data)

    def flush(self) -> None:
        if not self._pending:
            return
        data = self._pending[0] if len(self._pending) == 1 else b"".join(self._pending)
        self._pending.clear()
        if not self.raw.is_closing():
            self.raw.write(data)

    def close(self) -> None:
        self.flush()
        self.raw.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
    """The WebSocket after an upgrade: gives back the connection's place when it closes.

    A text frame that is not UTF-8 closes the socket with 1007 and one debug
    line: uvicorn would log a full traceback for each, which any client could
    use to fill the server's log.
    """

    budget: Connections = Connections(10**9, 10**9)

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self.transport = CoalescingTransport(transport, self.loop)  # type: ignore[assignment]

    def send_receive_event_to_app(self) -> None:
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        if self.close_sent:
            return  # past ``websocket.close``: reads stay on until the peer's close reply
        if self.curr_msg_data_type == "text":
            try:
                text = data.decode()
            except UnicodeDecodeError:
                log.debug("a text frame that is not UTF-8 from %s; closed", self.client)
                self.conn.send_close(1007, "text frames are UTF-8")
                self.handle_parser_exception()
                return
            self.queue.put_nowait({"type": "websocket.receive", "text": text})
        else:
            self.queue.put_nowait({"type": "websocket.receive", "bytes": data})
        if not self.read_paused and self.queue.qsize() >= MAX_UNREAD:
            self.read_paused = True  # ``receive`` resumes reading when the queue is empty
            self.transport.pause_reading()

    def connection_lost(self, exc: Exception | None) -> None:
        transport = self.transport
        self.budget.release(getattr(transport, "raw", transport))
        super().connection_lost(exc)


def guarded_protocols(
    seconds: float, budget: Connections
) -> tuple[type[GuardedH11Protocol], type[GuardedWebSocketProtocol]]:
    """The HTTP and WebSocket protocol classes sharing one budget (uvicorn takes classes)."""
    http = type("GuardedH11", (GuardedH11Protocol,), {"request_seconds": seconds, "budget": budget})
    ws = type("GuardedWebSocket", (GuardedWebSocketProtocol,), {"budget": budget})
    return http, ws
