"""The server's bounds probed from outside, against a started ``cardtable serve``.

Each probe is something a visitor can do with plain HTTP and sockets: ask for
a long game's replay again and again, send a body a byte at a time, open
sockets until the process runs out of descriptors, fill the server with
tables nobody plays, or come from another site. Each is bounded or refused
with a typed ``{detail, code}`` that changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
import subprocess
import time
from pathlib import Path

import httpx
import pytest
from ct_server_helpers import REPO, ServerProcess, cardtable_exe, free_port
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from cardtable.engine.registry import load_game
from cardtable.server.db import MoveRow, SeatRow, Store, TableRow
from cardtable.server.manager import public_settings

LONG_TABLE = "longgame01"


def long_finished_game(path: Path) -> tuple[str, int]:
    """A database holding one finished 5-player, 10-game Chez Geek match of random bots."""
    game = load_game("chez-geek", 5, games=10)
    state = game.new_initial_state(seed=11)
    rng = random.Random(11)
    moves: list[MoveRow] = []
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            action = state.sample_chance()
        else:
            action = rng.choice(state.legal_actions())
        text = str(action)
        state.apply_action(action)
        seat = player if isinstance(player, int) else None
        # Chez Geek's log is one line per event: counting events keeps this linear
        moves.append(MoveRow(len(moves) + 1, seat, text, None, len(state.events)))  # type: ignore[attr-defined]
    assert moves[-1].log_len == len(state.public_log())
    url = f"sqlite:///{path}"
    store = Store(url)
    store.create_table(
        TableRow(
            id=LONG_TABLE,
            game="chez-geek",
            players=5,
            settings=public_settings(game, {"games": 10}),
            seed=11,
            options={"turn_seconds": 0, "reaction_seconds": 4, "bot_delay": 0},
            status="playing",
            created_at=time.time(),
            finished_at=None,
            rematch_of=None,
            rematch_id=None,
            record=None,
            seats=[SeatRow(i, "bot", "random", None, False) for i in range(5)],
            bot_seed=5,
        )
    )
    store.append_moves(LONG_TABLE, moves, finished_record=state.to_record())
    store.close()
    return url, len(moves)


def serve(database: str, *extra: str) -> ServerProcess:
    server = ServerProcess(database, extra=list(extra))
    server.start()
    return server


def log_of(server: ServerProcess) -> str:
    return Path(server.log.name).read_text(errors="replace")


def assert_headers(r: httpx.Response) -> None:
    """The security headers every response carries, refusals included."""
    assert r.headers["content-security-policy"].startswith("default-src 'self'; connect-src 'self'")
    assert "ws:" not in r.headers["content-security-policy"]
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"


def raw_request(port: int, data: bytes, source: str = "127.0.0.1") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    if data:
        s.sendall(data)
    return s


# ---- 1. a long game's replay costs one page a request, and pages are rate-limited ----------
def test_a_long_games_replay_is_paged_cached_and_rate_limited(tmp_path):
    url, actions = long_finished_game(tmp_path / "long.db")
    assert actions > 5000
    server = serve(url, "--replays-per-minute", "8")
    try:
        base = f"{server.base}/api/tables/{LONG_TABLE}/replay"
        first = httpx.get(base, timeout=60)
        assert first.status_code == 200, first.text
        page = first.json()
        assert page["total"] > 3000 and len(page["steps"]) == 100
        assert len(first.content) < 4_000_000  # the whole game was 165 MB
        assert first.headers["cache-control"].startswith("public")
        assert_headers(first)
        middle = httpx.get(base, params={"start": page["total"] // 2}, timeout=60)
        last = httpx.get(base, params={"start": page["total"] - 5}, timeout=60)
        assert len(middle.json()["steps"]) == 100 and len(last.json()["steps"]) == 5
        assert max(len(middle.content), len(last.content)) < 4_000_000
        again = httpx.get(base, timeout=60)  # from the cache: the same page
        assert again.content == first.content
        # a page larger than a page is refused, typed, and counts against the rate
        big = httpx.get(base, params={"count": 100_000}, timeout=10)
        assert big.status_code == 400 and big.json()["code"] == "setting"
        codes = [httpx.get(base, timeout=60).status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        limited = httpx.get(base, timeout=10)
        assert limited.json()["code"] == "rate_limited"
        assert_headers(limited)

        # a spectator's hello with since 0 gets the recent moves, not the whole log again
        async def spectate() -> tuple[int, int]:
            ws_url = server.base.replace("http", "ws") + f"/ws/tables/{LONG_TABLE}"
            async with connect(ws_url, max_size=None) as ws:
                await ws.send(json.dumps({"type": "hello", "token": None, "since": 0}))
                assert json.loads(await ws.recv())["type"] == "welcome"
                raw = await ws.recv()
                update = json.loads(raw)
                assert update["type"] == "update"
                return len(raw), len(update["log"])

        size, lines = asyncio.run(spectate())
        assert size < 200_000 and lines < 2000
    finally:
        server.stop()


# ---- 2. a body sent a byte at a time meets one deadline for the whole request -------------
def test_a_slow_post_body_is_cut_at_the_whole_request_deadline(tmp_path):
    server = serve(f"sqlite:///{tmp_path / 'b.db'}", "--request-seconds", "1")
    try:
        head = (
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
            b"content-length: 400\r\n\r\n"
        )
        s = raw_request(server.port, head)
        s.settimeout(0.25)
        sent, answer = 0, b""
        body = b'{"game": "contest"' + b" " * 400
        while sent < 80:  # at four bytes a second, 80 bytes would take 20 s
            try:
                s.sendall(body[sent : sent + 1])
                sent += 1
            except OSError:
                break
            try:
                answer = s.recv(4096)
                break
            except TimeoutError:
                continue
        # the body may come in a later segment than the head (a loaded machine)
        s.settimeout(2)
        while not answer.endswith(b"}"):
            try:
                more = s.recv(4096)
            except OSError:
                break
            if not more:
                break
            answer += more
        s.close()
        # cut at about the deadline (1 s, four bytes a second), not at the 80th byte
        assert sent < 16, sent
        assert answer.startswith(b"HTTP/1.1 408"), answer
        assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["code"] == "too_slow"
        assert b"content-security-policy" in answer.lower()
        assert httpx.get(f"{server.base}/api/tables", timeout=5).json() == []
    finally:
        server.stop()


# ---- 3. connections are capped per address and in total, spectators included -------------
def test_connections_are_capped_per_address_and_in_total(tmp_path):
    server = serve(
        f"sqlite:///{tmp_path / 'c.db'}",
        "--max-connections",
        "8",
        "--max-connections-per-address",
        "5",
    )
    held: list[socket.socket] = []
    try:
        assert "file descriptor limit" in log_of(server)
        created = httpx.post(
            f"{server.base}/api/tables", json={"game": "contest"}, timeout=10
        ).json()
        table = created["table"]["id"]

        async def spectators(n: int) -> list[object]:
            ws_url = server.base.replace("http", "ws") + f"/ws/tables/{table}"
            out = []
            for _ in range(n):
                ws = await connect(ws_url)
                await ws.send(json.dumps({"type": "hello", "token": None, "since": 0}))
                assert json.loads(await ws.recv())["type"] == "welcome"
                out.append(ws)
            return out

        async def run() -> None:
            watching = await spectators(4)
            held.append(raw_request(server.port, b""))  # the fifth from this address
            with pytest.raises(InvalidStatus) as refused:
                await spectators(1)
            response = refused.value.response
            assert response.status_code == 503
            assert json.loads(response.body)["code"] == "too_many_connections"
            # other addresses still get in, up to the total
            for _ in range(3):
                held.append(raw_request(server.port, b"", source="127.0.0.2"))
            over = raw_request(server.port, b"", source="127.0.0.3")
            answer = over.recv(4096)
            over.close()
            assert answer.startswith(b"HTTP/1.1 503")
            assert b"too_many_connections" in answer
            assert b"content-security-policy: default-src 'self'" in answer
            # closing a spectator gives its place back
            await watching[0].close()  # type: ignore[attr-defined]
            for s in held[1:]:
                s.close()
            await asyncio.sleep(0.3)
            r = httpx.get(f"{server.base}/api/tables/{table}", timeout=5)
            assert r.status_code == 200
            for ws in watching[1:]:
                await ws.close()  # type: ignore[attr-defined]

        asyncio.run(run())
    finally:
        for s in held:
            s.close()
        server.stop()


def test_serve_fits_its_connection_cap_under_the_descriptor_limit(tmp_path):
    import resource

    def low_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (300, 300))

    port = free_port()
    cmd = [*cardtable_exe(), "serve", "--port", str(port)]
    cmd += ["--database", f"sqlite:///{tmp_path / 'd.db'}", "--max-connections", "5000"]
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        cwd=REPO,
        preexec_fn=low_limit,  # noqa: PLW1509 - only sets a limit in the child
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline().decode() for _ in range(2)]
        report = next(line for line in lines if line.startswith("connections:"))
        assert "file descriptor limit 300" in report and "not --max-connections 5000" in report
        fitted = int(report.split("at most ")[1].split()[0])
        assert 0 < fitted < 300
    finally:
        proc.terminate()
        proc.wait(10)


# ---- 4. tables nobody joins expire; one address cannot fill the server ---------------------
def test_unjoined_tables_expire_and_one_address_cannot_fill_the_server(tmp_path):
    database = f"sqlite:///{tmp_path / 'e.db'}"
    limits = ["--unjoined-table-seconds", "1.5", "--max-open-tables-per-address", "2"]
    server = serve(database, *limits, "--tables-per-minute", "100")
    try:
        api = f"{server.base}/api/tables"
        a = httpx.post(api, json={"game": "contest"}, timeout=10).json()
        b = httpx.post(api, json={"game": "contest"}, timeout=10).json()
        refused = httpx.post(api, json={"game": "contest"}, timeout=10)
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_tables_here"
        assert_headers(refused)
        # a forged X-Forwarded-For is not believed without --trusted-proxy
        forged = httpx.post(
            api, json={"game": "contest"}, headers={"X-Forwarded-For": "10.1.2.3"}, timeout=10
        )
        assert forged.status_code == 429
        assert len(httpx.get(api, timeout=5).json()) == 2

        async def join() -> None:
            ws_url = server.base.replace("http", "ws") + f"/ws/tables/{a['table']['id']}"
            async with connect(ws_url) as ws:
                token = a["invites"][0]["token"]
                await ws.send(json.dumps({"type": "hello", "token": token, "since": 0}))
                assert json.loads(await ws.recv())["type"] == "welcome"

        asyncio.run(join())
        gone = wait_until_gone(server, b["table"]["id"])
        assert gone, "the table nobody joined is still there"
        assert httpx.get(f"{api}/{a['table']['id']}", timeout=5).status_code == 200
        c = httpx.post(api, json={"game": "contest"}, timeout=10)
        assert c.status_code == 201  # the expired table's place is free again
        server.stop()
        # a restart does not bring an unjoined table back for good: each table waiting for
        # its people gets the time again from the start, and a table opened again stays
        server = serve(database, *limits)
        api = f"{server.base}/api/tables"
        asyncio.run(join())
        assert wait_until_gone(server, c.json()["table"]["id"])
        assert httpx.get(f"{api}/{a['table']['id']}", timeout=5).status_code == 200
    finally:
        server.stop()


def wait_until_gone(server: ServerProcess, table: str) -> bool:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        r = httpx.get(f"{server.base}/api/tables/{table}", timeout=5)
        if r.status_code == 404:
            assert r.json()["code"] == "not_found"
            return True
        time.sleep(0.2)
    return False


# ---- 5. origins, links, proxies, headers, frames, counts -----------------------------------
def test_origins_links_proxies_headers_and_frames(tmp_path):
    server = serve(
        f"sqlite:///{tmp_path / 'o.db'}",
        "--public-url",
        "https://cards.example.org",
        "--allowed-origin",
        "https://friend.example.org",
        "--trusted-proxy",
        "127.0.0.2",
        "--tables-per-minute",
        "2",
    )
    try:
        api = f"{server.base}/api/tables"
        # links come from --public-url, never from the Host header
        created = httpx.post(
            api, json={"game": "contest"}, headers={"Host": "evil.example"}, timeout=10
        )
        assert created.status_code == 201, created.text
        body = created.json()
        assert body["invites"][0]["url"].startswith("https://cards.example.org/t/")
        assert body["spectate_url"].startswith("https://cards.example.org/t/")
        table = body["table"]["id"]
        # players: 0 is refused, not read as the default
        zero = httpx.post(api, json={"game": "contest", "players": 0}, timeout=10)
        assert zero.status_code == 400 and zero.json()["code"] == "player_count"
        # a trusted proxy's X-Forwarded-For is believed: each forwarded client has its own rate
        with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2")) as proxy:
            for client in ("10.0.0.1", "10.0.0.2"):
                for _ in range(2):
                    r = proxy.post(
                        api,
                        json={"game": "contest"},
                        headers={"X-Forwarded-For": client},
                        timeout=10,
                    )
                    assert r.status_code == 201, r.text
        # every response carries the security headers: pages, 404s, 413s, 400s
        for r in (
            httpx.get(f"{server.base}/", timeout=5),
            httpx.get(f"{api}/nosuchtable", timeout=5),
            httpx.post(api, content=b"{" + b" " * 70_000 + b"}", timeout=5),
            httpx.post(api, content=b'{"game": NaN}', timeout=5),
        ):
            assert_headers(r)
            if r.status_code >= 400:
                assert "code" in r.json()

        ws_url = server.base.replace("http", "ws") + f"/ws/tables/{table}"

        async def opened_from(origin: str) -> dict:
            async with connect(ws_url, origin=origin) as ws:  # type: ignore[arg-type]
                # a refused socket may be closed before the hello goes out; its error is read
                with contextlib.suppress(ConnectionClosed):
                    await ws.send(json.dumps({"type": "hello", "token": None, "since": 0}))
                return json.loads(await ws.recv())

        async def sockets() -> None:
            refused = await opened_from("https://evil.example")
            assert refused["type"] == "error" and refused["code"] == "bad_origin"
            assert (await opened_from("https://cards.example.org"))["type"] == "welcome"
            assert (await opened_from("https://friend.example.org"))["type"] == "welcome"
            # a text frame that is not UTF-8 closes that socket, quietly
            async with connect(ws_url) as ws:
                await ws.send(json.dumps({"type": "hello", "token": None, "since": 0}))
                await ws.recv()
                await ws.send(b"\xff\xfe\xfd", text=True)
                with pytest.raises(Exception):  # noqa: B017 - closed by the server: any close
                    for _ in range(10):
                        await ws.recv()

        asyncio.run(sockets())
        time.sleep(0.3)
        assert "Traceback" not in log_of(server)
        assert httpx.get(f"{api}/{table}", timeout=5).status_code == 200
    finally:
        server.stop()


# ---- 6. the bot workers end with the server ------------------------------------------------
def test_bot_and_replay_workers_end_cleanly_on_shutdown(tmp_path):
    server = serve(f"sqlite:///{tmp_path / 'w.db'}", "--bot-workers", "1", "--replay-workers", "1")
    try:
        quick = {"game": "contest", "seats": [{"kind": "bot", "bot": "random"}] * 2, "bot_delay": 0}
        done = httpx.post(f"{server.base}/api/tables", json=quick).json()["table"]["id"]
        seats = [{"kind": "bot", "bot": "ismcts"}] * 2
        r = httpx.post(f"{server.base}/api/tables", json={"game": "contest", "seats": seats})
        assert r.status_code == 201, r.text
        deadline = time.monotonic() + 60
        while httpx.get(f"{server.base}/api/tables/{done}").json()["status"] != "over":
            assert time.monotonic() < deadline, "a random bots' game did not end in 60 s"
            time.sleep(0.2)
        # a replay worker builds the page
        page = httpx.get(f"{server.base}/api/tables/{done}/replay", timeout=60)
        assert page.status_code == 200 and page.json()["steps"], page.text
        time.sleep(0.5)
    finally:
        server.stop()
    # uvicorn ends by raising the signal again once shut down: -15 is a clean end
    assert server.proc is not None and server.proc.returncode in (0, -15)
    log = log_of(server)
    assert "leaked" not in log and "Traceback" not in log, log


# ---- 7. the browser: the token leaves the address bar; a long game replays page by page -----
def test_the_browser_keeps_its_seat_off_the_address_bar_and_replays_a_long_game(tmp_path):
    from ct_server_helpers import CHROMIUM_ARGS, chromium_path
    from playwright.sync_api import expect, sync_playwright

    url, _ = long_finished_game(tmp_path / "browser.db")
    server = serve(url)
    try:
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
        created = httpx.post(
            f"{server.base}/api/tables", json={"game": "contest", "seats": seats}, timeout=10
        ).json()
        invite = created["invites"][0]["url"]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(invite)
            expect(page.locator("#seats")).to_contain_text("(you)")
            assert "token" not in page.url and page.url.endswith(f"/t/{created['table']['id']}")
            page.reload()  # the tab still holds its seat (sessionStorage), the socket opens again
            expect(page.locator("#seats")).to_contain_text("(you)")

            page.goto(f"{server.base}/replay/{LONG_TABLE}")
            expect(page.locator("#where")).to_contain_text("step 0 of", timeout=30_000)
            total = int(page.locator("#where").inner_text().split(" of ")[1].split(",")[0])
            assert total > 3000
            page.click("#last")
            expect(page.locator("#where")).to_contain_text(f"step {total} of {total}")
            page.click("#prev")
            expect(page.locator("#where")).to_contain_text(f"step {total - 1} of")
            page.eval_on_selector(
                "#slider",
                "s => { s.value = 4000; s.dispatchEvent(new Event('change')); }",
            )
            # a page far from the cached ones is built in the replay worker: slow on a busy machine
            expect(page.locator("#where")).to_contain_text("step 4000 of", timeout=30_000)
            expect(page.locator("#step-title")).not_to_be_empty()
            browser.close()
        assert errors == []
    finally:
        server.stop()
