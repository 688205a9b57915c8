"""The HTTP transport with a deadline for half-sent requests.

uvicorn closes idle keep-alive connections, but a connection that opens and
then sends its request headers slowly (or never finishes them) is kept
forever; enough of them exhaust the server's sockets. ``GuardedH11Protocol``
closes a connection whose request headers are not complete within
``REQUEST_SECONDS`` of it opening or of the first byte of a next request.
Slow bodies are bounded by ``limits.BodyLimit``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol


class GuardedH11Protocol(H11Protocol):
    request_seconds: float = 10.0
    _guard: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        cycle = getattr(self, "cycle", None)
        if self._guard is None and (cycle is None or cycle.response_complete):
            self._arm()  # the first bytes of a request: its headers have a deadline
        before = getattr(self, "scope", None)
        super().data_received(data)
        if getattr(self, "scope", None) is not before:  # the headers of a request are in
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
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


def guarded_protocol(seconds: float) -> type[GuardedH11Protocol]:
    """The protocol class with its deadline (uvicorn takes a class, not an instance)."""
    return type("GuardedH11", (GuardedH11Protocol,), {"request_seconds": seconds})
