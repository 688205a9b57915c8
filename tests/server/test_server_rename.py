"""Renaming a seat: bounded per seat, and the stored names are the last ones given.

Every rename is pushed to each page open at the table, so one seat may not
rename without end; and the names must survive a restart as the table last
showed them.
"""

from __future__ import annotations

from ct_server_helpers import app_client, create_table

from cardtable.server.manager import RENAMES_PER_MINUTE


def test_a_seat_renames_a_few_times_a_minute_and_the_last_name_is_kept(tmp_path):
    database = tmp_path / "rename.db"
    with app_client(database) as client:
        created = create_table(client, seats=[{"kind": "human"}, {"kind": "human"}])
        tid = created["table"]["id"]
        mine, theirs = (inv["token"] for inv in created["invites"])
        url = f"/api/tables/{tid}/name"
        for i in range(RENAMES_PER_MINUTE):
            r = client.put(url, json={"name": f"Ada {i}"}, headers={"X-Seat-Token": mine})
            assert r.status_code == 200, r.text
        refused = client.put(url, json={"name": "Ada again"}, headers={"X-Seat-Token": mine})
        assert refused.status_code == 429
        assert refused.json()["code"] == "rate_limited"
        assert "renamed at most" in refused.json()["detail"]
        # the limit is the seat's: the other person still names themself
        r = client.put(url, json={"name": "Bo"}, headers={"X-Seat-Token": theirs})
        assert r.status_code == 200, r.text
    with app_client(database) as client:  # a restart: names as the table last showed them
        seats = client.get(f"/api/tables/{tid}").json()["seats"]
        assert [s["name"] for s in seats] == [f"Ada {RENAMES_PER_MINUTE - 1}", "Bo"]
        assert all(s["named"] for s in seats)
