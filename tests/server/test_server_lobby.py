"""The lobby fits a desktop window and a phone: no sideways scrolling, every control inside.

Seats are offered by level name with medium by default, and a table made from
the lobby calls the creator by the name they typed, shown as text.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from ct_server_helpers import (
    CHROMIUM_ARGS,
    ServerProcess,
    app_client,
    chromium_path,
    create_table,
    hello,
    receive_until,
)
from playwright.sync_api import Browser, Page, expect, sync_playwright

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
CONTROLS = "input, select, button, textarea, a[href], summary"
LEVELS = ["easy", "medium", "hard", "expert"]


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    with tempfile.TemporaryDirectory() as tmp:
        proc = ServerProcess(f"sqlite:///{Path(tmp) / 'lobby.db'}")
        proc.start()
        yield proc
        proc.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield b
        b.close()


def outside(page: Page) -> list[str]:
    """Visible controls whose box leaves the window sideways, and any sideways scroll."""
    found: list[str] = page.evaluate(
        """(sel) => {
          const w = document.documentElement.clientWidth, out = [];
          for (const e of document.querySelectorAll(sel)) {
            const r = e.getBoundingClientRect();
            if (!r.width || !r.height || getComputedStyle(e).visibility === "hidden") continue;
            if (r.left < 0 || r.right > w + 0.5)
              out.push(`${e.outerHTML.slice(0, 60)}: ${r.left | 0}..${r.right | 0} of ${w}`);
          }
          const wide = document.documentElement.scrollWidth - window.innerWidth;
          if (wide > 1) out.push(`the page scrolls sideways by ${wide} px`);
          return out;
        }""",
        CONTROLS,
    )
    return found


@pytest.mark.parametrize("size", list(SIZES))
def test_every_lobby_control_is_inside_the_window(server, browser, size):
    page = browser.new_page(viewport=SIZES[size])
    page.goto(server.base + "/")
    page.wait_for_selector("form[data-game] select[data-seat]")
    # everything folded away is opened, so hidden controls are measured too
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    found = [f"lobby: {f}" for f in outside(page)]

    # a setting says what it does in the page, tied to its control (no tooltip a phone
    # cannot show)
    games = httpx.get(server.base + "/api/games").json()
    ctj = next(g for g in games if g["name"] == "chai-tea-jazz")
    settings = page.locator("form[data-game=chai-tea-jazz] .setting")
    assert settings.count() == len(ctj["settings"]) > 0
    for i, s in enumerate(ctj["settings"]):
        control = settings.nth(i).locator(f"[data-setting={s['name']}]")
        help_id = control.get_attribute("aria-describedby")
        shown = page.locator(f"[id='{help_id}']")
        assert shown.is_visible() and shown.inner_text() == s["help"]

    form = page.locator("form[data-game=contest]")
    seat = form.locator("select[data-seat='1']")
    assert seat.input_value() == "bot:medium"
    offered = seat.locator("option").all_text_contents()
    assert [o.removeprefix("bot, ") for o in offered[1:]] == LEVELS
    assert all("OpenSkill" not in o and "heuristic" not in o for o in offered)
    assert form.locator("select[name=pace] option").all_text_contents()[0].startswith("natural")

    form.locator("input[name=my_name]").fill("  <b>Ada</b>  ")
    form.locator("select[name=pace]").select_option("fast")
    form.get_by_role("button", name="Create table").click()
    page.wait_for_selector("#created:not([hidden]) .invite")
    found += [f"created: {f}" for f in outside(page)]
    # the name is trimmed and shown as text, never as markup
    label = page.locator("#invites .invite label").first.inner_text()
    assert label.startswith("<b>Ada</b> (seat 1)")
    assert page.locator("#invites b").count() == 0
    page.screenshot(path=f"/tmp/lobbyshots/lobby-{size}.png", full_page=True)
    page.close()

    table = httpx.get(server.base + "/api/tables").json()[0]
    assert table["options"]["bot_delay"] == 0  # fast
    assert found == [], found


def test_bots_pace_defaults_to_a_moment_with_a_person_and_none_without(server):
    def pace(seats: list[dict[str, str]]) -> float:
        body = {"game": "contest", "seats": seats}
        r = httpx.post(server.base + "/api/tables", json=body)
        assert r.status_code == 201, r.text
        return float(r.json()["table"]["options"]["bot_delay"])

    assert pace([{"kind": "human"}, {"kind": "bot", "bot": "medium"}]) == 1.0
    assert pace([{"kind": "bot", "bot": "medium"}] * 2) == 0.0
    r = httpx.post(server.base + "/api/tables", json={"game": "contest", "bot_delay": 11})
    assert r.status_code == 422


def test_the_clock_to_answer_is_long_where_a_window_closes_once_all_answered(server):
    # two newcomers lost Contest's 4 s reveal-call window while reading it; there the
    # window closes as soon as both have answered, so a long clock costs nothing
    games = {g["name"]: g for g in httpx.get(server.base + "/api/games").json()}
    assert games["contest"]["answer_seconds"] == 20.0
    assert games["chez"]["answer_seconds"] == games["chez-geek"]["answer_seconds"] == 6.0

    def clock(game: str) -> float:
        r = httpx.post(server.base + "/api/tables", json={"game": game})
        assert r.status_code == 201, r.text
        return float(r.json()["table"]["options"]["reaction_seconds"])

    assert clock("contest") == 20.0
    assert clock("chez") == 6.0


def test_a_person_names_their_seat_from_their_link_and_every_page_is_told(tmp_path):
    with app_client(tmp_path / "names.db") as client:
        t = create_table(client, "contest", seats=[{"kind": "human"}, {"kind": "human"}])
        tid, (mine, theirs) = t["table"]["id"], [i["token"] for i in t["invites"]]
        assert [s["name"] for s in t["table"]["seats"]] == ["Player 1", "Player 2"]
        url = f"/api/tables/{tid}/name"
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, mine)
            r = client.put(url, json={"name": "  Bo  Li "}, headers={"X-Seat-Token": theirs})
            assert r.status_code == 200, r.text
            told = receive_until(ws, "names")
            assert told["names"] == ["Player 1", "Bo Li"]
            assert [s["name"] for s in told["table"]["seats"]] == ["Player 1", "Bo Li"]
        # stored with the table: a fresh read says it too
        assert client.get(f"/api/tables/{tid}").json()["seats"][1]["name"] == "Bo Li"
        refused = [
            client.put(url, json={"name": "x" * 25}, headers={"X-Seat-Token": theirs}),
            client.put(url, json={"name": "   "}, headers={"X-Seat-Token": theirs}),
            client.put(url, json={"name": "a\u0007"}, headers={"X-Seat-Token": theirs}),
            client.put(url, json={"name": "Eve"}, headers={"X-Seat-Token": "not-a-token"}),
            client.put(url, json={"name": "Eve"}),
        ]
        assert [r.status_code for r in refused] == [422, 422, 400, 403, 403]
        assert client.get(f"/api/tables/{tid}").json()["seats"][1]["name"] == "Bo Li"
        # a bot seat left to the default is a level, and called by a friendly name with it
        t = create_table(client, "contest")
        assert t["table"]["seats"][1]["name"] == "Bo (bot, medium)"


def test_a_board_phrase_has_a_labelled_question_mark_for_tap_and_keyboard(server, browser):
    body = {"game": "contest", "bot_delay": 0, "seats": [{"kind": "human", "name": "Ada"}, {}]}
    created = httpx.post(server.base + "/api/tables", json=body).json()
    page = browser.new_page(viewport=SIZES["phone"], has_touch=True)
    page.goto(created["invites"][0]["url"])
    note = page.get_by_role("button", name="Declare your card as: what is this?")
    note.tap()
    assert "The King is never declared" in page.locator(".term-pop").inner_text()
    page.keyboard.press("Escape")
    assert page.locator(".term-pop").count() == 0
    note.focus()
    page.keyboard.press("Enter")
    assert "Queen 9" in page.locator(".term-pop").inner_text()
    # the seat box says who you are by the name you gave, and no prompt asks again
    assert page.locator("#board .seat-box.me b").first.inner_text() == "You (Ada)"
    assert page.locator("#name-form").count() == 0
    page.close()


def test_not_now_to_the_name_prompt_holds_after_a_reload_and_in_a_new_tab(server, browser):
    body = {"game": "contest", "bot_delay": 0, "seats": [{"kind": "human"}, {}]}
    created = httpx.post(server.base + "/api/tables", json=body).json()
    url = created["invites"][0]["url"]
    context = browser.new_context(viewport=SIZES["phone"])  # one browser: its tabs share storage
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#name-form")
    page.get_by_role("button", name="Not now").click()
    assert page.locator("#name-form").count() == 0
    page.reload()
    page.wait_for_selector("#board .board")
    assert page.locator("#name-form").count() == 0
    again = context.new_page()  # the invite link opened again in a new tab
    again.goto(url)
    again.wait_for_selector("#board .board")
    assert again.locator("#name-form").count() == 0
    # the seat can still be named: "Change name" asks
    again.get_by_role("button", name="Change name").click()
    assert again.locator("#name-form").count() == 1
    context.close()


def test_an_invited_person_names_themself_and_every_page_says_it_as_text(server, browser):
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human"}]
    body = {"game": "contest", "bot_delay": 0, "seats": seats}
    created = httpx.post(server.base + "/api/tables", json=body).json()
    creator = browser.new_page(viewport=SIZES["desktop"])
    creator.goto(created["invites"][0]["url"])
    creator.wait_for_selector("#board .board")
    assert creator.locator("#name-form").count() == 0  # named in the lobby
    guest = browser.new_page(viewport=SIZES["phone"])
    guest.goto(created["invites"][1]["url"])
    guest.locator("#my-name").fill("Bo <i>Li</i>")
    guest.get_by_role("button", name="Save").click()
    guest.wait_for_selector("#name-form", state="detached")
    # the form goes at once; the line says the name when the server's update brings it
    named = "(name) => document.getElementById('whoami').innerText.startsWith(name)"
    guest.wait_for_function(named, arg="you are Bo <i>Li</i>")
    says = "(name) => document.getElementById('board').innerText.includes(name)"
    creator.wait_for_function(says, arg="Bo <i>Li</i>")
    seats_listed = creator.locator("#seats").text_content() or ""  # in the folded details
    assert seats_listed.startswith("Ada: person (you); Bo <i>Li</i>: person")
    assert creator.locator("#board i, #seats i, #log i").count() == 0
    assert guest.locator("#board .seat-box.me b").first.inner_text() == "You (Bo <i>Li</i>)"
    creator.close()
    guest.close()


def test_copying_a_friends_link_says_it_was_copied(server, browser):
    # "copy" gave no sign that anything happened
    page = browser.new_page(viewport=SIZES["phone"])
    page.goto(server.base + "/")
    form = page.locator("form[data-game=contest]")
    form.locator("select[data-seat='1']").select_option("human")
    form.get_by_role("button", name="Create table").click()
    page.wait_for_selector("#created:not([hidden]) .invite")
    button = page.locator("#invites .invite").nth(1).get_by_role("button")
    assert button.inner_text() == "copy the link"
    button.click()
    # copied, or (where the page may not write the clipboard) the link selected to copy
    expect(button).to_have_text(re.compile(r"^(copied ✓|selected: copy it)$"))
    if button.inner_text().startswith("selected"):
        selected = page.evaluate(
            "() => String(window.getSelection()) || document.activeElement.value"
        )
        assert "/t/" in selected, selected
    page.close()
