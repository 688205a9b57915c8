"""``cardtable serve --processes N``: N server processes behind HAProxy, one PostgreSQL.

Each process is an ordinary ``cardtable serve --cluster`` on a port of its own
on 127.0.0.1; HAProxy (Debian's ``haproxy``) listens on the address asked for
and sends each request naming a table to the process that plays it (see
``haproxy.cfg.in``). This launcher is a small supervisor: a process that dies
is started again on its port (its tables are meanwhile taken over by the
others, ``server/leases.py``), and stopping the launcher stops them all. A
site with its own process manager (systemd) runs the same pieces itself:
``deploy/`` holds a unit and the balancer's configuration.
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from string import Template

from sqlalchemy.engine import make_url

from cardtable.server.settings import Settings

HAPROXY_PATHS = ("haproxy", "/usr/sbin/haproxy")
# a process that dies this soon after starting again is not restarted in a loop
MIN_UPTIME = 5.0


def is_postgres(url: str) -> bool:
    try:
        return make_url(url).get_backend_name() == "postgresql"
    except Exception:
        return False


def find_haproxy() -> str | None:
    for name in HAPROXY_PATHS:
        found = shutil.which(name)
        if found:
            return found
    return None


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def haproxy_config(settings: Settings, ports: list[int], bind: str) -> str:
    """The balancer's configuration for processes on ``ports`` of 127.0.0.1."""
    template = resources.files("cardtable.server").joinpath("haproxy.cfg.in").read_text()
    names = [f"p{i + 1}" for i in range(len(ports))]
    servers = "\n".join(
        f"    server {n} 127.0.0.1:{p} check" for n, p in zip(names, ports, strict=True)
    )
    tracking = "\n".join(
        f"    server {n} 127.0.0.1:{p} track tables/{n}" for n, p in zip(names, ports, strict=True)
    )
    return Template(template).substitute(
        processes=len(ports),
        maxconn=settings.max_connections,
        per_address=settings.max_connections_per_address,
        replays_per_minute=settings.replays_per_minute,
        request_seconds=int(settings.request_seconds),
        keep_alive_seconds=int(settings.keep_alive_seconds),
        bind=bind,
        servers=servers,
        tracking=tracking,
    )


def healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
            return bool(answer.status == 200)
    except (OSError, ValueError):
        return False


@dataclass
class Child:
    port: int
    proc: subprocess.Popen[bytes] | None = None
    started: float = 0.0


def child_command(argv: list[str], port: int) -> list[str]:
    """``cardtable serve`` with the launcher's options, as one process of the cluster.

    The per-address socket cap is the balancer's (a process sees only HAProxy's
    address), so each process allows its whole connection budget per address.
    """
    out = [sys.executable, "-m", "cardtable", "serve", *argv]
    out += ["--cluster", "--host", "127.0.0.1", "--port", str(port)]
    out += ["--trusted-proxy", "127.0.0.1", "--max-connections-per-address", "1000000"]
    return out


def run_cluster(settings: Settings, processes: int, argv: list[str]) -> int:
    """Start HAProxy and ``processes`` servers; restart a server that dies; stop on a signal."""
    url = settings.resolved_database_url()
    haproxy = find_haproxy()
    if haproxy is None:
        print(
            "cardtable serve: --processes needs HAProxy in front of the processes; install "
            "Debian's haproxy (apt-get install haproxy)",
            file=sys.stderr,
        )
        return 2
    bind = f"{settings.host}:{settings.port}"
    children = [Child(free_port()) for _ in range(processes)]
    folder = Path(tempfile.mkdtemp(prefix="cardtable-cluster-"))
    config = folder / "haproxy.cfg"
    config.write_text(haproxy_config(settings, [c.port for c in children], bind))
    check = subprocess.run([haproxy, "-c", "-q", "-f", str(config)], capture_output=True)
    if check.returncode != 0:
        print(f"cardtable serve: HAProxy refused its configuration: {check.stderr.decode()}")
        return 2
    stopping = False
    status = 0

    def stop(_signum: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    def start(child: Child) -> None:
        log = (folder / f"process-{child.port}.log").open("ab")
        child.proc = subprocess.Popen(
            child_command(argv, child.port), stdout=log, stderr=subprocess.STDOUT
        )
        child.started = time.monotonic()

    for child in children:
        start(child)
    # the balancer starts once every process answers, so no table is first sent to a
    # process merely because the others were still starting (and then handed over)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not stopping:
        if all(healthy(c.port) for c in children):
            break
        if any(c.proc is not None and c.proc.poll() is not None for c in children):
            print(
                f"cardtable serve: a process exited while starting (see {folder})",
                file=sys.stderr,
            )
            stopping, status = True, 2
            break
        time.sleep(0.2)
    balancer = subprocess.Popen([haproxy, "-db", "-f", str(config)])
    shown = "localhost" if settings.host in ("127.0.0.1", "0.0.0.0", "::") else settings.host
    print(
        f"cardtable: serving on http://{shown}:{settings.port}/ through HAProxy, "
        f"{processes} processes (ports {', '.join(str(c.port) for c in children)}), "
        f"database: {make_url(url).render_as_string(hide_password=True)}"
    )
    print(f"process logs: {folder}; press Ctrl-C to stop.", flush=True)
    try:
        while not stopping:
            time.sleep(0.2)
            if balancer.poll() is not None:
                print("cardtable serve: HAProxy stopped; stopping the processes", file=sys.stderr)
                status = 1
                break
            for child in children:
                if child.proc is None or child.proc.poll() is None:
                    continue
                code = child.proc.returncode
                if time.monotonic() - child.started < MIN_UPTIME and code == 2:
                    print(
                        f"cardtable serve: the process on port {child.port} refused to start "
                        f"(see {folder}/process-{child.port}.log)",
                        file=sys.stderr,
                    )
                    stopping, status = True, 2
                    break
                print(
                    f"cardtable: the process on port {child.port} exited ({code}); "
                    "its tables went to the others; starting it again",
                    flush=True,
                )
                start(child)
    finally:
        for proc in [balancer, *(c.proc for c in children if c.proc is not None)]:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 15
        for proc in [balancer, *(c.proc for c in children if c.proc is not None)]:
            try:
                proc.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
        if status == 0:
            shutil.rmtree(folder, ignore_errors=True)
    return status
