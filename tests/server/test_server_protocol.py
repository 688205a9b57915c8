"""Protocol tests: every bad message is refused with a typed error and changes nothing.

Every test that stores anything runs on SQLite and on PostgreSQL (the ``database``
fixture of this folder's conftest).
"""

from __future__ import annotations

import contextlib
import json

import pytest
from ct_server_helpers import (
    app_client,
    create_table,
    hello,
    receive_until,
    runtime,
    stored_moves,
)


@pytest.fixture
def client(database):
    with app_client(database, default_reaction_seconds=30.0) as c:
        yield c


def two_humans(client, game="contest", **kw):
    return create_table(client, game, seats=[{"kind": "human"}, {"kind": "human"}], **kw)


@contextlib.contextmanager
def both_seats(client, t):
    """Both people's sockets at a two-person table, each past its hello."""
    tid = t["table"]["id"]
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as a,
        client.websocket_connect(f"/ws/tables/{tid}") as b,
    ):
        hello(a, t["invites"][0]["token"])
        hello(b, t["invites"][1]["token"])
        yield a, b


def first_update(ws):
    return receive_until(ws, "update")


def snapshot(client, table_id):
    rt = runtime(client, table_id)
    return (rt.move, len(stored_moves(client, table_id)), json.dumps(rt.state.observation(0)))


def person_and_two_bots(client):
    """A three-player Chai Tea Jazz table: a person at seat 0, two easy bots."""
    easy = {"kind": "bot", "bot": "easy"}
    return create_table(client, "chai-tea-jazz", players=3, seats=[{"kind": "human"}, easy, easy])


def first_turn(ws, token):
    """Seat 0's first update with something to decide (after the deal and any bot)."""
    hello(ws, token)
    up = first_update(ws)
    while not up["view"]["legal"]:
        up = receive_until(ws, "update")
    return up


def send(ws, **msg):
    ws.send_text(json.dumps(msg))
    return ws.receive_json()


def test_wrong_seat_is_refused_and_changes_nothing(client):
    t = two_humans(client)
    tid = t["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0:
        hello(ws0, t["invites"][0]["token"])
        up = first_update(ws0)
        mover = up["view"]["to_act"]
        other = 1 - mover
        with client.websocket_connect(f"/ws/tables/{tid}") as ws1:
            hello(ws1, t["invites"][other]["token"])
            first_update(ws1)
            before = snapshot(client, tid)
            err = send(ws1, type="move", id="x1", move=up["move"], action="Q")
            assert err["type"] == "error" and err["code"] == "wrong_seat"
            assert err["move"] == up["move"]
            assert snapshot(client, tid) == before


def test_bad_token_is_refused(client):
    t = two_humans(client)
    tid = t["table"]["id"]
    before = snapshot(client, tid)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": "not-a-real-token"}))
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "bad_token"
    # a token of another table opens nothing here either
    other = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": other["invites"][0]["token"]}))
        assert ws.receive_json()["code"] == "bad_token"
    assert (
        client.get(f"/api/tables/{tid}/history", headers={"X-Seat-Token": "nope"}).status_code
        == 403
    )
    assert snapshot(client, tid) == before


def test_stale_and_replayed_moves_are_refused(client):
    t = two_humans(client)
    tid = t["table"]["id"]
    up = None
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as ws0,
        client.websocket_connect(f"/ws/tables/{tid}") as ws1,
    ):
        hello(ws0, t["invites"][0]["token"])
        hello(ws1, t["invites"][1]["token"])
        ups = [first_update(ws0), first_update(ws1)]
        mover = ups[0]["view"]["to_act"]
        ws = (ws0, ws1)[mover]
        up = ups[mover]
        ack = send(ws, type="move", id="m1", move=up["move"], action="Q")
        assert ack["type"] == "ack" and ack["id"] == "m1"
        receive_until(ws, "update")
        before = snapshot(client, tid)
        # the same message again: replayed (its id was used), whatever its number
        err = send(ws, type="move", id="m1", move=up["move"], action="Q")
        assert err["code"] == "replayed"
        # a fresh id with the old move number: stale, and the current number is given
        err = send(ws, type="move", id="m2", move=up["move"], action="Q")
        assert err["code"] == "stale_move" and err["move"] == before[0]
        assert snapshot(client, tid) == before


@pytest.mark.parametrize(
    "raw, code",
    [
        ("not json at all", "malformed"),
        ("[1, 2, 3]", "malformed"),
        (json.dumps({"type": "move", "id": "a", "move": "three", "action": "Q"}), "malformed"),
        (json.dumps({"type": "move", "id": "a", "move": 1}), "malformed"),
        (json.dumps({"type": "move", "id": "", "move": 1, "action": "Q"}), "malformed"),
        (json.dumps({"type": "move", "id": "a", "move": True, "action": "Q"}), "malformed"),
        (json.dumps({"type": "dance"}), "unknown_type"),
        (json.dumps({"type": "move", "id": "a", "move": 1, "action": "Q" * 9000}), "too_large"),
        (json.dumps({"type": "hello", "token": None}), "malformed"),
    ],
    ids=[
        "not-json",
        "not-object",
        "move-not-int",
        "no-action",
        "empty-id",
        "bool-move",
        "unknown-type",
        "oversized",
        "second-hello",
    ],
)
def test_malformed_and_oversized_messages_are_refused(client, raw, code):
    t = two_humans(client)
    tid = t["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, t["invites"][0]["token"])
        first_update(ws)
        before = snapshot(client, tid)
        ws.send_text(raw)
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == code, err
        assert snapshot(client, tid) == before
        # the connection survives a bad message
        assert send(ws, type="ping")["type"] == "pong"


def test_illegal_action_is_refused(client):
    t = two_humans(client)
    tid = t["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0:
        hello(ws0, t["invites"][0]["token"])
        up = first_update(ws0)
        if up["view"]["to_act"] != 0:
            pytest.skip("seat 0 is not first here")  # pragma: no cover - Contest: Black starts
        before = snapshot(client, tid)
        for action in ("K", "call", "xyzzy", ""):
            err = send(ws0, type="move", id=f"i-{action}", move=up["move"], action=action)
            assert err["code"] == "illegal", err
            # said in words a person reads: no position in notation ("P0 to act")
            assert err["message"] and "to act" not in err["message"], err
        assert snapshot(client, tid) == before


def test_spectator_cannot_move_and_sees_no_observation(client):
    t = two_humans(client)
    tid = t["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        welcome = hello(ws, None)
        assert welcome["role"] == "spectator" and welcome["seat"] is None
        up = first_update(ws)
        assert up["view"]["observation"] is None and up["view"]["legal"] == []
        before = snapshot(client, tid)
        err = send(ws, type="move", id="s1", move=up["move"], action="Q")
        assert err["code"] == "spectator"
        assert send(ws, type="auto_pass", on=True)["code"] == "spectator"
        assert snapshot(client, tid) == before


def test_first_message_must_be_hello_and_unknown_table(client):
    t = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{t['table']['id']}") as ws:
        ws.send_text(json.dumps({"type": "ping"}))
        assert ws.receive_json()["code"] == "not_hello"
    with client.websocket_connect("/ws/tables/no-such-table") as ws:
        assert ws.receive_json()["code"] == "no_table"


def play_random(ws, up, rng, seat_moves, limit=10_000):
    """Answer every prompt with a random legal action until the game ends."""
    n = 0
    while up["status"] != "over" and n < limit:
        legal = up["view"]["legal"]
        if legal:
            n += 1
            ws.send_text(
                json.dumps(
                    {"type": "move", "id": f"r{n}", "move": up["move"], "action": rng.choice(legal)}
                )
            )
        up = receive_until(ws, "update")
    return up


def test_reconnect_resumes_from_last_event_without_loss_or_duplicates(client):
    import random

    t = create_table(client, "contest", seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tid = t["table"]["id"]
    token = t["invites"][0]["token"]
    rng = random.Random(3)
    seen: list[str] = []
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, token)
        up = first_update(ws)
        seen += up["log"]
        for i in range(60):
            legal = up["view"]["legal"]
            if not legal:  # another seat's turn, or a moment for answers: it moves on
                up = receive_until(ws, "update")
                seen += up["log"]
                if up["status"] == "over":
                    break
                continue
            if i >= 6 and not up["view"]["reaction"]:
                break  # our turn: nothing moves while we are away
            ws.send_text(
                json.dumps(
                    {"type": "move", "id": f"a{i}", "move": up["move"], "action": rng.choice(legal)}
                )
            )
            up = receive_until(ws, "update")
            seen += up["log"]
            if up["status"] == "over":
                break
        last = up["move"]
    # moves happen while we are away? (the bot only moves after us, so nothing) — reconnect
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, token, since=last)
        up = first_update(ws)
        assert up["move"] == last and up["log"] == []  # nothing new, nothing repeated
        up = play_random(ws, up, rng, [])
        seen += up["log"] if False else []
    # a fresh connection from 0 gets the whole log, and it starts with what we saw
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, token, since=0)
        full = first_update(ws)
    assert full["log"][: len(seen)] == seen
    assert full["log"] == runtime(client, tid).state.public_log()


def test_reconnect_midway_delivers_exactly_the_missing_lines(client):
    import random

    t = two_humans(client)
    tid = t["table"]["id"]
    toks = [inv["token"] for inv in t["invites"]]
    rng = random.Random(5)
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as a,
        client.websocket_connect(f"/ws/tables/{tid}") as b,
    ):
        hello(a, toks[0])
        hello(b, toks[1])
        ups = [first_update(a), first_update(b)]
        log0 = list(ups[0]["log"])
        moves_seen_by_0 = ups[0]["move"]
        # seat 0 stops reading after its first update; seat 1 and seat 0 keep moving
        socks = (a, b)
        for i in range(12):
            rt = runtime(client, tid)
            ph = rt.phase
            movers = list(ph.prompts) if ph is not None else [rt.state.current_player()]
            for s in movers:
                if ph is not None:
                    legal = ph.prompts[s]
                else:
                    legal = [str(x) for x in rt.state.legal_actions()]
                socks[s].send_text(
                    json.dumps(
                        {
                            "type": "move",
                            "id": f"m{i}-{s}",
                            "move": rt.move,
                            "action": rng.choice(legal),
                        }
                    )
                )
                # wait for the reply to this message (answered/ack/error)
                while True:
                    msg = socks[s].receive_json()
                    if msg.get("id") == f"m{i}-{s}":
                        break
                    if s == 0 and msg["type"] == "update":
                        log0 += msg["log"]
                        moves_seen_by_0 = msg["move"]
            if runtime(client, tid).state.is_terminal():
                break
    with client.websocket_connect(f"/ws/tables/{tid}") as a:
        hello(a, toks[0], since=moves_seen_by_0)
        up = first_update(a)
        log0 += up["log"]
    assert log0 == runtime(client, tid).state.public_log()


def test_record_only_when_over_and_history_per_seat(client):
    import random

    t = create_table(client, "contest", seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tid = t["table"]["id"]
    token = t["invites"][0]["token"]
    assert client.get(f"/api/tables/{tid}/record").status_code == 409
    assert client.get(f"/api/tables/{tid}/replay").status_code == 409
    hist = client.get(f"/api/tables/{tid}/history", headers={"X-Seat-Token": token}).json()
    assert hist["seat"] == 0 and "actions" not in hist
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, token)
        up = play_random(ws, first_update(ws), random.Random(1), [])
    assert up["status"] == "over" and up["view"]["result"] is not None
    record = client.get(f"/api/tables/{tid}/record").json()
    assert record["result"]["terminal"] is True
    from cardtable.engine.record import replay

    assert replay(record).is_terminal()
    first = client.get(f"/api/tables/{tid}/replay").json()
    last_start = (first["total"] - 1) // 100 * 100
    last = client.get(f"/api/tables/{tid}/replay?start={last_start}").json()
    assert first["steps"][0]["move"] == 0 and last["steps"][-1]["move"] == len(record["actions"])
    assert client.get(f"/api/tables/{tid}/replay?count=100000").json()["code"] == "setting"
    r = client.get(f"/api/tables/{tid}/record?download=1")
    assert "attachment" in r.headers["content-disposition"]


def test_contest_calls_ask_both_people_at_once(client):
    """Contest's call: each person who may call is asked at once, with one deadline;
    an answer is held (``answered``) and shown, with its ack, once the phase closes."""
    t = two_humans(client, reaction_seconds=30)
    tid = t["table"]["id"]
    with both_seats(client, t) as (a, b):
        socks = (a, b)
        ups = [first_update(a), first_update(b)]
        # both declare; then the call phase opens
        for _ in range(2):
            mover = ups[0]["view"]["to_act"]
            socks[mover].send_text(
                json.dumps(
                    {
                        "type": "move",
                        "id": f"d{ups[0]['move']}",
                        "move": ups[0]["move"],
                        "action": "P",
                    }
                )
            )
            ups = [receive_until(a, "update"), receive_until(b, "update")]
        views = [u["view"] for u in ups]
        assert all(v["reaction"] and v["to_act"] is None for v in views)
        assert views[0]["prompt"]["kind"] == views[1]["prompt"]["kind"] == "reaction"
        assert views[0]["prompt"]["deadline"] == views[1]["prompt"]["deadline"]
        assert sorted(views[0]["legal"]) == sorted(views[1]["legal"]) == ["call", "pass"]
        window_move = ups[0]["move"]
        err = send(a, type="move", id="x1", move=window_move, action="P")
        assert err["code"] == "illegal"
        reply = send(a, type="move", id="p1", move=window_move, action="pass")
        assert reply["type"] == "answered"
        err = send(a, type="move", id="p1b", move=window_move, action="pass")
        assert err["code"] == "wrong_seat"
        assert runtime(client, tid).move == window_move  # nothing shown until the phase closes
        reply = send(b, type="move", id="p2", move=window_move, action="pass")
        assert reply["type"] == "answered"
        acks = [receive_until(a, "ack"), receive_until(b, "ack")]
        assert [k["id"] for k in acks] == ["p1", "p2"]
        moves = stored_moves(client, tid)
        assert [moves[k["number"] - 1].action for k in acks] == ["pass", "pass"]
        nxt = receive_until(a, "update")
        assert nxt["move"] > window_move and not nxt["view"]["reaction"]


def _reach_a_window(client, ws, up):
    """Play the first legal action until this seat is asked to react; None if the game ends."""
    while not (up["view"]["reaction"] and up["view"]["legal"]):
        if up["view"]["reaction"]:  # a moment for others' answers: wait for it to close
            up = receive_until(ws, "update")
            continue
        if up["status"] == "over":
            return None
        if not up["view"]["legal"]:  # a bot's move, shown as it is made: wait for ours
            up = receive_until(ws, "update")
            continue
        ws.send_text(
            json.dumps(
                {
                    "type": "move",
                    "id": f"x{up['move']}",
                    "move": up["move"],
                    "action": up["view"]["legal"][0],
                }
            )
        )
        up = receive_until(ws, "update")
    return up


def test_reaction_window_times_out_with_a_pass(database):
    with app_client(database) as client:
        for _ in range(20):  # a game may end (a King revealed) before any window
            t = create_table(
                client,
                "contest",
                seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                reaction_seconds=0.3,
            )
            tid = t["table"]["id"]
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                hello(ws, t["invites"][0]["token"])
                up = _reach_a_window(client, ws, first_update(ws))
                if up is None:
                    continue
                window_move = up["move"]
                assert up["view"]["prompt"]["kind"] == "reaction"
                nxt = receive_until(ws, "update")  # nobody answers: the window closes by itself
                assert nxt["move"] > window_move
            phase = [m for m in stored_moves(client, tid) if window_move < m.number <= nxt["move"]]
            mine = [m for m in phase if m.seat == 0]
            if not mine:
                continue  # the bot called before the engine reached us
            assert mine[0].action == "pass" and mine[0].msg_id == "timeout"
            return
        raise AssertionError("no reaction window in 20 games")


def test_turn_clock_plays_the_default_move(database):
    with app_client(database) as client:
        t = create_table(
            client,
            "contest",
            seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            turn_seconds=0.3,
            reaction_seconds=0.3,
        )
        tid = t["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, t["invites"][0]["token"])
            up = first_update(ws)
            assert up["view"]["prompt"]["kind"] == "turn" and up["view"]["prompt"]["deadline"]
            receive_until(ws, "update")
        first = [m for m in stored_moves(client, tid) if m.seat == 0][0]
        assert first.msg_id == "timeout"


def test_auto_pass_answers_reaction_windows(database):
    with app_client(database) as client:
        t = create_table(
            client,
            "contest",
            seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            reaction_seconds=600,
        )
        tid = t["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, t["invites"][0]["token"])
            up = first_update(ws)
            ws.send_text(json.dumps({"type": "auto_pass", "on": True}))
            receive_until(ws, "auto_pass")
            # with ten-minute windows the game only gets past the calls by auto-pass:
            # every update is a turn of ours (declare, consequence) or the end
            for _ in range(120):
                if up["status"] == "over":
                    break
                if up["view"]["reaction"] or up["view"]["to_act"] != 0:
                    # never asked: the calls pass by, shown as a moment with no buttons
                    assert up["view"]["legal"] == [], up["view"]
                    up = receive_until(ws, "update")
                    continue
                assert up["view"]["legal"], up["view"]
                ws.send_text(
                    json.dumps(
                        {
                            "type": "move",
                            "id": f"y{up['move']}",
                            "move": up["move"],
                            "action": up["view"]["legal"][0],
                        }
                    )
                )
                up = receive_until(ws, "update")
        assert runtime(client, tid).seats[0].auto_pass
        auto = [m for m in stored_moves(client, tid) if m.msg_id == "auto-pass"]
        assert all(m.seat == 0 and m.action == "pass" for m in auto)


def test_restart_in_process_continues_from_the_last_committed_move(database):
    db = database
    with app_client(db, default_reaction_seconds=30.0) as client:
        t = two_humans(client)
        tid = t["table"]["id"]
        rt = runtime(client, tid)
        for i in range(2):  # both declare; the call window is open when the server stops
            rt2 = runtime(client, tid)
            seat = rt2.state.current_player()
            tok = t["invites"][seat]["token"]
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                hello(ws, tok)
                up = first_update(ws)
                ws.send_text(
                    json.dumps({"type": "move", "id": f"q{i}", "move": up["move"], "action": "N"})
                )
                receive_until(ws, "ack")
        before = (rt.move, [str(a) for a in rt.state.history()], rt.state.observation(0))
    with app_client(db, default_reaction_seconds=30.0) as client:
        rt = runtime(client, tid)
        assert rt.phase is not None  # the window re-opens for the whole table
        assert (rt.move, [str(a) for a in rt.state.history()], rt.state.observation(0)) == before


def test_rematch_rotates_seats_and_keeps_tokens(client):
    import random

    t = create_table(client, "contest", seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tid = t["table"]["id"]
    token = t["invites"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, token)
        play_random(ws, first_update(ws), random.Random(2), [])
    r = client.post(f"/api/tables/{tid}/rematch", headers={"X-Seat-Token": token})
    assert r.status_code == 200, r.text
    new = r.json()
    assert new["seat"] == 1
    again = client.post(f"/api/tables/{tid}/rematch", headers={"X-Seat-Token": token}).json()
    assert again["table"] == new["table"]  # made once
    with client.websocket_connect(f"/ws/tables/{new['table']}") as ws:
        assert hello(ws, token)["seat"] == 1
    summary = client.get(f"/api/tables/{new['table']}").json()
    assert [s["kind"] for s in summary["seats"]] == ["bot", "human"]


def test_bad_table_requests(client):
    assert client.post("/api/tables", json={"game": "no-such-game"}).status_code == 400
    assert client.post("/api/tables", json={"game": "contest", "players": 7}).status_code == 400
    r = client.post(
        "/api/tables", json={"game": "contest", "seats": [{"kind": "bot", "bot": "zzz"}] * 2}
    )
    assert r.status_code == 400 and "zzz" in r.text
    assert client.get("/api/tables/nothing-here").status_code == 404
    games = client.get("/api/games").json()
    assert "contest" in [g["name"] for g in games]
    page = client.get("/")
    assert page.status_code == 200 and "cardtable" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["referrer-policy"] == "no-referrer"


def test_a_broken_bot_does_not_stop_its_table(client, monkeypatch):
    from cardtable.bots import registry
    from cardtable.bots.base import Bot

    class Broken(Bot):
        name = "broken"

        def act(self, observation, legal):
            raise RuntimeError("bot bug")

        def observe(self, observation):
            raise RuntimeError("memory bug")

    monkeypatch.setitem(registry.GENERIC, "broken", Broken)
    t = create_table(client, "contest", seats=[{"kind": "bot", "bot": "broken"}] * 2)
    rt = runtime(client, t["table"]["id"])
    assert rt.state.is_terminal()  # every decision fell back to the default move
    assert client.get(f"/api/tables/{rt.id}/record").status_code == 200


def test_a_searching_bot_plays_through_its_information_set(client, monkeypatch):
    from cardtable.bots import registry
    from cardtable.bots.base import Bot
    from cardtable.bots.infoset import InformationSet

    seen: list[object] = []
    real = registry.GENERIC["ismcts-fast"]

    class Spy(real):  # type: ignore[misc, valid-type]  # subclassing a class looked up at run time
        def act_with(self, info, observation, legal):
            seen.append(info)
            return super().act_with(info, observation, legal)

    monkeypatch.setitem(registry.GENERIC, "spy", Spy)
    t = create_table(client, "contest", seats=[{"kind": "bot", "bot": "spy"}, {"kind": "bot"}])
    rt = runtime(client, t["table"]["id"])
    assert rt.state.is_terminal()
    assert seen and all(isinstance(i, InformationSet) for i in seen)
    assert Bot in Spy.__mro__


def test_a_seat_opened_twice_plays_in_the_newest_tab_only(client):
    t = create_table(client, "contest", seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tid = t["table"]["id"]
    token = t["invites"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}") as old:
        hello(old, token)
        up = first_update(old)
        with client.websocket_connect(f"/ws/tables/{tid}") as new:
            hello(new, token)
            first_update(new)
            assert receive_until(old, "elsewhere") == {"type": "elsewhere"}
            before = snapshot(client, tid)
            action = up["view"]["legal"][0]
            err = send(old, type="move", id="o1", move=up["move"], action=action)
            assert err["code"] == "elsewhere"
            assert snapshot(client, tid) == before
            new.send_text(
                json.dumps({"type": "move", "id": "n1", "move": up["move"], "action": action})
            )
            assert receive_until(new, "ack")["id"] == "n1"


def test_a_person_is_called_by_the_name_they_gave_everywhere(client):
    t = create_table(
        client,
        "contest",
        seats=[{"kind": "human", "name": "  Sam   Lee "}, {"kind": "bot", "bot": "easy"}],
    )
    tid = t["table"]["id"]
    assert [i["seat_name"] for i in t["invites"]] == ["Sam Lee"]
    listed = client.get(f"/api/tables/{tid}").json()
    assert [s["name"] for s in listed["seats"]] == ["Sam Lee", "Bo (bot, easy)"]
    assert [s["game_name"] for s in listed["seats"]] == ["Black", "White"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        welcome = hello(ws, t["invites"][0]["token"])
        assert welcome["names"] == ["Sam Lee", "Bo (bot, easy)"]
        assert welcome["seat_names"] == ["Black", "White"]  # what the log says, to replace


@pytest.mark.parametrize("name", ["x" * 25, "bell\u0007", "line\nbreak"])
def test_a_bad_name_is_refused_and_makes_no_table(client, name):
    before = len(client.get("/api/tables").json())
    r = client.post(
        "/api/tables", json={"game": "contest", "seats": [{"kind": "human", "name": name}, {}]}
    )
    # control characters are refused by the body's text check, length by the schema
    assert (r.status_code, r.json()["code"]) in ((400, "bad_text"), (422, "invalid"))
    assert name not in r.text  # the input is not echoed
    assert len(client.get("/api/tables").json()) == before


def test_each_bot_move_is_shown_as_it_is_made(client):
    # a person's move, then two bots' turns: the person sees their own move at once and
    # then every bot's move in its own update, not all of them at the person's next turn
    t = person_and_two_bots(client)
    with client.websocket_connect(f"/ws/tables/{t['table']['id']}") as ws:
        up = first_turn(ws, t["invites"][0]["token"])
        mine = up["move"]
        ws.send_text(
            json.dumps({"type": "move", "id": "m1", "move": mine, "action": up["view"]["legal"][0]})
        )
        shown = []
        up = receive_until(ws, "update")
        while not up["view"]["legal"] and up["status"] != "over":
            shown.append((up["move"], up["view"]["to_act"]))
            up = receive_until(ws, "update")
    # the first update after the move is the position it led to, a bot to act
    assert shown and shown[0][0] == mine + 1, shown
    moves = [m for m, _ in shown]
    assert moves == sorted(set(moves)), shown  # one update per position, in order
    bots_seen = {seat for _, seat in shown}
    assert bots_seen == {1, 2}, shown  # each bot's turn was shown before the person's came back


def test_a_driver_error_is_told_and_the_table_tries_again(client, monkeypatch):
    # the driver that met an error logged it and stopped: the bots never moved again and
    # nobody was told, until a person's move woke the table
    from cardtable.server.runtime import TableRuntime

    real = TableRuntime._step
    failures = {"left": 0}

    async def flaky(self):
        if failures["left"]:
            failures["left"] -= 1
            raise RuntimeError("a bug that names the 7H in its message")
        return await real(self)

    monkeypatch.setattr(TableRuntime, "_step", flaky)
    t = person_and_two_bots(client)
    with client.websocket_connect(f"/ws/tables/{t['table']['id']}") as ws:
        up = first_turn(ws, t["invites"][0]["token"])
        failures["left"] = 1  # the step after the person's move fails once
        move = {"type": "move", "id": "m1", "move": up["move"], "action": up["view"]["legal"][0]}
        ws.send_text(json.dumps(move))
        notice = receive_until(ws, "error")
        assert notice["code"] == "server_error", notice
        assert "tries again in 1 s" in notice["message"], notice
        assert "7H" not in json.dumps(notice)  # nothing of the error itself
        # a second later the driver tries again, and the bots move on
        up = receive_until(ws, "update")
        while up["view"]["to_act"] not in (1, 2) and up["status"] != "over":
            up = receive_until(ws, "update")
        assert up["move"] > move["move"] + 1, up
    assert failures["left"] == 0


def test_a_rematch_is_told_to_the_other_people_at_the_table(client):
    # the friend still looking at the result saw nothing until they pressed Rematch too
    t = two_humans(client, settings={"max_rounds": 1}, reaction_seconds=0.3)
    tid = t["table"]["id"]
    tokens = [i["token"] for i in t["invites"]]
    with both_seats(client, t) as (a, b):
        ups = [first_update(a), first_update(b)]
        socks = [a, b]
        for _ in range(40):  # one round: both declare, the calls, the end
            if ups[0]["status"] == "over":
                break
            acted = False
            for s in (0, 1):
                legal = ups[s]["view"]["legal"]
                if legal and not ups[s]["view"]["prompt"].get("answered"):
                    move = {"type": "move", "id": f"m{s}-{ups[s]['move']}", "move": ups[s]["move"]}
                    socks[s].send_text(json.dumps({**move, "action": legal[0]}))
                    acted = True
                    break
            assert acted, ups
            ups = [receive_until(a, "update"), receive_until(b, "update")]
        assert ups[0]["status"] == "over"
        r = client.post(f"/api/tables/{tid}/rematch", headers={"X-Seat-Token": tokens[0]})
        assert r.status_code == 200, r.text
        assert receive_until(b, "rematch") == {"type": "rematch", "by": 0}
        # the one who asked is not told of their own rematch: their page moves to it
        a.send_text(json.dumps({"type": "ping"}))
        seen = [a.receive_json()]
        while seen[-1]["type"] != "pong":
            seen.append(a.receive_json())
        assert all(m["type"] != "rematch" for m in seen), seen
