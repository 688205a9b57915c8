"""Load test: many concurrent tables of scripted players over WebSocket, one server.

Starts ``cardtable serve`` on a free port with a fresh SQLite file (or uses
``--url`` for a server you started, e.g. against PostgreSQL), fills
``--tables`` tables at a time with clients that play random legal moves at
every seat, and reports committed moves per second and the latency from
sending a move to its acknowledgement (``ack``: committed to the database)
and to the first reply (``ack`` or, inside a reaction window, ``answered``).

    .venv/bin/python benchmarks/load.py --tables 50 --games 200
    .venv/bin/python benchmarks/load.py --tables 500 --games 500

``--isolation`` measures how much expensive bots at other tables slow a
person's acknowledgements: move -> ack of a person playing a random bot, first
alone ("quiet"), then with ``--strong`` tables of two ``ismcts-strong`` bots
playing next to it ("busy"). Bots think in worker processes, so the target is
a busy p99 within 2x of the quiet one.

    .venv/bin/python benchmarks/load.py --isolation --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

ids = itertools.count()


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


class Stats:
    def __init__(self) -> None:
        self.ack: list[float] = []
        self.reply: list[float] = []
        self.errors: dict[str, int] = {}
        self.games = 0


async def seat_client(url: str, token: str, rng: random.Random, stats: Stats) -> None:
    sent: dict[str, float] = {}
    async with connect(url, max_size=2**22, open_timeout=300) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "since": 0}))
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg["type"]
            now = time.perf_counter()
            if kind == "ack":
                t0 = sent.pop(msg["id"], None)
                if t0 is not None:
                    stats.ack.append(now - t0)
                    stats.reply.append(now - t0)
            elif kind == "answered":
                t0 = sent.get(msg["id"])
                if t0 is not None:
                    stats.reply.append(now - t0)
            elif kind == "error":
                stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
            elif kind == "update":
                if msg["status"] == "over":
                    return
                legal = msg["view"]["legal"]
                if legal:
                    msg_id = f"l{next(ids)}"
                    sent[msg_id] = time.perf_counter()
                    await ws.send(
                        json.dumps(
                            {
                                "type": "move",
                                "id": msg_id,
                                "move": msg["move"],
                                "action": rng.choice(legal),
                            }
                        )
                    )


async def one_game(
    api: httpx.AsyncClient,
    base: str,
    game: str,
    players: int,
    seed: int,
    stats: Stats,
    bot: str | None = None,
) -> None:
    """One game: every seat a scripted client, or seat 0 a client and the others ``bot``."""
    seats = [{"kind": "human"}] * players
    if bot is not None:
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": bot}] * (players - 1)
    body = {"game": game, "players": players, "seats": seats, "reaction_seconds": 30}
    r = await api.post("/api/tables", json=body)
    r.raise_for_status()
    created = r.json()
    url = base.replace("http", "ws", 1) + f"/ws/tables/{created['table']['id']}"
    rng = random.Random(seed)
    await asyncio.gather(
        *(
            seat_client(url, inv["token"], random.Random(rng.getrandbits(32)), stats)
            for inv in created["invites"]
        )
    )
    stats.games += 1


async def run(base: str, game: str, players: int, tables: int, games: int) -> Stats:
    stats = Stats()
    queue = list(range(games))
    async with httpx.AsyncClient(base_url=base, timeout=600) as api:

        async def worker() -> None:
            while queue:
                seed = queue.pop()
                await one_game(api, base, game, players, seed, stats)

        await asyncio.gather(*(worker() for _ in range(tables)))
    return stats


async def isolation(base: str, seconds: float, strong: int) -> tuple[Stats, Stats]:
    """A person against a random bot, alone and then beside ``strong`` ismcts-strong tables."""

    async def person_games(api: httpx.AsyncClient, stats: Stats) -> None:
        t_end = time.perf_counter() + seconds
        seed = 0
        while time.perf_counter() < t_end:
            seed += 1
            await one_game(api, base, "contest", 2, seed, stats, bot="random")

    async with httpx.AsyncClient(base_url=base, timeout=600) as api:
        quiet = Stats()
        await person_games(api, quiet)
        body = {"game": "contest", "seats": [{"kind": "bot", "bot": "ismcts-strong"}] * 2}
        for _ in range(strong):
            (await api.post("/api/tables", json=body)).raise_for_status()
        await asyncio.sleep(2)  # the searches are under way
        busy = Stats()
        await person_games(api, busy)
    return quiet, busy


def memory_mb(pid: int) -> tuple[float, float] | None:
    """Resident and peak resident memory of a process in MB (Linux /proc), None elsewhere."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    values = {}
    for line in status.splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0]) / 1024
    return values.get("VmRSS", 0.0), values.get("VmHWM", 0.0)


def line(name: str, values: list[float]) -> str:
    ms = 1000.0
    return (
        f"{name}: {len(values)} moves, move -> ack p50 {percentile(values, 50) * ms:.1f} ms, "
        f"p99 {percentile(values, 99) * ms:.1f} ms"
    )


def process_cpu(pid: int) -> float | None:
    """User+system CPU seconds of a process (Linux /proc), None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# one address creates every table here: lift the per-address and table-count limits;
LOAD_LIMITS = [
    "--tables-per-minute",
    "1000000",
    "--max-open-tables",
    "100000",
    "--max-bot-tables",
    "64",
    # a thousand clients connecting at once on one machine are slow to say hello
    "--hello-seconds",
    "300",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(database: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    exe = Path(sys.executable).with_name("cardtable")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "cardtable.cli"]
    proc = subprocess.Popen(
        [*cmd, "serve", "--port", str(port), "--database", database, *LOAD_LIMITS],
        stdout=subprocess.DEVNULL,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--tables", type=int, default=50, help="tables playing at once (default 50)")
    p.add_argument("--games", type=int, default=200, help="games in all (default 200)")
    p.add_argument("--game", default="contest", help="game to play (default contest)")
    p.add_argument("--players", type=int, default=2, help="players per table (default 2)")
    p.add_argument("--url", default=None, help="use a running server instead of starting one")
    p.add_argument("--database", default=None, help="database URL for the started server")
    p.add_argument("--isolation", action="store_true", help="measure isolation from bot tables")
    p.add_argument("--strong", type=int, default=8, help="ismcts-strong tables (default 8)")
    p.add_argument("--seconds", type=float, default=20, help="each isolation phase (default 20)")
    args = p.parse_args()
    proc = None
    base = args.url
    tmp = tempfile.TemporaryDirectory()
    if base is None:
        database = args.database or f"sqlite:///{Path(tmp.name) / 'load.db'}"
        proc, base = start_server(database)
        print(f"server: cardtable serve on {base}, database {database.split('@')[-1]}")
    server_cpu = None
    if args.isolation:
        try:
            quiet, busy = asyncio.run(isolation(base, args.seconds, args.strong))
        finally:
            if proc is not None:
                proc.send_signal(signal.SIGTERM)
                proc.wait(30)
            tmp.cleanup()
        print(line("quiet (a person vs random, alone)", quiet.ack))
        print(line(f"busy ({args.strong} ismcts-strong tables beside it)", busy.ack))
        ratio = percentile(busy.ack, 99) / percentile(quiet.ack, 99)
        print(f"p99 busy / quiet: {ratio:.2f} (target: within 2)")
        return
    memory = None
    try:
        t0 = time.perf_counter()
        cpu0 = time.process_time()
        cpu_server0 = process_cpu(proc.pid) if proc is not None else None
        stats = asyncio.run(run(base, args.game, args.players, args.tables, args.games))
        elapsed = time.perf_counter() - t0
        client_cpu = time.process_time() - cpu0
        if proc is not None and cpu_server0 is not None:
            now = process_cpu(proc.pid)
            server_cpu = None if now is None else now - cpu_server0
        if proc is not None:
            memory = memory_mb(proc.pid)
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            proc.wait(10)
        tmp.cleanup()
    ms = 1000.0
    print(
        f"{stats.games} {args.game} games, {args.tables} tables at once, "
        f"{args.players} WebSocket clients per table, {elapsed:.1f} s"
    )
    print(f"committed player moves: {len(stats.ack)} ({len(stats.ack) / elapsed:.0f} moves/s)")
    print(
        f"move -> ack (committed): p50 {percentile(stats.ack, 50) * ms:.1f} ms, "
        f"p99 {percentile(stats.ack, 99) * ms:.1f} ms, "
        f"mean {statistics.fmean(stats.ack) * ms if stats.ack else float('nan'):.1f} ms"
    )
    print(
        f"move -> first reply (ack or answered): p50 {percentile(stats.reply, 50) * ms:.1f} ms, "
        f"p99 {percentile(stats.reply, 99) * ms:.1f} ms"
    )
    print("  (a pass in a reaction window is acknowledged when the window closes, i.e. when")
    print("   every seat has answered, so move -> ack includes waiting for the other clients)")
    cpus = os.cpu_count()
    shown = f"{server_cpu:.1f} s" if server_cpu is not None else "not measured"
    print(
        f"CPU: server {shown}, load clients {client_cpu:.1f} s, "
        f"over {elapsed:.1f} s on {cpus} cores"
    )
    if memory is not None:
        print(f"server memory: {memory[0]:.0f} MB resident at the end, {memory[1]:.0f} MB peak")
    if stats.errors:
        print(f"refusals (expected: a window closed early or a game ended first): {stats.errors}")


if __name__ == "__main__":
    main()
