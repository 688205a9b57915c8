"""Restart test: SIGKILL ``cardtable serve`` mid-game, restart it, finish every game.

Many tables play at once: people (driven here over WebSocket) against bots,
and bot-only tables of every registered game. After the kill no acknowledged
move may be missing from the final record, and every move committed before
the kill must be a prefix of it. Runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import asyncio

import httpx
from ct_server_helpers import Player, ServerProcess, committed

from cardtable.engine.registry import available_games
from cardtable.server.db import Store

HUMAN_TABLES = 12
BOT_TABLES_PER_GAME = 2


def still_playing(database: str) -> set[str]:
    store = Store(database)
    try:
        return {t.id for t in store.list_tables("playing", 10**6)}
    finally:
        store.close()


def test_sigkill_during_many_games_loses_no_acknowledged_move(database):
    server = ServerProcess(database)
    server.start()
    try:
        api = httpx.Client(base_url=server.base, timeout=10)
        players = []
        for i in range(HUMAN_TABLES):
            body = {
                "game": "contest",
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                "reaction_seconds": 30,
                "bot_delay": 0,
            }
            created = api.post("/api/tables", json=body).json()
            inv = created["invites"][0]
            players.append(Player(server.base, created["table"]["id"], inv["token"], i))
        bot_tables = []
        for game in available_games():
            for _ in range(BOT_TABLES_PER_GAME):
                body = {"game": game, "seats": None, "bot_delay": 0.01}
                info = api.get("/api/games").json()
                n = next(g for g in info if g["name"] == game)["players"][0]
                body["players"] = n
                body["seats"] = [{"kind": "bot", "bot": "random"}] * n
                bot_tables.append(api.post("/api/tables", json=body).json()["table"]["id"])

        async def first_half() -> None:
            tasks = [asyncio.create_task(p.run_until_dropped(0.05)) for p in players]
            # kill once moves are being acknowledged while most games are still on
            for _ in range(400):
                await asyncio.sleep(0.02)
                acked = sum(1 for p in players if p.acked)
                if acked >= HUMAN_TABLES // 2:
                    break
            server.kill()  # SIGKILL: no shutdown code runs
            await asyncio.wait_for(asyncio.gather(*tasks), 20)

        asyncio.run(first_half())
        before = committed(database, [p.table for p in players] + bot_tables)
        unfinished_humans = [p for p in players if not p.over]
        assert unfinished_humans, "every game ended before the kill; the test proves nothing"
        assert sum(len(p.acked) for p in players) > 0
        assert still_playing(database) & set(bot_tables), "no bot game was cut off by the kill"

        server.start()

        async def second_half() -> None:
            await asyncio.wait_for(
                asyncio.gather(*(p.run(0.0) for p in players if not p.over)), 120
            )

        asyncio.run(second_half())
        for _ in range(1200):
            states = [api.get(f"/api/tables/{t}").json()["status"] for t in bot_tables]
            if all(s == "over" for s in states):
                break
            asyncio.run(asyncio.sleep(0.1))
        tables = [p.table for p in players] + bot_tables
        for table in tables:
            r = api.get(f"/api/tables/{table}/record")
            assert r.status_code == 200, f"table {table} did not finish: {r.text}"
            actions = r.json()["actions"]
            assert actions[: len(before.get(table, []))] == before.get(table, [])
        for p in players:
            actions = api.get(f"/api/tables/{p.table}/record").json()["actions"]
            for number, action in p.acked.items():
                assert actions[number - 1] == action, (p.table, number)
    finally:
        server.stop()
