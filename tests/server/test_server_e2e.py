"""Browser tests: Playwright driving Debian's Chromium against ``cardtable serve``.

They never download a browser: without /usr/bin/chromium they fail with the
command that installs it (CI installs it in .ci/run).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import httpx
import pytest
from ct_server_helpers import (
    CHROMIUM_ARGS,
    ServerProcess,
    chromium_path,
    wait_for_something_to_press,
)
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect, sync_playwright

from cardtable.engine.registry import available_games

STEP_MS = 15_000
# the drawn cards and named buttons of the board (the notation list stays in the details panel)
BOARD_BUTTONS = "#board button.card-btn.playable:enabled, #board button.choice:enabled"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("e2e") / "e2e.db"
    proc = ServerProcess(f"sqlite:///{db}")
    proc.start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def browser():
    try:
        path = chromium_path()
    except RuntimeError as exc:
        pytest.fail(str(exc))
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()


def watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


# how a click fails when the board is redrawn under it (the button left the DOM or was
# disabled before the click landed); any other failure is a real one and propagates
MOVED_ON = ("not attached", "detached", "not enabled", "Timeout")


def click_if_still_there(button: Locator) -> bool:
    """Click ``button``; False if the view moved on under the click, else raise."""
    try:
        button.click(timeout=2_000)
    except PlaywrightError as exc:
        if not any(reason in str(exc) for reason in MOVED_ON):
            raise
        return False
    return True


def act_until(page: Page, done, rng: random.Random, limit: int = 400) -> int:
    """Click one of the offered buttons until ``done()``; returns the clicks made."""
    clicks = tries = 0
    while not done() and clicks < limit:
        # a click that fails takes 2 s; failing for ever would hold the run for ever
        tries += 1
        assert tries <= limit * 5, f"{clicks} clicks made in {tries} tries"
        page.wait_for_function(
            "(sel) => !document.getElementById('result-box').hidden"
            " || document.querySelectorAll(sel).length > 0",
            arg=BOARD_BUTTONS,
            timeout=STEP_MS,
        )
        buttons = page.locator(BOARD_BUTTONS)
        n = buttons.count()
        if n and not done():
            if click_if_still_there(buttons.nth(rng.randrange(n))):
                clicks += 1
            else:
                page.keyboard.press("Escape")  # a word's note may lie over the buttons
    return clicks


def test_person_plays_contest_against_a_bot_to_the_end(server, browser):
    page = browser.new_page()
    errors = watch_errors(page)
    page.goto(server.base + "/")
    form = page.locator('form[data-game="contest"]')
    form.locator('select[name="seat1"]').select_option("bot:easy")
    form.locator('select[name="pace"]').select_option("fast")
    form.locator("button[type=submit]").click()
    expect(page.locator("#created")).to_be_visible()
    page.locator('a.open-seat[data-seat="0"]').click()
    expect(page.locator("#whoami")).to_contain_text("you are")
    rng = random.Random(1)
    result_box = page.locator("#result-box")
    clicks = act_until(page, result_box.is_visible, rng, limit=2000)
    expect(result_box).to_be_visible(timeout=STEP_MS)
    expect(page.locator("#result")).to_contain_text("Game over")
    assert clicks > 0
    assert page.locator("#log li").count() > 0
    # the finished game can be downloaded and replayed in the browser
    href = page.locator("#download").get_attribute("href")
    record = httpx.get(server.base + href).json()
    assert record["game"] == "contest" and record["result"]["terminal"]
    page.locator("#replay").click()
    expect(page.locator("#where")).to_contain_text("step 0")
    page.locator("#last").click()
    expect(page.locator("#step-title")).not_to_have_text("")
    assert not errors, errors
    page.close()


def test_two_people_join_the_same_table(server, browser):
    game = "chai-tea-jazz" if "chai-tea-jazz" in available_games() else "contest"
    a = browser.new_context().new_page()
    b = browser.new_context().new_page()
    errors = watch_errors(a) + watch_errors(b)
    a.goto(server.base + "/")
    form = a.locator(f'form[data-game="{game}"]')
    form.locator('select[name="players"]').select_option("2")
    form.locator('select[name="seat1"]').select_option("human")
    form.locator('select[name="pace"]').select_option("fast")
    form.locator("details:has(input[name=reaction_seconds]) summary").click()
    form.locator('input[name="reaction_seconds"]').fill("3")
    form.locator("button[type=submit]").click()
    expect(a.locator("#created")).to_be_visible()
    invite = a.locator('input[data-invite="1"]').input_value()
    a.locator('a.open-seat[data-seat="0"]').click()
    b.goto(invite)
    expect(a.locator("#whoami")).to_contain_text("you are")
    expect(b.locator("#whoami")).to_contain_text("you are")
    assert a.locator("#whoami").text_content() != b.locator("#whoami").text_content()
    rng = random.Random(2)
    start = int(a.locator("#move").text_content() or 0)
    clicks = 0
    for _ in range(400):
        if clicks >= 24 or a.locator("#result-box").is_visible():
            break
        for page in (a, b):
            buttons = page.locator(BOARD_BUTTONS)
            n = buttons.count()
            if n:
                clicks += click_if_still_there(buttons.nth(rng.randrange(n)))
        a.wait_for_timeout(50)
    assert clicks >= 10
    # both people see the same table: same move number, same public log
    expect(b.locator("#move")).to_have_text(a.locator("#move").text_content(), timeout=STEP_MS)
    assert int(a.locator("#move").text_content()) > start
    a_log = [t for t in a.locator("#log li:not(.mine)").all_text_contents()]
    b_log = [t for t in b.locator("#log li:not(.mine)").all_text_contents()]
    assert a_log == b_log
    # a spectator sees the same public log and no one's cards
    watcher = browser.new_context().new_page()
    errors += watch_errors(watcher)
    watcher.goto(a.url.split("#")[0])
    expect(watcher.locator("#whoami")).to_have_text("watching")
    # drawn from the public view: the seats and the centre, no hand, no buttons
    expect(watcher.locator("#board .board")).to_be_visible()
    expect(watcher.locator("#board .hand")).to_have_count(0)
    expect(watcher.locator("#board button.choice")).to_have_count(0)
    watcher.context.close()
    # each person can download what they have seen (and only that)
    with a.expect_download() as download:
        a.locator("#my-log").click()
    mine = json.loads(Path(download.value.path()).read_text())
    assert set(mine) == {"table", "seat", "move", "log", "mine"} and mine["seat"] == 0
    assert not errors, errors
    a.context.close()
    b.context.close()


@pytest.mark.parametrize("game", ["chez", "chez-geek"])
def test_a_whole_game_never_asks_a_person_only_to_pass(server, browser, game):
    """A person plays a whole game against bots and never clicks Pass in a reaction
    window: a question comes only with a real answer in it, and left alone it
    closes by itself."""
    body = {
        "game": game,
        "players": 3,
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 2,
        "reaction_seconds": 0.4,
        "bot_delay": 0,
    }
    created = httpx.post(server.base + "/api/tables", json=body).json()
    page = browser.new_page()
    errors = watch_errors(page)
    page.goto(created["invites"][0]["url"])
    expect(page.locator("#whoami")).to_contain_text("you are")
    rng = random.Random(5)
    result_box = page.locator("#result-box")
    questions = nags = clicks = 0
    for _ in range(3000):
        try:
            wait_for_something_to_press(page, BOARD_BUTTONS, STEP_MS)
        except PlaywrightError as exc:
            # say where the person was left with nothing to press
            stuck = page.evaluate(
                """() => ({
                    status: document.getElementById('status').textContent,
                    prompt: document.getElementById('prompt-text').textContent,
                    legal: [...document.querySelectorAll('#actions button')]
                        .map(b => b.dataset.action),
                    board: [...document.querySelectorAll('#board button')]
                        .map(b => `${b.className}:${b.disabled}:${b.textContent}`),
                })"""
            )
            raise AssertionError(f"nothing to press for {STEP_MS} ms: {stuck}") from exc
        if result_box.is_visible():
            break
        # the banner and the move number are read in one go: read apart, the window
        # can close between the two reads and the wait would be for a move that
        # already happened
        asked = page.evaluate(
            """() => ({
                labels: [...document.querySelectorAll('#board .banner button.choice')]
                    .map(b => b.dataset.action),
                move: document.getElementById('move').textContent,
            })"""
        )
        if asked["labels"]:
            # asked to react: there must be something besides Pass; we let it close
            questions += 1
            nags += all(a == "pass" for a in asked["labels"])
            expect(page.locator("#move")).not_to_have_text(asked["move"] or "", timeout=STEP_MS)
            continue
        # a turn (declining is a turn's choice like any other here)
        buttons = page.locator(BOARD_BUTTONS)
        n = buttons.count()
        if n:
            clicks += click_if_still_there(buttons.nth(rng.randrange(n)))
    expect(result_box).to_be_visible(timeout=STEP_MS)
    assert clicks > 0
    assert nags == 0, f"{nags} of {questions} questions offered only Pass"
    assert not errors, errors
    page.close()


def test_lobby_creates_a_table_of_every_game_with_its_default_settings(server, browser):
    page = browser.new_page()
    errors = watch_errors(page)
    page.goto(server.base + "/")
    for game in available_games():
        page.locator("#created").evaluate("e => { e.hidden = true; }")
        page.locator(f'form[data-game="{game}"] button[type=submit]').click()
        expect(page.locator("#created")).to_be_visible()
        assert page.locator("#error").text_content() == "", game
        url = page.locator('input[data-invite="0"]').input_value()
        table = url.split("/t/")[1].split("#")[0]
        assert httpx.get(f"{server.base}/api/tables/{table}").json()["game"] == game
    assert not errors, errors
    page.close()
