"""The review in the browser: a progress bar, then each decision in words on the replay page.

Checked at desktop and phone size with axe-core (no serious or critical
finding, no sideways scrolling) while the review runs and once it is shown,
at a decision with the search's choice raised on the board.
"""

from __future__ import annotations

import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from ct_server_helpers import CHROMIUM_ARGS, ServerProcess, chromium_path
from playwright.sync_api import Browser, expect, sync_playwright
from test_server_a11y import SIZES, violations

WAIT_MS = 240_000  # a whole game's review on a busy 2-core machine
MARK = re.compile(r"\b(good|inaccuracy|mistake)\b")


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    with tempfile.TemporaryDirectory() as tmp:
        proc = ServerProcess(f"sqlite:///{Path(tmp) / 'review.db'}")
        proc.start()
        yield proc
        proc.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    try:
        path = chromium_path()
    except RuntimeError as exc:
        pytest.fail(str(exc))
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()


def finished(server: ServerProcess, game: str, players: int) -> str:
    body = {
        "game": game,
        "players": players,
        "bot_delay": 0,
        "seats": [{"kind": "bot", "bot": "random"}] * players,
    }
    r = httpx.post(server.base + "/api/tables", json=body)
    assert r.status_code == 201, r.text
    table = str(r.json()["table"]["id"])
    deadline = time.monotonic() + 60
    while httpx.get(f"{server.base}/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    return table


def test_review_on_the_replay_page(server: ServerProcess, browser: Browser) -> None:
    table = finished(server, "chez", 3)
    page = browser.new_page(reduced_motion="reduce", viewport=SIZES["desktop"])
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # the finished table's page links to the review (a spectator chooses the seat there)
    page.goto(f"{server.base}/t/{table}")
    expect(page.locator("#review-link")).to_have_attribute("href", f"/replay/{table}")
    page.goto(f"{server.base}/replay/{table}#review=1")
    expect(page.locator("#review-progress")).to_be_visible(timeout=20_000)
    found = violations(page, "review running (desktop)")
    expect(page.locator("#review-result")).to_be_visible(timeout=WAIT_MS)
    review = httpx.get(f"{server.base}/api/tables/{table}/review?seat=1").json()["review"]
    decisions = review["decisions"]
    assert decisions, "seat 1 of a Chez game made decisions"
    expect(page.locator("#review-status")).to_contain_text(f"{len(decisions)} decisions reviewed")
    # who judged, in words; the search's settings only after, as an aside
    about = page.locator("#review-about").inner_text()
    assert about.startswith("Values are the ") and "the strongest bot's search" in about, about
    assert about.index("(The search: ") > about.index("inaccuracy between"), about
    # the line: one mark per decision, each shape said in its title
    assert page.locator("#review-line svg .pt").count() == len(decisions)
    # the view is the reviewed seat's, and at the position of a decision its words are shown
    expect(page.locator("#seat")).to_have_value("1")
    target = next((d for d in decisions if d["played"] != d["preferred"]), decisions[0])
    page.fill("#slider", str(target["step"] - 1))
    page.locator("#slider").dispatch_event("change")
    verdict = page.locator("#review-verdict")
    expect(verdict).to_contain_text(f"decides here (move {target['move']})")
    # the step's place names the move of the position drawn (the decision's, chance outcomes
    # since the step included), not the step's own first move
    expect(page.locator("#where")).to_contain_text(f"move {target['move']}")
    assert MARK.search(verdict.inner_text()), verdict.inner_text()
    if target["played"] != target["preferred"]:
        said = "the search preferred" if target["mark"] == "good" else "better:"
        expect(verdict).to_contain_text(said)
    # the search's choice is the one raised (playable-looking) thing on the board
    assert page.locator("#board .suggested").count() >= 1
    page.locator("#review-result details summary").click()
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(300)
        found += violations(page, f"review shown ({size})")
    # the step after: the decision made, marked in words
    page.locator("#next").click()
    expect(verdict).to_contain_text(f"(move {target['move']})")
    expect(verdict).to_contain_text(target["mark"])
    assert found == [], found
    assert errors == [], errors
