"""Bounds on what one client can make the server do, each refused with a typed error.

* ``BodyLimit``: an ASGI middleware that reads an HTTP request body only up to
  ``max_request_bytes`` and checks its JSON (depth, finite numbers, valid text)
  before any route parses it, so a body can neither exhaust memory nor end in
  a ``RecursionError``.
* ``RateLimit``: events (tables created, replay pages) per client address per
  minute, in memory that is bounded by the number of addresses seen in the
  last minute.
* ``SecurityHeaders``: the same headers on every HTTP response, refusals made
  by the middleware above included, so no answer of the server can be framed
  or sniffed.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from cardtable.server.inputs import InputError, load_json

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class LimitError(InputError):
    """A limit of the server reached; ``status`` is the HTTP status it is sent with."""

    def __init__(self, code: str, message: str, status: int = 429) -> None:
        super().__init__(code, message)
        self.status = status


async def send_error(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps({"detail": message, "code": code}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Refuse oversized, too deep or invalid JSON request bodies before routing."""

    def __init__(self, app: ASGIApp, max_bytes: int, max_depth: int, seconds: float) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.max_depth = max_depth
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        # one deadline for the whole body: a byte every few seconds must not hold it open
        deadline = asyncio.get_running_loop().time() + self.seconds
        while True:
            try:
                left = max(0.0, deadline - asyncio.get_running_loop().time())
                message = await asyncio.wait_for(receive(), left)
            except TimeoutError:
                await send_error(send, 408, "too_slow", "the request body did not arrive in time")
                return
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await send_error(
                    send, 413, "too_large", f"request bodies are limited to {self.max_bytes} bytes"
                )
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body:
            try:
                load_json(body, self.max_bytes, self.max_depth)
            except InputError as exc:
                await send_error(send, 400, exc.code, exc.message)
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


class RateLimit:
    """At most ``per_minute`` events per key in any 60 seconds."""

    def __init__(self, per_minute: int, what: str = "tables") -> None:
        self.per_minute = per_minute
        self.what = what
        self._events: dict[str, deque[float]] = {}

    def hit(self, key: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self._forget(now)
        events = self._events.setdefault(key, deque())
        if len(events) >= self.per_minute:
            raise LimitError(
                "rate_limited",
                f"at most {self.per_minute} {self.what} a minute from one address; try again later",
            )
        events.append(now)

    def _forget(self, now: float) -> None:
        """Drop events older than a minute, and keys with none left (memory stays bounded)."""
        for key in list(self._events):
            events = self._events[key]
            while events and events[0] <= now - 60:
                events.popleft()
            if not events:
                del self._events[key]


# the client is same-origin static files only: no inline script, no frames, sockets
# only to this server, and no Referer that could carry a table URL elsewhere
SECURITY_HEADERS = (
    (
        b"content-security-policy",
        b"default-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
        b"form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)


class SecurityHeaders:
    """Add ``SECURITY_HEADERS`` to every HTTP response that does not set them itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(k, v) for k, v in SECURITY_HEADERS if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
