"""Load test: many concurrent tables of scripted players over WebSocket, one server.

Starts ``cardtable serve`` on a free port, once on a fresh SQLite file and once
on a fresh PostgreSQL database, fills ``--tables`` tables at a time with
clients that play random legal moves at every seat, and reports side by side
committed moves per second and the latency from sending a move to its
acknowledgement (``ack``: committed to the database) and to the first reply
(``ack`` or, inside a reaction window, ``answered``).

PostgreSQL is the server at ``--postgres`` (default ``$CARDTABLE_TEST_POSTGRES``),
where the benchmark creates and afterwards drops a database of its own;
``scripts/with-postgres --durable`` starts a throwaway one with PostgreSQL's
default durability (every commit flushed) and sets that variable:

    scripts/with-postgres --durable .venv/bin/python benchmarks/load.py --tables 50 --games 200

``--think SECONDS`` makes every seat pause 0.5-1.5 times that before each
move, as a person does; without it each table always has a move in flight and
move -> ack measures the queue at saturation rather than the work of a move.

``--server-cpus 0 --client-cpus 1`` keeps the server on one CPU and the load
clients on another, so that they do not take each other's turns on a small
machine (PostgreSQL goes where the kernel puts it).

``--url`` measures a server you started instead. ``--client-processes K``
splits the clients between K processes, as clients on other machines would be,
so that one client event loop's delays are not counted as the server's.
A 500-table run: ``--tables 500 --games 500 --databases sqlite``.

``--isolation`` measures how much expensive bots at other tables slow a
person's acknowledgements: move -> ack of a person playing a random bot, first
alone ("quiet"), then with ``--strong`` tables of two ``ismcts-strong`` bots
playing next to it ("busy"), on SQLite. Bots that search think in worker
processes, so the target is a busy p99 within 2x of the quiet one.

    .venv/bin/python benchmarks/load.py --isolation --seconds 20

``--processes N`` compares one server process with N behind HAProxy
(``cardtable serve --processes N``) on PostgreSQL, each on a fresh database:
moves a second, move -> ack p50/p99 and the CPU each process (and HAProxy)
used, side by side:

    scripts/with-postgres --durable .venv/bin/python benchmarks/load.py \
        --processes 2 --tables 1000 --games 2000

``--replay`` measures what reading a long game's replay costs the others: a
5-player, 10-game Chez Geek match of random bots is made through the API
(about 12,000 moves, the longest a client may ask for), then a person's
move -> ack is measured alone and while ``--readers`` clients fetch that
game's replay pages at random places as fast as they are served (refusals
at the rate limit included). ``--replays-per-minute`` is passed to the
server (default: the server's own limit).

    .venv/bin/python benchmarks/load.py --replay --seconds 20 --readers 2
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import multiprocessing
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

ids = itertools.count()


def _client_share(
    base: str,
    game: str,
    players: int,
    tables: int,
    games: int,
    think: float,
    first_seed: int,
    start_at: float,
) -> tuple[Stats, float, float, float]:
    """One client process's share of the load: its stats, CPU, and when it started and ended.

    Every share starts at ``start_at`` (the machine's monotonic clock), once the
    processes have imported what they need, so that they load the server together.
    """
    time.sleep(max(0.0, start_at - time.perf_counter()))
    start, cpu0 = time.perf_counter(), time.process_time()
    stats = asyncio.run(run(base, game, players, tables, games, think, first_seed))
    return stats, time.process_time() - cpu0, start, time.perf_counter()


def play_load(base: str, args: argparse.Namespace) -> tuple[Stats, float, float]:
    """The load against ``base`` from ``--client-processes`` processes: stats, seconds, CPU.

    One process by default. Several split the tables and games between them, as
    clients on other machines would be: one Python event loop serving every
    socket delays its own reading of the replies, which move -> ack then counts.
    """
    k = max(1, int(args.client_processes))
    if k == 1:
        t0, cpu0 = time.perf_counter(), time.process_time()
        stats = asyncio.run(run(base, args.game, args.players, args.tables, args.games, args.think))
        return stats, time.perf_counter() - t0, time.process_time() - cpu0

    def share(total: int, i: int) -> int:
        return total // k + (1 if i < total % k else 0)

    start_at = time.perf_counter() + 3.0 + 0.5 * k
    with ProcessPoolExecutor(k, mp_context=multiprocessing.get_context("spawn")) as pool:
        parts = [
            pool.submit(
                _client_share,
                base,
                args.game,
                args.players,
                share(args.tables, i),
                share(args.games, i),
                args.think,
                sum(share(args.games, j) for j in range(i)),
                start_at,
            )
            for i in range(k)
        ]
        done = [f.result() for f in parts]
    stats = Stats()
    for part, _, _, _ in done:
        stats.ack += part.ack
        stats.reply += part.reply
        stats.games += part.games
        for code, n in part.errors.items():
            stats.errors[code] = stats.errors.get(code, 0) + n
    # the clocks are the machine's monotonic clock, shared by the processes
    elapsed = max(d[3] for d in done) - min(d[2] for d in done)
    return stats, elapsed, sum(d[1] for d in done)


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


async def seat_client(
    url: str, token: str, rng: random.Random, stats: Stats, think: float = 0.0
) -> None:
    """One seat playing random legal moves; a cut socket is counted and reconnected (since).

    With ``think`` the seat waits 0.5-1.5 times that many seconds before each
    move, as a person does; move -> ack is timed from the moment it sends.
    """
    sent: dict[str, float] = {}
    last = 0
    while True:
        try:
            async with connect(url, max_size=2**22, open_timeout=300) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token, "since": last}))
                async for raw in ws:
                    msg = orjson.loads(raw)
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
                        last = msg["move"]
                        if msg["status"] == "over":
                            return
                        legal = msg["view"]["legal"]
                        if legal:
                            if think > 0:
                                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
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
        except (ConnectionClosed, OSError) as exc:
            code = f"socket cut ({type(exc).__name__})"
            stats.errors[code] = stats.errors.get(code, 0) + 1
        sent.clear()  # a move sent before the cut is never acknowledged
        await asyncio.sleep(0.5)


async def one_game(
    api: httpx.AsyncClient,
    base: str,
    game: str,
    players: int,
    seed: int,
    stats: Stats,
    bot: str | None = None,
    think: float = 0.0,
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
            seat_client(url, inv["token"], random.Random(rng.getrandbits(32)), stats, think)
            for inv in created["invites"]
        )
    )
    stats.games += 1


async def run(
    base: str,
    game: str,
    players: int,
    tables: int,
    games: int,
    think: float = 0.0,
    first_seed: int = 0,
) -> Stats:
    stats = Stats()
    queue = list(range(first_seed, first_seed + games))
    async with httpx.AsyncClient(base_url=base, timeout=600) as api:

        async def worker() -> None:
            while queue:
                seed = queue.pop()
                await one_game(api, base, game, players, seed, stats, think=think)

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


async def replay_cost(
    base: str, seconds: float, readers: int
) -> tuple[Stats, Stats, dict[str, int]]:
    """A person's acks alone, then beside clients reading a long game's replay pages."""
    async with httpx.AsyncClient(base_url=base, timeout=600) as api:
        body = {
            "game": "chez-geek",
            "players": 5,
            "settings": {"games": 10},
            "seats": [{"kind": "bot", "bot": "random"}] * 5,
            "bot_delay": 0,
        }
        r = await api.post("/api/tables", json=body)
        r.raise_for_status()
        table = r.json()["table"]["id"]
        while (await api.get(f"/api/tables/{table}")).json()["status"] != "over":
            await asyncio.sleep(1)
        total = (await api.get(f"/api/tables/{table}/replay")).json()["total"]
        print(f"the long game: {total} steps", flush=True)

        async def person_games(stats: Stats) -> None:
            t_end = time.perf_counter() + seconds
            seed = 0
            while time.perf_counter() < t_end:
                seed += 1
                await one_game(api, base, "contest", 2, seed, stats, bot="random")

        quiet = Stats()
        await person_games(quiet)
        counts = {"pages": 0, "refused": 0, "bytes": 0}
        stop = asyncio.Event()

        async def reader(rng: random.Random) -> None:
            async with httpx.AsyncClient(base_url=base, timeout=600) as own:
                while not stop.is_set():
                    got = await own.get(
                        f"/api/tables/{table}/replay", params={"start": rng.randrange(total)}
                    )
                    if got.status_code == 200:
                        counts["pages"] += 1
                        counts["bytes"] += len(got.content)
                    else:
                        counts["refused"] += 1
                        await asyncio.sleep(0.05)

        tasks = [asyncio.create_task(reader(random.Random(i))) for i in range(readers)]
        busy = Stats()
        await person_games(busy)
        stop.set()
        await asyncio.gather(*tasks)
    return quiet, busy, counts


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
    "--request-seconds",
    "300",
    # every client connects from this machine: one address for all of them
    "--max-open-tables-per-address",
    "100000",
    "--max-connections-per-address",
    "100000",
    "--max-connections",
    "4000",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_set(text: str | None) -> set[int] | None:
    """``--server-cpus 0`` / ``--client-cpus 1``: a comma list of CPU numbers, or None."""
    if not text:
        return None
    try:
        cpus = {int(part) for part in text.split(",") if part.strip()}
    except ValueError:
        raise SystemExit(
            f"a CPU list is numbers joined by commas, like 0 or 0,1: got {text!r}"
        ) from None
    allowed = os.sched_getaffinity(0)
    if not cpus or not cpus <= allowed:
        raise SystemExit(f"CPUs {sorted(cpus)} are not all among this machine's {sorted(allowed)}")
    return cpus


# the CPUs the server process runs on (``--server-cpus``); None: wherever the kernel puts it
SERVER_CPUS: set[int] | None = None


def _pin_server() -> None:
    if SERVER_CPUS is not None:
        os.sched_setaffinity(0, SERVER_CPUS)


def start_server(
    database: str, extra: list[str] | None = None
) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    exe = Path(sys.executable).with_name("cardtable")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "cardtable.cli"]
    proc = subprocess.Popen(
        [*cmd, "serve", "--port", str(port), "--database", database, *LOAD_LIMITS, *(extra or [])],
        stdout=subprocess.DEVNULL,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
        preexec_fn=_pin_server,
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


@dataclass
class Result:
    name: str
    stats: Stats
    elapsed: float
    client_cpu: float
    server_cpu: float | None
    memory: tuple[float, float] | None = None
    # with --processes: CPU seconds of each server process, and of HAProxy
    cpu_each: list[float] | None = None
    balancer_cpu: float | None = None


def start_cluster(database: str, processes: int) -> tuple[subprocess.Popen[bytes], str, list[int]]:
    """``cardtable serve --processes N``: the launcher, the balancer's address, the processes."""
    port = free_port()
    exe = Path(sys.executable).with_name("cardtable")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "cardtable.cli"]
    log = tempfile.NamedTemporaryFile(prefix="cardtable-cluster-", suffix=".log")  # noqa: SIM115
    proc = subprocess.Popen(
        [*cmd, "serve", "--processes", str(processes), "--port", str(port)]
        + ["--database", database, *LOAD_LIMITS],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        text = Path(log.name).read_text(errors="replace")
        ports = text.split("ports ", 1)[1].split(")")[0] if "ports " in text else ""
        pids = []
        for p in [int(x) for x in ports.split(", ") if x]:
            try:
                pids.append(httpx.get(f"http://127.0.0.1:{p}/healthz", timeout=1).json()["process"])
            except (httpx.HTTPError, ValueError, KeyError):
                break
        if ports and len(pids) == processes:
            try:
                if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                    return proc, base, pids
            except httpx.HTTPError:
                pass
        time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"the cluster did not start: {Path(log.name).read_text()}")


def children_named(parent: int, name: str) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            comm = (entry / "comm").read_text().strip()
        except OSError:
            continue
        if int(fields[1]) == parent and comm == name:
            out.append(int(entry.name))
    return out


def measure_processes(processes: int, database: str, args: argparse.Namespace) -> Result:
    """The load against one process (direct) or N behind HAProxy, CPU per process."""
    if processes == 1:
        proc, base = start_server(database)
        pids, balancer = [proc.pid], []
    else:
        proc, base, pids = start_cluster(database, processes)
        balancer = children_named(proc.pid, "haproxy")
    try:
        cpu0 = [process_cpu(p) or 0.0 for p in pids + balancer]
        stats, elapsed, client_cpu = play_load(base, args)
        cpu = [(process_cpu(p) or 0.0) - c for p, c in zip(pids + balancer, cpu0, strict=True)]
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)
    name = "1 process" if processes == 1 else f"{processes} processes + HAProxy"
    return Result(
        name,
        stats,
        elapsed,
        client_cpu,
        sum(cpu[: len(pids)]),
        None,
        cpu[: len(pids)],
        sum(cpu[len(pids) :]) if balancer else None,
    )


@contextmanager
def postgres_database(admin_url: str) -> Iterator[str]:
    """A fresh database on the PostgreSQL server at ``admin_url``, dropped afterwards."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    url = make_url(admin_url).set(drivername="postgresql+psycopg")
    name = f"ct_load_{uuid.uuid4().hex[:12]}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            yield url.set(database=name).render_as_string(hide_password=False)
        finally:
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


def measure(name: str, base: str | None, database: str | None, args: argparse.Namespace) -> Result:
    """Play the load against ``base``, or against a server started on ``database``."""
    proc = None
    if base is None:
        assert database is not None
        proc, base = start_server(database)
    server_cpu = None
    try:
        cpu_server0 = process_cpu(proc.pid) if proc is not None else None
        stats, elapsed, client_cpu = play_load(base, args)
        if proc is not None and cpu_server0 is not None:
            now = process_cpu(proc.pid)
            server_cpu = None if now is None else now - cpu_server0
        memory = memory_mb(proc.pid) if proc is not None else None
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)
    return Result(name, stats, elapsed, client_cpu, server_cpu, memory)


def report(results: list[Result], args: argparse.Namespace) -> None:
    ms = 1000.0

    def lat(values: list[float]) -> str:
        return f"{percentile(values, 50) * ms:.1f} / {percentile(values, 99) * ms:.1f}"

    rows = [
        ("games", lambda r: f"{r.stats.games} in {r.elapsed:.1f} s"),
        ("committed player moves", lambda r: str(len(r.stats.ack))),
        ("moves/s", lambda r: f"{len(r.stats.ack) / r.elapsed:.0f}"),
        ("move -> ack p50 / p99 (ms)", lambda r: lat(r.stats.ack)),
        (
            "move -> ack mean (ms)",
            lambda r: f"{statistics.fmean(r.stats.ack) * ms:.1f}" if r.stats.ack else "-",
        ),
        ("move -> first reply p50 / p99 (ms)", lambda r: lat(r.stats.reply)),
        (
            "server CPU (s)",
            lambda r: f"{r.server_cpu:.1f}" if r.server_cpu is not None else "not measured",
        ),
        (
            "CPU per server process (s)",
            lambda r: " + ".join(f"{c:.1f}" for c in r.cpu_each) if r.cpu_each else "-",
        ),
        (
            "HAProxy CPU (s)",
            lambda r: f"{r.balancer_cpu:.1f}" if r.balancer_cpu is not None else "-",
        ),
        ("load clients CPU (s)", lambda r: f"{r.client_cpu:.1f}"),
        (
            "server memory end / peak (MB)",
            lambda r: f"{r.memory[0]:.0f} / {r.memory[1]:.0f}" if r.memory else "not measured",
        ),
        ("refusals", lambda r: str(sum(r.stats.errors.values()))),
    ]
    print(
        f"\n{args.games} {args.game} games per database, {args.tables} tables at once, "
        f"{args.players} WebSocket clients per table, {os.cpu_count()} cores "
        + (f"thinking {args.think * 1000:.0f} ms (0.5-1.5x) a move, " if args.think else "")
        + "(server and clients share them)"
    )
    width = max(len(label) for label, _ in rows)
    cells = [[fmt(r) for r in results] for _, fmt in rows]
    col = max([len(r.name) for r in results] + [len(c) for row in cells for c in row])
    print(" " * width + "".join(f"  {r.name:>{col}}" for r in results))
    for (label, _), row in zip(rows, cells, strict=True):
        print(f"{label:<{width}}" + "".join(f"  {c:>{col}}" for c in row))
    print("(a pass in a reaction window is acknowledged when the window closes, i.e. when")
    print(" every seat has answered, so move -> ack includes waiting for the other clients)")
    for r in results:
        if r.stats.errors:
            print(f"{r.name} refusals (a window closed early, a game ended): {r.stats.errors}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--tables", type=int, default=50, help="tables playing at once (default 50)")
    p.add_argument("--games", type=int, default=200, help="games per database (default 200)")
    p.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a seat waits before each move, varied 0.5-1.5x (default 0: at once)",
    )
    p.add_argument("--game", default="contest", help="game to play (default contest)")
    p.add_argument("--players", type=int, default=2, help="players per table (default 2)")
    p.add_argument("--url", default=None, help="measure a running server instead")
    p.add_argument(
        "--client-processes",
        type=int,
        default=1,
        help="split the clients between this many processes (default 1)",
    )
    p.add_argument(
        "--server-cpus",
        default=None,
        help="run the server on these CPUs only, e.g. 0 (default: anywhere)",
    )
    p.add_argument(
        "--client-cpus",
        default=None,
        help="run the load clients on these CPUs only, e.g. 1 (default: anywhere)",
    )
    p.add_argument(
        "--postgres",
        default=os.environ.get("CARDTABLE_TEST_POSTGRES"),
        help="PostgreSQL server URL where a database may be created "
        "(default $CARDTABLE_TEST_POSTGRES)",
    )
    p.add_argument(
        "--databases",
        default="sqlite,postgresql",
        help="which to measure, comma-separated (default sqlite,postgresql)",
    )
    p.add_argument("--isolation", action="store_true", help="measure isolation from bot tables")
    p.add_argument("--strong", type=int, default=8, help="ismcts-strong tables (default 8)")
    p.add_argument("--seconds", type=float, default=20, help="each isolation phase (default 20)")
    p.add_argument("--replay", action="store_true", help="measure the cost of replay readers")
    p.add_argument("--readers", type=int, default=2, help="replay readers (default 2)")
    p.add_argument(
        "--replays-per-minute", type=int, default=None, help="the server's replay page limit"
    )
    p.add_argument(
        "--processes",
        type=int,
        default=0,
        help="compare one server process with this many behind HAProxy (PostgreSQL)",
    )
    args = p.parse_args()
    global SERVER_CPUS
    SERVER_CPUS = cpu_set(args.server_cpus)
    clients = cpu_set(args.client_cpus)
    if clients is not None:  # the load clients, and the processes they spawn
        os.sched_setaffinity(0, clients)
    if args.processes:
        if not args.postgres:
            raise SystemExit("--processes needs PostgreSQL: run under scripts/with-postgres")
        compared = []
        for n in (1, args.processes):
            print(f"measuring {n} process(es) ...", flush=True)
            with postgres_database(args.postgres) as url:
                compared.append(measure_processes(n, url, args))
        report(compared, args)
        return
    if args.replay:
        extra = []
        if args.replays_per_minute is not None:
            extra = ["--replays-per-minute", str(args.replays_per_minute)]
        with tempfile.TemporaryDirectory() as tmp:
            proc, base = start_server(f"sqlite:///{Path(tmp) / 'replay.db'}", extra)
            try:
                quiet, busy, counts = asyncio.run(replay_cost(base, args.seconds, args.readers))
                memory = memory_mb(proc.pid)
            finally:
                proc.send_signal(signal.SIGTERM)
                proc.wait(30)
        print(line("quiet (a person vs random, alone)", quiet.ack))
        print(line(f"busy ({args.readers} clients reading the replay)", busy.ack))
        print(
            f"replay pages served {counts['pages']} ({counts['bytes'] / 1e6:.1f} MB), "
            f"refused {counts['refused']}"
        )
        if memory is not None:
            print(f"server memory: {memory[0]:.0f} MB resident, peak {memory[1]:.0f} MB")
        ratio = percentile(busy.ack, 99) / percentile(quiet.ack, 99)
        print(f"p99 busy / quiet: {ratio:.2f} (target: within 2)")
        return
    if args.isolation:
        with tempfile.TemporaryDirectory() as tmp:
            proc, base = start_server(f"sqlite:///{Path(tmp) / 'iso.db'}")
            try:
                quiet, busy = asyncio.run(isolation(base, args.seconds, args.strong))
            finally:
                proc.send_signal(signal.SIGTERM)
                proc.wait(30)
        print(line("quiet (a person vs random, alone)", quiet.ack))
        print(line(f"busy ({args.strong} ismcts-strong tables beside it)", busy.ack))
        ratio = percentile(busy.ack, 99) / percentile(quiet.ack, 99)
        print(f"p99 busy / quiet: {ratio:.2f} (target: within 2)")
        return
    results = []
    if args.url is not None:
        results.append(measure(args.url, args.url, None, args))
    else:
        wanted = [d.strip() for d in args.databases.split(",") if d.strip()]
        unknown = set(wanted) - {"sqlite", "postgresql"}
        if unknown:
            raise SystemExit(f"unknown database kind(s): {sorted(unknown)}")
        if "postgresql" in wanted and not args.postgres:
            raise SystemExit(
                "PostgreSQL: no server to measure. Run under scripts/with-postgres, give "
                "--postgres URL, or measure SQLite alone with --databases sqlite"
            )
        for kind in wanted:
            print(f"measuring {kind} ...", flush=True)
            if kind == "sqlite":
                with tempfile.TemporaryDirectory() as tmp:
                    url = f"sqlite:///{Path(tmp) / 'load.db'}"
                    results.append(measure("SQLite", None, url, args))
            else:
                with postgres_database(args.postgres) as url:
                    results.append(measure("PostgreSQL", None, url, args))
    report(results, args)


if __name__ == "__main__":
    main()
