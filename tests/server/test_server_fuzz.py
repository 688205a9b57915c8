"""Fuzzing: the HTTP API from its OpenAPI schema (schemathesis), the socket by properties.

Bounded so that both run in seconds: the point is that no input a visitor
can send gives a 5xx, hangs a table or changes anything when it is refused.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import schemathesis
from ct_server_helpers import app_client, create_table, hello, receive_until, runtime
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.server.db import Store
from cardtable.server.main import create_app
from cardtable.server.settings import Settings

DB = Path(tempfile.mkdtemp(prefix="cardtable-fuzz-")) / "fuzz.db"
APP = create_app(
    Settings(
        database_url=f"sqlite:///{DB}",
        bot_workers=0,
        tables_per_minute=10**6,
        max_bot_tables=10**6,
    )
)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)
FAST = settings(
    max_examples=20,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)


def stored_tables() -> int:
    store = Store(f"sqlite:///{DB}")
    try:
        return len(store.list_tables(None, 10**6))
    finally:
        store.close()


@schema.parametrize()
@FAST
def test_http_api_answers_every_generated_request_without_a_5xx(case):
    before = stored_tables()
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, response.text[:300])
    if case.method == "POST" and response.status_code >= 400:
        assert stored_tables() == before  # a refusal changes nothing
    if case.method == "POST" and case.path == "/api/tables" and response.status_code == 201:
        manager = APP.state.manager
        tid = response.json()["table"]["id"]
        driver = manager.live[tid]._driver
        # no hung or crashed table: its driver either waits for a person or finished cleanly
        assert driver is None or not driver.done() or driver.exception() is None


# ---- the socket ---------------------------------------------------------------------------
text = st.text(max_size=20) | st.sampled_from(["\ud800", "\x00", "pass", "Q", "N", "", "x" * 90])
scalar = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | text
value = st.recursive(scalar, lambda inner: st.lists(inner, max_size=3), max_leaves=6)
message = st.fixed_dictionaries(
    {"type": st.sampled_from(["move", "auto_pass", "ping", "hello", "dance"]) | text},
    optional={
        "id": text | scalar,
        "move": st.integers(-2, 400) | scalar,
        "action": text | value,
        "on": scalar,
        "token": text | scalar,
        "since": scalar,
    },
)
frame = st.one_of(
    message.map(json.dumps),
    st.integers(1, 3000).map(lambda n: '{"type": "ping", "x": ' + "[" * n + "]" * n + "}"),
    st.text(max_size=60),
    st.sampled_from(['{"type": "move", "move": NaN}', '{"type": "ping"', "[]", "null", "1e999"]),
)


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(frames=st.lists(frame, min_size=1, max_size=8))
def test_socket_refusals_change_nothing_and_the_table_never_hangs(tmp_path_factory, frames):
    db = tmp_path_factory.mktemp("ws") / "t.db"
    with app_client(db, default_reaction_seconds=30.0) as client:
        t = create_table(client, "contest", seats=[{"kind": "human"}, {"kind": "bot"}])
        tid = t["table"]["id"]
        rt = runtime(client, tid)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, t["invites"][0]["token"])
            receive_until(ws, "update")
            for raw in frames:
                before = (rt.move, len(client.app.state.storage.store.load_moves(tid)))
                ws.send_text(raw)
                ws.send_text(json.dumps({"type": "ping"}))
                replies = []
                while True:  # everything up to the pong answers ``raw``
                    msg = ws.receive_json()
                    if msg["type"] == "pong":
                        break
                    replies.append(msg)
                kinds = {m["type"] for m in replies}
                if "ack" not in kinds:
                    after = (rt.move, len(client.app.state.storage.store.load_moves(tid)))
                    assert after == before, (raw, replies)
                assert kinds <= {"error", "ack", "update", "answered", "auto_pass"}, replies
            # the table still plays: a legal move is acknowledged
            up = rt.view_for(0)
            if up["legal"]:
                ws.send_text(
                    json.dumps(
                        {"type": "move", "id": "final", "move": rt.move, "action": up["legal"][0]}
                    )
                )
                assert receive_until(ws, "ack")["id"] == "final"
