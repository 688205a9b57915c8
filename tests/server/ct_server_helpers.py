"""Helpers shared by the server tests (a uniquely named module, not a conftest)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from cardtable.server.main import create_app
from cardtable.server.settings import Settings

REPO = Path(__file__).resolve().parents[2]
ids = itertools.count()


@contextlib.contextmanager
def app_client(database: str | Path, **settings: Any) -> Iterator[TestClient]:
    """The app in process, on a database URL (or a SQLite file's path)."""
    url = f"sqlite:///{database}" if isinstance(database, Path) else database
    # bots think in a thread unless a test asks for worker processes (they take a second to start)
    settings.setdefault("bot_workers", 0)
    settings.setdefault("replay_workers", 0)
    # every in-process request comes from one address; tests of that cap set it themselves
    settings.setdefault("max_open_tables_per_address", 10**6)
    app = create_app(Settings(database_url=url, **settings))
    with TestClient(app) as client:
        yield client


def create_table(client: Any, game: str = "contest", **body: Any) -> dict[str, Any]:
    body = {"game": game, "bot_delay": 0, **body}  # bots at once unless a test says otherwise
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    created = r.json()
    if isinstance(client, TestClient):
        settle(client, created["table"]["id"])
    return created


def settle(client: TestClient, table_id: str) -> None:
    """Wait until the table's driver (deals, bots) has nothing left to do.

    The bound only turns a hang into a failure: a whole game of searching bots
    on a busy 2-core machine has taken more than 10 s.
    """
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        driver = runtime(client, table_id)._driver
        if driver is None or driver.done():
            return
        time.sleep(0.005)
    raise AssertionError("the table did not settle")


def runtime(client: TestClient, table_id: str) -> Any:
    return client.app.state.manager.live[table_id]


def stored_moves(client: TestClient, table_id: str) -> list[Any]:
    return client.app.state.storage.store.load_moves(table_id)


def hello(ws: Any, token: str | None, since: int | None = None) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "token": token, "since": since}))
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    return welcome


def receive_until(ws: Any, kind: str, limit: int = 200) -> dict[str, Any]:
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message in {limit} messages")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cardtable_exe() -> list[str]:
    exe = Path(sys.executable).with_name("cardtable")
    if exe.exists():
        return [str(exe)]
    return [sys.executable, "-m", "cardtable.cli"]


class ServerProcess:
    """``cardtable serve`` as a subprocess on a free port, for restart and browser tests."""

    def __init__(
        self,
        database: str,
        port: int | None = None,
        extra: list[str] | None = None,
        command: list[str] | None = None,
        cwd: Path = REPO,
    ) -> None:
        self.database = database
        self.extra = extra or []
        self.command = command or cardtable_exe()  # another install's `cardtable`
        self.cwd = cwd
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.base = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        cmd = [*self.command, "serve", "--port", str(self.port), "--database", self.database]
        cmd += self.extra
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        # a file, not a pipe: a pipe nobody reads would block a chatty server
        self.log = tempfile.NamedTemporaryFile(prefix="cardtable-serve-", suffix=".log")  # noqa: SIM115 - lives as long as the server
        self.proc = subprocess.Popen(
            cmd, stdout=self.log, stderr=subprocess.STDOUT, env=env, cwd=self.cwd
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                out = Path(self.log.name).read_text(errors="replace")
                raise RuntimeError(f"cardtable serve exited: {out}")
            try:
                if httpx.get(f"{self.base}/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("cardtable serve did not start within 30 s")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class Player:
    """One person at one seat: plays random legal moves, remembers every ack."""

    def __init__(self, base: str, table: str, token: str, seed: int) -> None:
        self.url = base.replace("http", "ws") + f"/ws/tables/{table}"
        self.table = table
        self.token = token
        self.rng = random.Random(seed)
        self.last = 0
        self.acked: dict[int, str] = {}
        self.sent: dict[str, str] = {}
        self.over = False

    async def run(self, think: float) -> None:
        async with connect(self.url) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.token, "since": self.last}))
            async for raw in ws:
                msg = json.loads(raw)
                if msg["type"] == "ack":
                    self.acked[msg["number"]] = self.sent[msg["id"]]
                elif msg["type"] == "update":
                    self.last = msg["move"]
                    if msg["status"] == "over":
                        self.over = True
                        return
                    legal = msg["view"]["legal"]
                    if legal:
                        if think:
                            await asyncio.sleep(think * self.rng.random())
                        msg_id = f"p{next(ids)}"
                        action = self.rng.choice(legal)
                        self.sent[msg_id] = action
                        await ws.send(
                            json.dumps(
                                {
                                    "type": "move",
                                    "id": msg_id,
                                    "move": msg["move"],
                                    "action": action,
                                }
                            )
                        )

    async def run_until_dropped(self, think: float) -> None:
        with contextlib.suppress(ConnectionClosed, OSError, InvalidStatus):
            await self.run(think)


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str:
    """Debian's Chromium; the browser tests fail (never skip) without it."""
    path = shutil.which(CHROMIUM) or (CHROMIUM if Path(CHROMIUM).exists() else None)
    if path is None:
        raise RuntimeError(
            f"Chromium is not installed at {CHROMIUM}: install it with "
            "`apt-get install -y chromium` (CI's .ci/run does). The browser tests "
            "never download a browser."
        )
    return path


def committed(database: str, tables: list[str]) -> dict[str, list[str]]:
    """What the database holds, read with the server's own storage code (after a kill)."""
    from cardtable.server.db import Store

    store = Store(database)
    try:
        return {t: [m.action for m in store.load_moves(t)] for t in tables}
    finally:
        store.close()


KNOCKED_OUT = "#board .seat-box.me .badge:has-text('knocked out')"
# knocked out in Chez, the person waits while the bots play on: hundreds of moves
OUT_MS = 240_000


def wait_for_something_to_press(page: Any, buttons: str, step_ms: int) -> None:
    """Until the person has one of ``buttons`` to press, or the game is over.

    Knocked out in Chez, the person has nothing left to do while the bots play
    on, hundreds of moves when the draw pile is empty: then until the end.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
    from playwright.sync_api import expect

    try:
        page.wait_for_function(
            "(sel) => !document.getElementById('result-box').hidden"
            " || document.querySelectorAll(sel).length > 0",
            arg=buttons,
            timeout=step_ms,
        )
    except PlaywrightTimeoutError:
        if not page.locator(KNOCKED_OUT).count():
            raise
        expect(page.locator("#result-box")).to_be_visible(timeout=OUT_MS)
