"""Several server processes on one PostgreSQL behind HAProxy (``serve --processes N``).

The failover test plays people's tables and bot-only tables through the
balancer, SIGKILLs the process that plays the most of them, and checks that
every table is taken over and finishes: within 5 s of the kill each cut-off
person is shown the table again, no acknowledged move is lost, and every move
committed before the kill is a prefix of the final record. The others check
what holds across processes (limits per address) and the clear refusals.
PostgreSQL only: several processes share tables through it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from ct_server_helpers import Player, ServerProcess, cardtable_exe, committed
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from websockets.asyncio.client import connect

from cardtable.server.cluster import find_haproxy
from cardtable.server.db import Store

HUMAN_TABLES = 8
BOT_TABLES = 3
FAILOVER_SECONDS = 5.0


def needs_haproxy() -> None:
    if find_haproxy() is None:
        pytest.fail("HAProxy is not installed: scripts/test installs Debian's haproxy")


class Cluster(ServerProcess):
    """``cardtable serve --processes N`` and the ports of its processes."""

    def __init__(self, database: str, processes: int, extra: list[str] | None = None) -> None:
        super().__init__(database, extra=["--processes", str(processes), *(extra or [])])
        self.processes = processes

    def start(self) -> None:
        super().start()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            found = re.search(r"ports ([\d, ]+)\)", Path(self.log.name).read_text())
            if found:
                self.ports = [int(p) for p in found.group(1).split(", ")]
                break
            time.sleep(0.1)
        while time.monotonic() < deadline:
            if all(self.health(p) is not None for p in self.ports):
                return
            time.sleep(0.2)
        raise RuntimeError("the cluster's processes did not become healthy")

    def health(self, port: int) -> dict[str, Any] | None:
        try:
            r = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
        except httpx.HTTPError:
            return None
        return r.json() if r.status_code == 200 else None

    def stop(self) -> None:
        pids = [h["process"] for p in getattr(self, "ports", []) if (h := self.health(p))]
        super().stop()
        for pid in pids:  # never leave a process behind, whatever the launcher did
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


async def play_through(p: Player, seconds: float, think: float = 0.05) -> int:
    """Play a seat to the end, reconnecting through the balancer as the page does; reconnects."""
    deadline = time.monotonic() + seconds
    connections = 0
    while not p.over and time.monotonic() < deadline:
        connections += 1
        await p.run_until_dropped(think)
        if not p.over:
            await asyncio.sleep(0.2)
    return connections - 1


def test_a_killed_process_hands_every_table_on_and_loses_no_acknowledged_move(
    postgres_database,
):
    needs_haproxy()
    cluster = Cluster(postgres_database, 3)
    cluster.start()
    try:
        api = httpx.Client(base_url=cluster.base, timeout=10)
        players = []
        for i in range(HUMAN_TABLES):
            body = {
                "game": "contest" if i % 2 else "chez",
                "players": 2,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                "reaction_seconds": 0.2,
                "bot_delay": 0,
            }
            created = api.post("/api/tables", json=body)
            assert created.status_code == 201, created.text
            data = created.json()
            players.append(
                Player(cluster.base, data["table"]["id"], data["invites"][0]["token"], i)
            )
        bot_tables = []
        for _ in range(BOT_TABLES):
            body = {
                "game": "chez",
                "players": 3,
                "seats": [{"kind": "bot", "bot": "random"}] * 3,
                "bot_delay": 0.05,
            }
            created = api.post("/api/tables", json=body)
            assert created.status_code == 201, created.text
            bot_tables.append(created.json()["table"]["id"])
        tables = [p.table for p in players] + bot_tables
        shown_again: dict[str, float] = {}
        info_at_kill: dict[str, Any] = {}
        killed_at: list[float] = []

        async def play(p: Player) -> None:
            await play_through(p, 150)

        async def watch_reconnects(p: Player) -> None:
            # the first update a cut-off person gets after the kill, through the balancer
            while not killed_at:
                await asyncio.sleep(0.01)
            url = cluster.base.replace("http", "ws") + f"/ws/tables/{p.table}"
            while p.table not in shown_again:
                try:
                    async with connect(url) as ws:
                        await ws.send(json.dumps({"type": "hello", "token": None, "since": 0}))
                        async for raw in ws:
                            if json.loads(raw)["type"] == "update":
                                shown_again[p.table] = time.monotonic() - killed_at[0]
                                return
                except Exception:
                    await asyncio.sleep(0.1)

        async def run() -> None:
            tasks = [asyncio.create_task(play(p)) for p in players]
            for _ in range(500):
                await asyncio.sleep(0.02)
                if sum(1 for p in players if len(p.acked) >= 3) >= HUMAN_TABLES // 2:
                    break
            health = {port: cluster.health(port) for port in cluster.ports}
            victim = max(health, key=lambda port: (health[port] or {}).get("playing", -1))
            info = health[victim]
            assert info is not None and info["playing"] > 0, health
            info_at_kill.update(info)
            os.kill(info["process"], signal.SIGKILL)
            killed_at.append(time.monotonic())
            cut = [p for p in players if not p.over]
            watchers = [asyncio.create_task(watch_reconnects(p)) for p in cut]
            await asyncio.wait_for(asyncio.gather(*watchers), 30)
            await asyncio.wait_for(asyncio.gather(*tasks), 160)

        before: dict[str, list[str]] = {}

        def snapshot_after_kill() -> None:
            while not killed_at:
                time.sleep(0.005)
            before.update(committed(postgres_database, tables))

        reader = threading.Thread(target=snapshot_after_kill)
        reader.start()
        asyncio.run(run())
        reader.join()
        assert sum(len(acts) for acts in before.values()) > 0
        slowest = max(shown_again.values())
        print(f"killed a process playing {info_at_kill}; back after", sorted(shown_again.values()))
        assert slowest < FAILOVER_SECONDS, f"a table came back after {slowest:.1f} s"
        for _ in range(600):
            states = [api.get(f"/api/tables/{t}").json().get("status") for t in bot_tables]
            if all(s == "over" for s in states):
                break
            time.sleep(0.2)
        for table in tables:
            r = api.get(f"/api/tables/{table}/record")
            assert r.status_code == 200, f"table {table} did not finish: {r.text}"
            actions = r.json()["actions"]
            assert actions[: len(before[table])] == before[table], table
        for p in players:
            actions = api.get(f"/api/tables/{p.table}/record").json()["actions"]
            for number, action in p.acked.items():
                assert actions[number - 1] == action, (p.table, number)
        # the launcher started the killed process again, and it serves
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not all(cluster.health(p) for p in cluster.ports):
            time.sleep(0.2)
        assert all(cluster.health(p) for p in cluster.ports)
    finally:
        cluster.stop()


def test_limits_per_address_hold_across_processes(postgres_database):
    needs_haproxy()
    cluster = Cluster(
        postgres_database,
        2,
        ["--max-open-tables-per-address", "3", "--max-connections-per-address", "6"],
    )
    cluster.start()
    try:
        api = httpx.Client(base_url=cluster.base, timeout=10)
        made = []
        for _ in range(3):  # the balancer spreads creations over both processes
            r = api.post("/api/tables", json={"game": "contest"})
            assert r.status_code == 201, r.text
            made.append(r.json()["table"]["id"])
        refused = api.post("/api/tables", json={"game": "contest"})
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_tables_here"

        async def sockets() -> int:
            url = cluster.base.replace("http", "ws") + f"/ws/tables/{made[0]}"
            opened, refusals = [], 0
            for _ in range(9):
                try:
                    opened.append(await connect(url))
                except Exception as exc:
                    assert "503" in str(exc), exc
                    refusals += 1
            for ws in opened:
                await ws.close()
            return refusals

        assert asyncio.run(sockets()) >= 3
    finally:
        cluster.stop()


def test_clear_refusals_without_postgres_or_with_an_unreachable_one(tmp_path):
    exe = cardtable_exe()
    sqlite = f"sqlite:///{tmp_path / 'c.db'}"
    out = subprocess.run(
        [*exe, "serve", "--processes", "2", "--database", sqlite], capture_output=True, text=True
    )
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "PostgreSQL" in out.stderr, out.stderr
    out = subprocess.run(
        [*exe, "serve", "--database", "postgresql://nobody@127.0.0.1:1/none"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1, out.stderr
    assert "cannot use the database postgresql" in out.stderr and "Traceback" not in out.stderr


def test_two_servers_migrating_one_database_at_once(postgres_database):
    """Both start; the layout is built once (an advisory lock makes them take turns)."""
    script = (
        "import sys; from cardtable.server.db import Store; Store(sys.argv[1]).close(); print('ok')"
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script, postgres_database], stdout=subprocess.PIPE, text=True
        )
        for _ in range(2)
    ]
    outs = [p.communicate(timeout=60)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0] and outs == ["ok\n", "ok\n"]
    store = Store(postgres_database)
    try:
        assert store.playing_ids() == {}
    finally:
        store.close()


def test_the_shipped_balancer_configuration_is_the_one_serve_makes_and_haproxy_accepts_it():
    needs_haproxy()
    made = subprocess.run(
        [
            *cardtable_exe(),
            "serve",
            "--processes",
            "3",
            "--database",
            "postgresql://cardtable@localhost/cardtable",
            "--host",
            "0.0.0.0",
            "--port",
            "8000",
            "--print-haproxy-config",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    shipped = Path(__file__).parents[2] / "deploy" / "haproxy.cfg"
    assert made == shipped.read_text(), "deploy/haproxy.cfg is out of date: print it again"
    check = subprocess.run(
        [str(find_haproxy()), "-c", "-f", str(shipped)], capture_output=True, text=True
    )
    assert check.returncode == 0, check.stdout + check.stderr


def test_a_process_that_loses_its_lock_session_drops_its_tables_and_recovers(postgres_database):
    """PostgreSQL ends the session holding a process's tables (a restart, a network cut).

    The process may no longer know which tables are its own: it stops playing all
    of them, opens its sessions again, and its people reconnect and finish; no
    acknowledged move is lost.
    """
    needs_haproxy()
    cluster = Cluster(postgres_database, 2)
    cluster.start()
    try:
        api = httpx.Client(base_url=cluster.base, timeout=10)
        players = []
        for i in range(4):
            body = {
                "game": "contest",
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                "bot_delay": 0,
            }
            data = api.post("/api/tables", json=body).json()
            players.append(
                Player(cluster.base, data["table"]["id"], data["invites"][0]["token"], i)
            )
        cut: list[int] = []
        reconnects = {p.table: 0 for p in players}

        async def play(p: Player) -> None:
            # slow people: their games are still on when the process notices its loss
            reconnects[p.table] = await play_through(p, 120, think=0.4)

        async def run() -> None:
            tasks = [asyncio.create_task(play(p)) for p in players]
            for _ in range(500):
                await asyncio.sleep(0.02)
                if sum(1 for p in players if len(p.acked) >= 2) >= 2:
                    break
            health = {port: cluster.health(port) for port in cluster.ports}
            port = max(health, key=lambda q: (health[q] or {}).get("playing", -1))
            info = health[port]
            assert info is not None and info["playing"] > 0, health
            engine = create_engine(make_url(postgres_database).set(drivername="postgresql+psycopg"))
            with engine.connect() as conn:
                ended = conn.execute(
                    text(
                        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                        "WHERE application_name = :name"
                    ),
                    {"name": f"cardtable-leases-{info['process']}"},
                ).scalar_one()
            engine.dispose()
            assert ended == 1
            cut.append(port)
            await asyncio.wait_for(asyncio.gather(*tasks), 150)

        asyncio.run(run())
        assert all(p.over for p in players)
        # the tables of the process whose session ended were dropped: their people reconnected
        assert sum(reconnects.values()) >= 1, reconnects
        for p in players:
            actions = api.get(f"/api/tables/{p.table}/record").json()["actions"]
            for number, action in p.acked.items():
                assert actions[number - 1] == action, (p.table, number)
        # the process opened its sessions again and serves
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and cluster.health(cut[0]) is None:
            time.sleep(0.2)
        assert cluster.health(cut[0]) is not None
    finally:
        cluster.stop()
