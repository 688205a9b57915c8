"""Bot thinking is shared fairly: a person's table is not starved by many tables of bots.

Probed from outside against a started ``cardtable serve`` with one bot worker:
tables of searching bots nobody sits at keep the worker busy, and a person
plays a searching bot beside them. What is asserted is counted, not timed: how
many of the other tables' decisions the person's bot waited for.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import httpx
from ct_server_helpers import ServerProcess
from websockets.asyncio.client import connect

from cardtable.server.thinking import Turns

SEARCH = "ismcts-0.5s"  # searches for its time, cut to the server's budget


def moves_at(api: httpx.Client, tables: list[str]) -> int:
    return sum(int(api.get(f"/api/tables/{t}").json()["move"] or 0) for t in tables)


def test_a_persons_bot_waits_for_at_most_one_decision_of_the_bot_tables(tmp_path):
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'f.db'}",
        extra=["--bot-workers", "1", "--bot-move-seconds", "0.3"],
    )
    server.start()
    try:
        api = httpx.Client(base_url=server.base, timeout=30)
        busy = []
        for _ in range(6):
            body = {"game": "contest", "seats": [{"kind": "bot", "bot": SEARCH}] * 2}
            r = api.post("/api/tables", json=body)
            assert r.status_code == 201, r.text
            busy.append(r.json()["table"]["id"])
        waits: list[int] = []

        async def play(seed: int) -> None:
            """One game of a person against a searching bot, until it ends or 4 waits."""
            body = {
                "game": "contest",
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": SEARCH}],
                "bot_delay": 0,
            }
            created = api.post("/api/tables", json=body).json()
            table, token = created["table"]["id"], created["invites"][0]["token"]
            url = server.base.replace("http", "ws") + f"/ws/tables/{table}"
            rng = random.Random(seed)
            async with connect(url) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token, "since": 0}))
                move, legal, before = 0, [], None
                while True:
                    msg: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 60))
                    if msg["type"] != "update":
                        continue
                    if before is not None and msg["view"]["to_act"] != 1:
                        # the bot answered: how many decisions of the bot tables came between
                        waits.append(moves_at(api, busy) - before)
                        before = None
                    move, legal = msg["move"], msg["view"]["legal"]
                    if msg["status"] == "over" or len(waits) >= 4:
                        return
                    if legal and msg["view"]["to_act"] == 0:
                        before = moves_at(api, busy)
                        action = rng.choice(legal)
                        await ws.send(
                            json.dumps(
                                {"type": "move", "id": f"m{move}", "move": move, "action": action}
                            )
                        )

        # a game the random person loses at once gives too few answers: play another
        for seed in (3, 4, 5):
            if len(waits) < 3:
                asyncio.run(play(seed))
        assert len(waits) >= 3, waits
        # served in the order asked, the bot would wait behind every bot table's search (6);
        # people's tables go first, so it waits at most for the one being thought. The count
        # is of every move of the bot tables between two readings of six tables one by one,
        # taken while they play, so a loaded machine can add one or two
        print("decisions of the bot tables waited for:", waits)
        assert max(waits) <= 3, waits
        assert moves_at(api, busy) > 6 * 32, "the bot tables were not thinking at all"
    finally:
        server.stop()


def test_bot_only_tables_are_paced(tmp_path):
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'p.db'}",
        extra=["--bot-only-moves-per-second", "10", "--bot-only-moves-total", "15"],
    )
    server.start()
    try:
        api = httpx.Client(base_url=server.base, timeout=30)
        tables = []
        for _ in range(2):
            body = {
                "game": "chez",
                "players": 3,
                "seats": [{"kind": "bot", "bot": "random"}] * 3,
                "bot_delay": 0,
            }
            r = api.post("/api/tables", json=body)
            assert r.status_code == 201, r.text
            tables.append(r.json()["table"]["id"])
        began = time.monotonic()
        time.sleep(2.0)
        records = [api.get(f"/api/tables/{t}").json() for t in tables]
        elapsed = time.monotonic() - began + 1.0  # the tables were made up to a second earlier
        assert all(r["status"] == "playing" for r in records)
        decided = sum(r["move"] for r in records)
        # unpaced, two such tables make hundreds of moves a second; paced, at most 15
        # bot decisions a second in all (each followed by at most a few chance steps)
        assert 0 < decided <= 15 * elapsed * 4 + 20, decided
    finally:
        server.stop()


def test_turns_go_to_peoples_tables_first_round_robin_by_owner():
    async def scenario() -> list[str]:
        turns = Turns(1, share=1.0)
        await turns.acquire("first", True)  # the slot is busy
        order: list[str] = []

        async def one(owner: str, person: bool) -> None:
            await turns.acquire(owner, person)
            order.append(owner)
            turns.release(person, 0.0)

        tasks = [asyncio.create_task(one("bots", False)) for _ in range(2)]
        tasks += [asyncio.create_task(one("many", True)) for _ in range(3)]
        tasks.append(asyncio.create_task(one("me", True)))
        await asyncio.sleep(0)
        turns.release(True, 0.0)
        await asyncio.gather(*tasks)
        return order

    assert asyncio.run(scenario()) == ["many", "me", "many", "many", "bots", "bots"]
