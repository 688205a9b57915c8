"""Levels in the lobby's API: each game lists easy..expert with spec and note; seats take them."""

from __future__ import annotations

import pytest
from ct_server_helpers import app_client


@pytest.fixture
def client(tmp_path):
    with app_client(tmp_path / "t.db", default_reaction_seconds=30.0) as c:
        yield c


def test_games_list_their_levels(client):
    games = client.get("/api/games").json()
    for g in games:
        levels = [lv["level"] for lv in g["levels"]]
        assert levels == ["easy", "medium", "hard", "expert"], g["name"]
        assert all(lv["spec"] and lv["note"] for lv in g["levels"])
        assert g["bots"][:4] == levels
    expert = next(lv for lv in games[0]["levels"] if lv["level"] == "expert")
    assert "several seconds" in expert["note"]


def test_a_level_takes_a_seat_but_a_spec_with_settings_from_the_network_does_not(client):
    ok = client.post(
        "/api/tables",
        json={"game": "contest", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]},
    )
    assert ok.status_code == 201, ok.text
    refused = client.post(
        "/api/tables",
        json={
            "game": "contest",
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "ismcts(iterations=99999999)"}],
        },
    )
    assert refused.status_code == 400
