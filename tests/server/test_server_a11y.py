"""Accessibility in every state a person meets, at desktop and phone size.

axe-core (through axe-playwright-python) must find no serious or critical
violation on: the lobby, each game's board after a stretch of play (a long
log), a reaction window with its buttons, the end of a game, a seat opened in
a second tab, a spectator's table, a replay and a bad invite link. Every page
is also checked for sideways scrolling at phone size.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from ct_server_helpers import (
    CHROMIUM_ARGS,
    ServerProcess,
    chromium_path,
    wait_for_something_to_press,
)
from playwright.sync_api import Browser, Page, expect, sync_playwright

STEP_MS = 20_000
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
BOARD_BUTTONS = "#board button.card-btn.playable:enabled, #board button.choice:enabled"
ONE_ROW = json.dumps([{"name": "Trump", "contract": "trump", "value": 1}])
TABLES: dict[str, dict[str, Any]] = {
    "contest": {"players": 2, "settings": {"max_rounds": 30}},
    "chai-tea-jazz": {"players": 3, "settings": {"setup": ONE_ROW}},
    # the heuristic bots shed their cards: random ones make a long game longer
    "chez": {"players": 3, "settings": {}, "bot": "heuristic"},
    "chez-geek": {"players": 3, "settings": {"turn_limit": 4}},
}


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        proc = ServerProcess(f"sqlite:///{Path(tmp) / 'a11y.db'}")
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


def violations(page: Page, where: str) -> list[str]:
    """Serious or critical axe findings, and sideways scrolling, named by state."""
    results = Axe().run(page)
    found = [
        f"{where}: {v['id']}: {v['help']} ({len(v['nodes'])} nodes: {v['nodes'][0]['target']})"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    if wide > 1:
        found.append(f"{where}: the page scrolls sideways by {wide} px")
    return found


def create(server: ServerProcess, game: str, **options: Any) -> dict[str, Any]:
    t = TABLES[game]
    body = {
        "game": game,
        "players": t["players"],
        "settings": t["settings"],
        "seats": [{"kind": "human"}]
        + [{"kind": "bot", "bot": t.get("bot", "random")}] * (t["players"] - 1),
        "turn_seconds": 0,
        "bot_delay": 0,
        **options,
    }
    res = httpx.post(server.base + "/api/tables", json=body)
    assert res.status_code == 201, res.text
    return res.json()


# a game played by random clicks ends in a minute or two; the bound makes a game that
# does not end a failure that says so (a click that fails takes 2 s: 20 tries per click
# could otherwise run for hours)
PLAY_SECONDS = 420


def click_some(page: Page, rng: random.Random, clicks: int) -> None:
    """Play ``clicks`` moves by clicking the board (or stop at the end of the game).

    A confirm button (a combination's "Play these") is pressed first when there is
    one, so that a selection made by a random click ends in a move rather than in
    more selecting: random clicks alone could select and unselect for a long time.
    """
    done = 0
    deadline = time.monotonic() + PLAY_SECONDS
    for _ in range(clicks * 20):
        if done >= clicks or page.locator("#result-box").is_visible():
            return
        if time.monotonic() > deadline:
            pytest.fail(f"{done} clicks in {PLAY_SECONDS} s and the game is not over")
        wait_for_something_to_press(page, BOARD_BUTTONS, STEP_MS)
        if page.locator("#result-box").is_visible():
            return
        buttons = page.locator(BOARD_BUTTONS)
        n = buttons.count()
        if not n:
            continue
        confirm = page.locator("#board button.choice.confirm:enabled")
        target = confirm.first if confirm.count() else buttons.nth(rng.randrange(n))
        try:
            target.click(timeout=2_000)
            done += 1
        except Exception:  # the view moved on under the click: look again
            # and close a word's note that may lie over the buttons
            page.keyboard.press("Escape")
            continue


def reaction_window(page: Page, rng: random.Random) -> bool:
    """Click at random until a reaction window asks the person (False: the game ended first)."""
    deadline = time.monotonic() + PLAY_SECONDS
    for _ in range(200):
        if time.monotonic() > deadline:
            return False
        page.wait_for_function(
            "(sel) => !document.getElementById('result-box').hidden"
            " || document.querySelectorAll(sel).length > 0",
            arg=BOARD_BUTTONS,
            timeout=STEP_MS,
        )
        if page.locator("#board .banner button.choice").count():
            return True
        if page.locator("#result-box").is_visible():
            return False
        buttons = page.locator(BOARD_BUTTONS)
        n = buttons.count()
        if n:  # the view may move on between the wait and the count
            try:
                buttons.nth(rng.randrange(n)).click(timeout=2_000)
            except Exception:  # redrawn under the click: look again
                continue
    return False


def both_sizes(browser: Browser, url: str, ready: str, where: str) -> list[str]:
    found = []
    for size, viewport in SIZES.items():
        page = browser.new_page(reduced_motion="reduce", viewport=viewport)
        page.goto(url)
        page.wait_for_selector(ready, timeout=STEP_MS)
        found += violations(page, f"{where} ({size})")
        page.close()
    return found


def test_lobby_spectator_replay_and_bad_link(server, browser):
    found = both_sizes(browser, server.base + "/", "form[data-game]", "lobby")
    created = create(server, "contest")
    table = created["table"]["id"]
    found += both_sizes(browser, created["spectate_url"], "#board .board", "spectator")
    bad = f"{server.base}/t/{table}#token=not-a-token"
    found += both_sizes(browser, bad, "#board .error", "bad invite link")
    page = browser.new_page(reduced_motion="reduce", viewport=SIZES["desktop"])
    page.goto(created["invites"][0]["url"])
    click_some(page, random.Random(3), 400)
    expect(page.locator("#result-box")).to_be_visible(timeout=STEP_MS)
    page.close()
    found += both_sizes(browser, f"{server.base}/replay/{table}", "#where", "replay")
    assert found == [], found


@pytest.mark.parametrize("game", list(TABLES))
def test_a_board_in_play_in_a_second_tab_and_at_the_end(server, browser, game):
    # Contest's calls wait for the person (a question stays open while it is checked);
    # elsewhere a reaction phase lasts its whole clock, so it is kept short
    desktop = browser.new_page(reduced_motion="reduce", viewport=SIZES["desktop"])
    found = []
    rng = random.Random(1)
    window = desktop.locator("#board .banner button.choice")
    checked = game != "contest"
    for _ in range(8):  # Contest: a deal can end before any call; then another table
        created = create(server, game, reaction_seconds=30 if game == "contest" else 0.5)
        url = created["invites"][0]["url"]
        desktop.goto(url)
        desktop.wait_for_selector("#board .board", timeout=STEP_MS)
        if checked:
            break
        # Contest asks the person at every call: the reaction window with its buttons. The
        # bot answers the same window at once and may close it under the check: then the
        # check only counts when the window was there before and after it
        if reaction_window(desktop, rng):
            seen = violations(desktop, "contest reaction window (desktop)")
            if window.count():
                found += seen
                checked = True
                break
    assert checked, "no Contest table showed the person a reaction window that stayed open"
    click_some(desktop, random.Random(7), 25)  # a log long enough to scroll
    found += violations(desktop, f"{game} in play (desktop)")
    # the same seat opened on a phone: it plays there; the desktop tab is told so
    phone = browser.new_page(reduced_motion="reduce", viewport=SIZES["phone"], has_touch=True)
    phone.goto(url)
    phone.wait_for_selector("#board .board", timeout=STEP_MS)
    expect(desktop.locator("#elsewhere")).to_be_visible(timeout=STEP_MS)
    found += violations(desktop, f"{game} opened elsewhere (desktop)")
    found += violations(phone, f"{game} in play (phone)")
    click_some(phone, random.Random(9), 3000)
    expect(phone.locator("#result-box")).to_be_visible(timeout=STEP_MS)
    found += violations(phone, f"{game} game over (phone)")
    desktop.locator("#play-here").click()
    expect(desktop.locator("#result-box")).to_be_visible(timeout=STEP_MS)
    found += violations(desktop, f"{game} game over (desktop)")
    desktop.close()
    phone.close()
    assert found == [], found


@pytest.mark.parametrize("game", list(TABLES))
def test_how_to_play_and_the_games_words_explained_in_place(server, browser, game):
    created = create(server, game, reaction_seconds=0.3)
    found = []
    for size, viewport in SIZES.items():
        page = browser.new_page(
            reduced_motion="reduce", viewport=viewport, has_touch=size == "phone"
        )
        page.goto(created["invites"][0]["url"])
        page.wait_for_selector("#board button.term", timeout=STEP_MS)
        term = page.locator("#board button.term").first
        word = term.inner_text()
        term.click()  # a tap opens the note
        expect(page.locator(".term-pop")).to_be_visible()
        assert len(page.locator(".term-pop").inner_text()) > 20, word
        page.keyboard.press("Escape")
        expect(page.locator(".term-pop")).to_have_count(0)
        page.locator("#how-to-play").click()
        dialog = page.locator("dialog.help-dialog")
        expect(dialog).to_be_visible()
        assert dialog.locator("section").count() >= 3
        assert word in dialog.locator(".help-terms").inner_text()
        found += violations(page, f"{game} how to play ({size})")
        dialog.locator("button[type=submit]").click()
        expect(dialog).to_have_count(0)
        page.close()
    assert found == [], found
