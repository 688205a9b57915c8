"""A seat's link can be revoked by the table's creator, from outside against ``cardtable serve``.

Without this, a link sent to the wrong person (or left in a shared screen's
history) keeps opening the seat for good.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
from ct_server_helpers import ServerProcess
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed


def test_the_creator_revokes_a_seats_link_and_nobody_else_can(tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path / 'l.db'}")
    server.start()
    try:
        api = httpx.Client(base_url=server.base, timeout=10)
        body = {"game": "contest", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
        created = api.post("/api/tables", json=body).json()
        table, creator = created["table"]["id"], created["creator_token"]
        old = created["invites"][0]["token"]
        assert creator and "creator_hash" not in created["table"]["options"]
        assert "creator_hash" not in api.get(f"/api/tables/{table}").json()["options"]
        revoke = f"/api/tables/{table}/seats/0/revoke"
        # a seat's own token, a made-up one, none: refused, typed, and nothing changes
        for headers in ({"X-Creator-Token": old}, {"X-Creator-Token": "x" * 32}, {}):
            r = api.post(revoke, headers=headers)
            assert r.status_code == 403 and r.json()["code"] == "bad_token", r.text
        for seat in (1, 2, -1):  # a bot's seat, no such seat
            r = api.post(
                f"/api/tables/{table}/seats/{seat}/revoke", headers={"X-Creator-Token": creator}
            )
            assert r.status_code == 400 and r.json()["code"] == "setting", r.text
        url = server.base.replace("http", "ws") + f"/ws/tables/{table}"

        async def hello(token: str) -> tuple[Any, dict[str, Any]]:
            ws = await connect(url)
            await ws.send(json.dumps({"type": "hello", "token": token, "since": 0}))
            return ws, json.loads(await ws.recv())

        async def scenario() -> None:
            ws, first = await hello(old)
            assert first["type"] == "welcome" and first["seat"] == 0
            r = api.post(revoke, headers={"X-Creator-Token": creator})
            assert r.status_code == 200, r.text
            new = r.json()
            assert new["seat"] == 0 and new["token"] != old and new["url"].endswith(new["token"])
            told = []
            try:
                while True:
                    told.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
            except ConnectionClosed:
                pass
            assert told[-1]["code"] == "revoked"
            ws2, refused = await hello(old)
            assert refused["code"] == "bad_token"
            await ws2.close()
            ws3, welcome = await hello(new["token"])
            assert welcome["type"] == "welcome" and welcome["seat"] == 0
            await ws3.close()

        asyncio.run(scenario())
    finally:
        server.stop()
