"""The boards speak in words: each game played to the end by clicking in
Chromium, then the end of the game, the log and the reasons a card is dimmed
are read as a person reads them: who won and why, each seat's line, no
floats, no lists, no notation, and grammar that agrees with its numbers.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from ct_server_helpers import CHROMIUM_ARGS, ServerProcess, chromium_path
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright
from test_server_boards import (
    ARTIFACTS,
    BOARD_BUTTONS,
    create,
    wait_for_turn_or_end,
    watch,
)

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
# what the end must say, per game, beyond a winner
ENDS = {
    "contest": (
        r"Kings? (was|were) (revealed|shown|in the shown Defeated Pile)|cards are defeated"
        r"|empty Main Pile"
        r"|Main Piles ran out"
        r"|round limit"
    ),
    "chai-tea-jazz": r"game points?",
    "chez": (
        r"comes? first: (got rid of every card|was the last one left"
        r"|won The Betting Man|won with the Two Red Sixes)"
    ),
    "chez-geek": r"Slack against a goal of \d+",
}
HOW_CHEZ = (
    r"got rid of every card|was the last one left in the game"
    r"|won The Betting Man|won with the Two Red Sixes"  # an instant win, after others finished
    r"|knocked out( by a Revolution| by the Plague|: nothing left to pick up)?"
)
# notation the engines write that a person should not read
NOTATION = [
    r"\[|\]",  # lists: "rolls d6 for the play: [3]"
    r"\d\.\d{3,}",  # floats
    r"\((trump )?[CDHS]\)|\btrump [CDHS]\b",  # suits as letters
    r"\bpick [a-z-]+ |\bdebt \d",  # bids in notation
    r"\ba [AEIOU][a-z]",  # "a Activity"
    r"\b1 (points|cards|tricks)\b",
    r": place \d|, place \d",  # "emptied their hand: place 1"
    r"\bP\d+[AB]?\b",  # seats as the engine names them
]
REASON_NOTATION = r"\([CDHS]\)|\bP\d|CARD|SEAT|<|\(target|\(give|\(call|\(name|not now:"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("words") / "words.db"
    proc = ServerProcess(f"sqlite:///{db}")
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


PLAY_SECONDS = 300


def play_and_read_reasons(page: Page, rng: random.Random, reasons: set[str]) -> None:
    """Click the board until the game is over, reading every dimmed card's reason on the way."""
    # a game that stops moving fails here, saying what the page shows, instead of
    # clicking for as long as 3000 two-second timeouts take
    deadline = time.monotonic() + PLAY_SECONDS
    for _ in range(3000):
        if time.monotonic() > deadline:
            shown = page.evaluate(
                "() => [document.getElementById('move').textContent,"
                " document.getElementById('error').textContent,"
                " document.getElementById('conn').textContent,"
                " [...document.querySelectorAll('#board button:enabled')].map(b => b.textContent)]"
            )
            pytest.fail(f"the game did not end within {PLAY_SECONDS} s; the page shows {shown}")
        wait_for_turn_or_end(page)
        if page.locator("#result-box").is_visible():
            return
        reasons.update(
            page.locator("#board .hand button.card-btn.dimmed").evaluate_all(
                "bs => bs.map(b => b.getAttribute('aria-label'))"
            )
        )
        buttons = page.locator(BOARD_BUTTONS)
        n = buttons.count()
        if not n:
            continue
        confirm = page.locator("#board button.choice.confirm:enabled")
        pick_confirm = confirm.count() and rng.random() < 0.7
        target = confirm.first if pick_confirm else buttons.nth(rng.randrange(n))
        try:
            target.click(timeout=2_000)
        except Exception:  # the view moved on under the click: look again
            continue
    pytest.fail("the game did not end within 3000 clicks")


@pytest.mark.parametrize("game", list(ENDS))
def test_the_end_the_log_and_the_reasons_are_in_words(
    server: ServerProcess, browser: Browser, game: str
) -> None:
    created = create(server, game)
    url = created["invites"][0]["url"]
    page = browser.new_page(viewport=DESKTOP)
    errors, _ = watch(page, server.base)
    page.goto(url)
    page.wait_for_selector("#board .board")
    reasons: set[str] = set()
    play_and_read_reasons(page, random.Random(7), reasons)

    # the end: a headline saying who won and why, one row per seat or side
    head = page.locator("#result").inner_text()
    said = page.locator("#result-box").inner_text()
    assert head.startswith("Game over. "), head
    assert re.search(r"\b(wins?|comes? first|draw)\b", head), head
    assert re.search(ENDS[game], said), said
    for bad in NOTATION[:3]:
        assert not re.search(bad, said), (bad, said)
    assert not re.search(r" / -?\d", said), said
    rows = page.locator("#standings tbody tr")
    players: dict[str, Any] = {"contest": 2, "chai-tea-jazz": 2, "chez": 3, "chez-geek": 2}
    expect(rows).to_have_count(players[game])  # Chai Tea Jazz at four: two teams
    cells = [r.split("\t") for r in rows.all_inner_texts()]
    if game == "chez":
        assert [c[0] for c in cells] == ["1st", "2nd", "3rd"], cells
        assert all(re.fullmatch(HOW_CHEZ, c[2]) for c in cells), cells
    if game == "chai-tea-jazz":
        assert all(re.fullmatch(r"[+−]?\d+ game points?", c[1]) for c in cells), cells
    if game == "chez-geek":
        # a room's Slack can be below zero (People with negative Slack): a minus sign then
        assert all(re.fullmatch(r"−?\d+ of \d+ Slack", c[1]) for c in cells), cells
    # after the end the board tells no turn
    centre = page.locator("#board .centre").inner_text()
    assert not re.search(r"turn: \d+ actions? left|'s turn —", centre), centre

    # the log: no notation, numbers agree with their nouns
    log = "\n".join(page.locator("#log li").all_inner_texts())
    for bad in NOTATION:
        found = re.search(bad, log)
        assert not found, (bad, log[max(0, found.start() - 200) : found.end() + 100])

    # a dimmed card says why in words, as a sentence, in its label
    for label in reasons:
        assert ", cannot be played. " in label, label
        why = label.split(", cannot be played. ", 1)[1]
        assert why[0].isupper() and why.endswith("."), label
        assert not re.search(REASON_NOTATION, why), label
    if game == "chai-tea-jazz":
        assert any("The contract is still being picked." in r for r in reasons), reasons

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"words-{game}-end.png"), full_page=True)
    phone = browser.new_page(viewport=PHONE)
    phone.goto(url)
    expect(phone.locator("#result-box")).to_be_visible()
    phone.screenshot(path=str(ARTIFACTS / f"words-{game}-end-phone.png"), full_page=True)
    phone.close()
    assert not errors, errors
    page.close()


def test_a_dimmed_card_tapped_says_why_right_under_the_hand(
    server: ServerProcess, browser: Browser
) -> None:
    created = create(server, "chai-tea-jazz")
    page = browser.new_page(viewport=DESKTOP)
    page.goto(created["invites"][0]["url"])
    wait_for_turn_or_end(page)
    # while the contract is picked every card is dimmed: tap one, and read what is said
    # and where in the same turn of the page's loop (an update drawn between the tap and
    # the measure, under a loaded machine, once left nothing to measure)
    page.locator("#board .hand button.card-btn.dimmed").first.wait_for()
    got = page.evaluate(
        """() => {
            const card = document.querySelector("#board .hand button.card-btn.dimmed");
            const name = (card.getAttribute("aria-label") || "").split(",")[0];
            card.click();
            const hint = document.querySelector("#board .hand-hint");
            const hand = document.querySelector("#board .hand").getBoundingClientRect();
            const under = hint.getBoundingClientRect();
            return { name, text: hint.textContent, gap: under.top - hand.bottom };
        }"""
    )
    assert got["text"] == f"{got['name']} cannot be played. The contract is still being picked."
    # right under the hand, not far below the board
    assert 0 <= got["gap"] < 40, got
    page.close()
