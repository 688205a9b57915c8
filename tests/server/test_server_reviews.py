"""A finished game's review in the server: refused before the end, made in the workers, stored."""

from __future__ import annotations

import time
from typing import Any

from ct_server_helpers import app_client, create_table
from fastapi.testclient import TestClient

from cardtable.bots.review import is_decision
from cardtable.engine.record import replay_states
from cardtable.server.limits import RateLimit

BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def finished_table(client: TestClient, game: str = "contest") -> dict[str, Any]:
    table = create_table(client, game, seats=BOTS)["table"]
    r = client.get(f"/api/tables/{table['id']}")
    assert r.json()["status"] == "over"
    return dict(r.json())


def wait_for_review(client: TestClient, table_id: str, seat: int) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    seen: list[tuple[int, int | None]] = []
    while time.monotonic() < deadline:
        r = client.get(f"/api/tables/{table_id}/review", params={"seat": seat})
        assert r.status_code == 200, r.text
        body = r.json()
        if body["status"] == "done":
            return {**body, "progress": seen}
        assert body["status"] == "running", body
        seen.append((body["done"], body["total"]))
        time.sleep(0.05)
    raise AssertionError("the review did not finish")


def test_review_of_a_finished_game_judges_each_decision_and_is_stored(database: str) -> None:
    with app_client(database, review_seconds=4.0) as client:
        table = finished_table(client)
        tid = table["id"]
        assert client.get(f"/api/tables/{tid}/review?seat=1").json()["status"] == "none"
        started = client.post(f"/api/tables/{tid}/review?seat=1")
        assert started.status_code == 200 and started.json()["status"] in ("running", "done")
        body = wait_for_review(client, tid, 1)
        record = client.get(f"/api/tables/{tid}/record").json()
        states = replay_states(record)
        wanted = [i for i, s in enumerate(states[:-1]) if is_decision(s, 1)]
        review = body["review"]
        assert review["seat"] == 1 and review["game"] == "contest"
        assert [d["index"] for d in review["decisions"]] == wanted
        assert body["done"] == body["total"] == len(wanted)
        # progress only goes forward, and never past the total
        done = [d for d, _ in body["progress"]]
        assert done == sorted(done) and all(t is None or d <= t for d, t in body["progress"])
        # within the budget (each decision's searches stop at their share of it)
        assert review["seconds"] <= 4.0 + 0.2 * len(wanted)
        for d in review["decisions"]:
            assert d["played"] == record["actions"][d["index"]]
            assert d["mark"] in ("good", "inaccuracy", "mistake")
            assert 0.0 <= d["value"] <= 1.0 and d["loss"] >= 0.0
            # the replay step that shows this decision: one after each decision before it
            before = [s for s in states[: d["index"] + 1] if not s.is_chance_node()]
            assert d["step"] == len(before)
        # asked again: the stored one, at once, without a new search
        again = client.post(f"/api/tables/{tid}/review?seat=1").json()
        assert again["status"] == "done" and again["review"] == review
    # a new server on the same database reads it back
    with app_client(database) as client:
        body = client.get(f"/api/tables/{tid}/review?seat=1").json()
        assert body["status"] == "done" and body["review"] == review
        assert client.app.state.reviewer.jobs == {}


def test_review_refused_before_the_end_and_for_a_seat_not_at_the_table(tmp_path) -> None:
    with app_client(tmp_path / "r.db") as client:
        playing = create_table(client, "contest")["table"]["id"]  # a person's seat: not over
        for method in (client.post, client.get):
            r = method(f"/api/tables/{playing}/review?seat=0")
            assert r.status_code == 409 and r.json()["code"] == "not_now"
        over = finished_table(client)["id"]
        r = client.post(f"/api/tables/{over}/review?seat=2")
        assert r.status_code == 400 and "seat 2" in r.json()["detail"], r.text
        assert "0 to 1" in r.json()["detail"]
        r = client.get(f"/api/tables/{over}/review")
        assert r.status_code == 422 and r.json()["code"] == "invalid"
        r = client.get("/api/tables/nosuchtable/review?seat=0")
        assert r.status_code == 404


def test_new_reviews_are_limited_per_address(tmp_path) -> None:
    with app_client(tmp_path / "r.db", review_seconds=0.5) as client:
        over = finished_table(client)["id"]
        assert client.get(f"/api/tables/{over}/review?seat=0").status_code == 200
        client.app.state.reviewer.rate = RateLimit(1, "reviews")
        assert client.post(f"/api/tables/{over}/review?seat=0").status_code == 200
        r = client.post(f"/api/tables/{over}/review?seat=1")
        assert r.status_code == 429 and r.json()["code"] == "rate_limited", r.text
        # asking after the one under way is not a new review: no refusal
        assert client.post(f"/api/tables/{over}/review?seat=0").status_code == 200
        wait_for_review(client, over, 0)
