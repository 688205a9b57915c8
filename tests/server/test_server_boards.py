"""The game boards in Debian's Chromium: a full game of each game played only by
clicking drawn cards and named buttons, no console errors, nothing the seat may
not know in the page, accessibility (axe-core), page weight and no other host.

Screenshots at desktop and phone size are written to tests/server/artifacts/
(gitignored). Games are kept short by their settings (one scoreboard row, a
turn limit, two or three players) and the bots answer at once.
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from ct_server_helpers import CHROMIUM_ARGS, ServerProcess, chromium_path
from playwright.sync_api import Page, expect, sync_playwright

from cardtable.engine.record import replay_states

ARTIFACTS = Path(__file__).parent / "artifacts"
STEP_MS = 20_000
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 667}
BOARD_BUTTONS = "#board button.card-btn.playable:enabled, #board button.choice:enabled"
ONE_ROW = json.dumps([{"name": "Trump", "contract": "trump", "value": 1}])
TABLES: dict[str, dict[str, Any]] = {
    "contest": {"players": 2, "settings": {"max_rounds": 30}, "bot": "random"},
    "chai-tea-jazz": {"players": 4, "settings": {"setup": ONE_ROW}, "bot": "random"},
    "chez": {"players": 3, "settings": {}, "bot": "heuristic"},
    "chez-geek": {"players": 2, "settings": {"turn_limit": 3}, "bot": "random"},
}
SUITS = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
RANKS = {
    "A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "U": "Under", "O": "Ober", "1": "One",
    "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven", "8": "Eight",
    "9": "Nine", "10": "Ten", "11": "Eleven", "12": "Twelve", "13": "Thirteen",
}  # fmt: skip
# everything the page is made of: the DOM's text and every attribute value
DOM_TEXT = """() => {
  const out = [];
  const walk = (n) => {
    if (n.nodeType === 3) out.push(n.textContent);
    else if (n.nodeType === 1) {
      for (const a of n.attributes) out.push(a.value);
      n.childNodes.forEach(walk);
    }
  };
  walk(document.body);
  return out.join("\\n");
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("boards") / "boards.db"
    # every test opens tables of its own, more than one address may keep open by default
    limits = ["--max-open-tables-per-address", "500", "--tables-per-minute", "500"]
    proc = ServerProcess(f"sqlite:///{db}", extra=limits)
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


def watch(page: Page, base: str) -> tuple[list[str], list[str]]:
    """Console errors and page errors; requests to any other host."""
    errors: list[str] = []
    foreign: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on(
        "request",
        lambda r: None if r.url.startswith((base, "ws://127.0.0.1")) else foreign.append(r.url),
    )
    return errors, foreign


def serious(page: Page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes: {v['nodes'][0]['target']})"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def create(server: ServerProcess, game: str) -> dict[str, Any]:
    t = TABLES[game]
    body = {
        "game": game,
        "players": t["players"],
        "settings": t["settings"],
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": t["bot"]}] * (t["players"] - 1),
        # short reaction phases (they last their whole clock), bots at once
        "reaction_seconds": 0.3,
        "turn_seconds": 0,
        "bot_delay": 0,
    }
    res = httpx.post(server.base + "/api/tables", json=body)
    assert res.status_code == 201, res.text
    return res.json()


def seat_page(server: ServerProcess, browser: Any, game: str, viewport: dict[str, int]) -> Page:
    """A new table of ``game`` and its first seat's page, once its board is drawn."""
    created = create(server, game)
    page = browser.new_page(viewport=viewport)
    page.goto(created["invites"][0]["url"])
    page.wait_for_selector("#board .board", timeout=STEP_MS)
    return page


def card_name(code: str) -> str | None:
    if code == "JK":
        return "Joker"
    m = re.fullmatch(r"(10|11|12|13|[1-9]|[AKQJUO])([CDHS])", code)
    return f"{RANKS[m.group(1)]} of {SUITS[m.group(2)]}" if m else None


def leaks(
    game: str,
    state: Any,
    dom: str,
    catalogue: dict[str, Any] | None,
    mine: list[str],
    earlier: list[str],
) -> list[str]:
    """Card identities in the page that seat 0 cannot know at this state.

    Known: every word of its observation now and at every earlier move (a card
    it once held or saw may stay in its log), the public log, its legal actions
    and its own past moves (a card it gave away). Any other card of the game,
    by code, name or drawn card, is a leak.
    Contest is not checked here: both piles hold every piece, so no piece is
    unknown as a kind (which card is which is checked by the server leak test).
    """
    if game == "contest":
        return []
    # the nope window's rule text names the only card that can nope a Joker; it names
    # a rule, not a card anyone holds
    dom = dom.replace("Nope it with the Ace of Spades", "Nope it")
    seen = json.dumps(state.observation(0)) + "\n".join(state.public_log()) + " ".join(mine)
    seen += " ".join(earlier)
    if state.current_player() == 0:
        seen += " ".join(str(a) for a in state.legal_actions())
    known = set(re.findall(r"[A-Za-z0-9-]+", seen))
    words = set(re.findall(r"[A-Za-z0-9-]+", dom))
    found = []
    for card in set(state.cards()):
        if game == "chez-geek":
            name = catalogue["cards"].get(card, {}).get("name") if catalogue else None
            if card in known or (name and name in seen):
                continue
            # a drawn card is labelled "<name>: <kind>…" (its own attribute, so its own line:
            # "Grumpy Cat: Pet" is not the Cat); slugs travel in data-card/data-action
            as_label = rf"^{re.escape(name)}: " if name else None
            as_slug = rf"(^|[ :]){re.escape(card)}($|[ :#>])"
            if (as_label and re.search(as_label, dom, re.M)) or re.search(as_slug, dom, re.M):
                found.append(card)
        else:
            if card in known:
                continue
            name = card_name(card)
            if card in words or (name and name in dom):
                found.append(card)
    return found


def wait_for_turn_or_end(page: Page) -> None:
    page.wait_for_function(
        "(sel) => !document.getElementById('result-box').hidden"
        " || document.querySelectorAll(sel).length > 0",
        arg=BOARD_BUTTONS,
        timeout=STEP_MS,
    )


def play_to_the_end(page: Page, rng: random.Random, samples: list[tuple[int, str]]) -> int:
    """Click drawn cards and named buttons until the game is over; sample the DOM on the way."""
    clicks = 0
    # failed clicks take 2 s each: a bound in time too, so a game that cannot go on
    # fails saying so instead of holding the run
    deadline = time.monotonic() + 600
    for _ in range(3000):
        if time.monotonic() > deadline:
            break
        wait_for_turn_or_end(page)
        if page.locator("#result-box").is_visible():
            return clicks
        buttons = page.locator(BOARD_BUTTONS)
        n = buttons.count()
        if not n:
            continue
        if clicks % 5 == 0:
            # the move number and the page read in one script run, so no update lands between
            move_text, dom = page.evaluate(
                f"() => [document.getElementById('move').textContent, ({DOM_TEXT})()]"
            )
            samples.append((int(move_text or 0), dom))
        # confirm buttons (a combo, a contract) first when there are some, so selections end
        confirm = page.locator("#board button.choice.confirm:enabled")
        pick_confirm = confirm.count() and rng.random() < 0.7
        target = confirm.first if pick_confirm else buttons.nth(rng.randrange(n))
        try:
            target.click(timeout=2_000)
            clicks += 1
        except Exception:  # the view moved on under the click: look again
            # and close a word's note that may lie over the buttons
            page.keyboard.press("Escape")
            continue
    pytest.fail(f"the game did not end within 3000 tries or 600 s ({clicks} clicks)")


@pytest.mark.parametrize("game", list(TABLES))
def test_a_full_game_played_by_clicking_the_board(server, browser, game):
    created = create(server, game)
    table = created["table"]["id"]
    url = created["invites"][0]["url"]
    page = browser.new_page(viewport=DESKTOP)
    errors, foreign = watch(page, server.base)
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("#board .hand, #board button.choice", timeout=STEP_MS)
    ready = time.perf_counter() - started
    print(f"{game}: invite link to a drawn, clickable hand in {ready * 1000:.0f} ms")

    # the board is drawn from the observation: seats around the table, the centre, the hand
    expect(page.locator("#board .board")).to_be_visible()
    assert page.locator("#board .seat-box").count() == TABLES[game]["players"]
    assert page.locator("#obs-details").get_attribute("open") is None  # details folded away
    for label in page.locator("#board .hand button.card-btn").evaluate_all(
        "bs => bs.map(b => b.getAttribute('aria-label'))"
    ):
        assert label and not re.fullmatch(r"[0-9A-Z]+[CDHS]?", label), label
    assert serious(page) == [], game
    shot(page, f"{game}-desktop")

    # the same seat at phone size: touch targets of at least 44 px
    phone = browser.new_page(viewport=PHONE, has_touch=True)
    phone_errors, phone_foreign = watch(phone, server.base)
    phone.goto(url)
    phone.wait_for_selector("#board .board", timeout=STEP_MS)
    wait_for_turn_or_end(phone)
    for box in phone.locator("#board .hand button.card-btn, #board button.choice").evaluate_all(
        "bs => bs.map(b => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])"
    ):
        assert box[0] >= 44 and box[1] >= 44, box
    shot(phone, f"{game}-phone")
    phone.close()
    # the phone took the seat (the newest tab plays): take it back on the desktop
    expect(page.locator("#elsewhere")).to_be_visible()
    page.locator("#play-here").click()
    expect(page.locator("#elsewhere")).to_be_hidden()

    samples: list[tuple[int, str]] = []
    clicks = play_to_the_end(page, random.Random(11), samples)
    expect(page.locator("#result-box")).to_be_visible()
    expect(page.locator("#standings table")).to_be_visible()
    # the end in words: a sentence about who won, no raw numbers or lists
    said = page.locator("#result-box").inner_text()
    assert re.search(r"\b(wins?|comes? first|draw)\b", said), said
    assert not re.search(r"\d\.\d{3,}|\[|\]| / -?\d", said), said
    log = " ".join(page.locator("#log li").all_inner_texts())
    assert not re.search(r"\bP\d+[AB]?\b", log), log[-500:]  # seats by the table's names
    shot(page, f"{game}-desktop-end")
    assert clicks > 0
    # the notation list was never used: every move came from the board
    assert page.locator("#obs-details").get_attribute("open") is None

    # nothing of another seat's hidden cards was ever in the page
    record = httpx.get(f"{server.base}/api/tables/{table}/record").json()
    states = replay_states(record)
    catalogue = httpx.get(f"{server.base}/api/tables/{table}/replay").json()["catalogue"]
    hidden_checked = 0
    for move, dom in samples:
        state = states[move]
        actions = record["actions"][:move]
        mine = [a for i, a in enumerate(actions) if states[i].current_player() == 0]
        earlier = [json.dumps(states[i].observation(0)) for i in range(move)]
        found = leaks(game, state, dom, catalogue, mine, earlier)
        # on a failure, what the page said around each card and the record to replay it
        where = {c: dom[max(0, dom.find(c) - 200) : dom.find(c) + 200] for c in found}
        assert found == [], (game, move, where, record.get("seed"), record["actions"][:move])
        hidden_checked += len(set(state.cards()))
    assert samples and (hidden_checked > 0 or game == "contest")
    assert not errors + phone_errors, errors + phone_errors
    assert not foreign + phone_foreign, foreign + phone_foreign
    page.close()


def test_lobby_replay_and_spectator_pages(server, browser):
    page = browser.new_page(viewport=DESKTOP)
    errors, foreign = watch(page, server.base)
    page.goto(server.base + "/")
    expect(page.locator('form[data-game="contest"]')).to_be_visible()
    assert serious(page) == []

    # a finished game: the replay draws the same board, with step controls
    created = create(server, "contest")
    table = created["table"]["id"]
    play = browser.new_page(viewport=DESKTOP)
    play.goto(created["invites"][0]["url"])
    play_to_the_end(play, random.Random(5), [])
    play.close()
    page.goto(f"{server.base}/replay/{table}")
    expect(page.locator("#where")).to_contain_text("step 0")
    page.locator("#next").click()
    page.locator("#next").click()
    expect(page.locator("#board .board")).to_be_visible()
    assert page.locator("#board .seat-box").count() == 2
    assert serious(page) == []
    shot(page, "contest-replay")

    # a spectator's board is drawn from the public view: no hand, no buttons
    live = create(server, "chai-tea-jazz")
    page.goto(live["spectate_url"])
    expect(page.locator("#whoami")).to_have_text("watching")
    expect(page.locator("#board .board")).to_be_visible()
    expect(page.locator("#board .hand")).to_have_count(0)
    assert serious(page) == []
    shot(page, "chai-tea-jazz-spectator")
    assert not errors, errors
    assert not foreign, foreign
    page.close()


def test_table_page_weighs_under_200_kb_from_one_host(server, browser):
    created = create(server, "chez")
    page = browser.new_page(viewport=DESKTOP)
    sizes: dict[str, int] = {}
    hosts: set[str] = set()

    def on_response(response: Any) -> None:
        hosts.add(response.url.split("/")[2])
        if response.url.endswith((".js", ".css")):
            sizes[response.url] = len(response.body())

    page.on("response", on_response)
    page.goto(created["invites"][0]["url"])
    page.wait_for_selector("#board .board", timeout=STEP_MS)
    total = sum(sizes.values())
    print(f"table page: {len(sizes)} JS/CSS files, {total / 1024:.1f} KB uncompressed")
    assert any(u.endswith("/static/boards/chez.js") for u in sizes)
    assert total < 200 * 1024
    assert hosts == {server.base.split("/")[2]}
    page.close()


def test_keyboard_plays_and_dimmed_cards_say_why(server, browser):
    created = create(server, "chai-tea-jazz")
    page = browser.new_page(viewport=DESKTOP)
    errors, _ = watch(page, server.base)
    page.goto(created["invites"][0]["url"])
    # picking: every card is dimmed and says why when tapped
    wait_for_turn_or_end(page)
    dimmed = page.locator("#board .hand button.card-btn.dimmed").first
    expect(dimmed).to_have_attribute("aria-disabled", "true")
    assert "cannot be played" in (dimmed.get_attribute("aria-label") or "")
    dimmed.dispatch_event("click")  # aria-disabled: Playwright would refuse a plain click
    # the reason is said right under the hand, in words
    expect(page.locator("#board .hand-hint")).not_to_have_text("")
    assert not re.search(r"\([CDHS]\)", page.locator("#board .hand-hint").inner_text())
    # the digit keys choose: "1" takes the first choice (no card is playable while picking)
    before = page.locator("#move").text_content()
    page.keyboard.press("1")
    expect(page.locator("#move")).not_to_have_text(before or "", timeout=STEP_MS)
    assert not errors, errors
    page.close()


def test_one_card_with_many_answers_is_one_button_that_opens_them(server, browser):
    # a Chez Geek window where a Bouncer could go four ways: one button, then its four
    # ways and Back; Pass and a card with one way stay buttons of their own
    page = seat_page(server, browser, "chez-geek", PHONE)
    labels = page.evaluate(
        """() => {
            const legal = ["pass", "play bouncer 1:couch-surfer>0", "play bouncer 1:couch-surfer>2",
                "play bouncer 2:party-animal>0", "play bouncer 2:party-animal>1", "play cockblock"];
            const ctx = { legal, ui: {}, move: 7, obs: {}, seat: 0,
                names: ["Ada", "Bo", "Cy", "Di"], play: () => {}, rerender: () => {} };
            const board = CT.boards["chez-geek"];
            const text = (list) => list.map((b) => `${b.dataset.action || "-"}|${b.textContent}`);
            const closed = answerButtons(ctx, board, CT.kit);
            closed.find((b) => b.classList.contains("group")).click();
            const opened = answerButtons(ctx, board, CT.kit);
            opened[opened.length - 1].click();
            const back = answerButtons(ctx, board, CT.kit);
            return { closed: text(closed), opened: text(opened), back: text(back) };
        }"""
    )
    assert labels["closed"] == [
        "pass|Pass",
        "-|Play bouncer… (4 ways)",
        "play cockblock|Play cockblock",
    ], labels
    assert [x.split("|")[0] for x in labels["opened"]] == [
        "play bouncer 1:couch-surfer>0",
        "play bouncer 1:couch-surfer>2",
        "play bouncer 2:party-animal>0",
        "play bouncer 2:party-animal>1",
        "-",
    ], labels
    assert labels["back"] == labels["closed"]
    page.close()


def test_the_secrecy_check_tells_a_card_from_another_whose_name_ends_with_it():
    # seat 0 holds Grumpy Cat and no Cat is in sight: the label "Grumpy Cat: Pet · …"
    # on its own card must not count as the Cat, while a Cat's label still does
    from cardtable import load_game

    game = load_game("chez-geek", players=2, turn_limit=3)
    state = game.new_initial_state(seed=9)
    state.resolve_chance()
    seen = json.dumps(state.observation(0))
    assert "grumpy-cat" in seen and '"cat"' not in seen
    catalogue = {"cards": {"cat": {"name": "Cat"}, "grumpy-cat": {"name": "Grumpy Cat"}}}
    own = "hand\nGrumpy Cat: Pet · Slack 1\nDisapproves, and stays."
    assert leaks("chez-geek", state, own, catalogue, [], []) == []
    other = own + "\nCat: Pet · Slack 2"
    assert leaks("chez-geek", state, other, catalogue, [], []) == ["cat"]


def test_a_contest_player_sees_the_card_they_declare_and_the_opponent_does_not(server, browser):
    # the rulebook has each player pick up their top card before declaring it: the
    # board shows it face up to its owner only, named in words
    page = seat_page(server, browser, "contest", DESKTOP)
    page.wait_for_selector("#board button[data-action=Q]", timeout=STEP_MS)
    mine = page.locator("#board .seat-box.me .declared")
    label = mine.locator(".pile-label").inner_text()
    pieces = "King|Queen|Rook|Knight|Bishop|Pawn"
    found = re.fullmatch(rf"your card: ({pieces}), not declared yet", label)
    assert found, label
    shown = mine.locator(".card-slot").inner_text()
    assert found.group(1).upper() in shown.upper(), shown  # the face, not a card back
    # the same as the seat's own observation, which the details panel keeps
    raw = page.locator("#observation").text_content() or ""
    letter = {"King": "K", "Queen": "Q", "Rook": "R", "Knight": "N", "Bishop": "B", "Pawn": "P"}
    assert re.search(rf"youcard{letter[found.group(1)]}card shown", raw), raw[:400]
    theirs = page.locator("#board .seat-box:not(.me) .declared .pile-label").inner_text()
    assert theirs == "not declared yet", theirs
    # an opponent's card face up says why: shown by a consequence, or seen before; and
    # showing a Defeated Pile that holds your King says that it loses
    said = page.evaluate(
        """() => {
            const b = CT.boards.contest;
            return {
                shown: b.cardWords({ card: "N", card_shown: true, mine: false }),
                seen: b.cardWords({ card: "P", card_shown: false, mine: false }),
                mine: b.cardWords({ card: "R", card_shown: false, mine: true }),
                none: b.cardWords({ card: null, mine: false }),
                risky: b.describe("pile", { obs: { you: { defeated: ["P", "K"] } } }),
                safe: b.describe("pile", { obs: { you: { defeated: ["P"] } } }),
            };
        }"""
    )
    assert said == {
        "shown": "shown: Knight",
        "seen": "a card you saw before: Pawn",
        "mine": "your card: Rook",
        "none": "",
        "risky": "Show my Defeated Pile (your King is in it: you lose)",
        "safe": "Show my Defeated Pile",
    }, said
    page.close()


def test_chez_says_whom_a_play_is_aimed_at_and_what_a_king_asks_back(server, browser):
    # an Ace window names the play's target; choosing a target and giving a card back
    # after a King say what they are, so no decision is a bare row of buttons
    page = seat_page(server, browser, "chez", PHONE)
    said = page.evaluate(
        """() => {
            const board = CT.boards.chez;
            const ctx = (prompt) => ({ seat: 0, names: ["Ada", "Bo", "Cy"], canAct: true,
                reaction: prompt.step === "window", obs: { prompt } });
            const text = (n) => (n ? n.textContent : null);
            const win = (play, on, target, nopes) => board.windowText(ctx({ step: "window",
                by: 1, play, on, target, nopes, aces_of_spades_only: false }));
            const note = (prompt) => text(board.stepNote(ctx(prompt), { prompt }));
            const told = (start) => board.logWords(`${start} nope in the chain).`);
            const queen = (nopes) => win("Queen", ["QH"], null, nopes);
            return {
                atMe: win("King", ["KD"], 0, 0),
                atCy: win("Revolution", ["2H", "3D", "4D", "5S"], 2, 1),
                untargeted: win("Jack", ["JC"], null, 0),
                // who noped, from the public log's line for that count
                nopedByBo: (told("P1 nopes with Ace of Hearts (the 1st"), queen(1)),
                nopedBack: (told("P0 nopes with Ace of Clubs (the 2nd"), queen(2)),
                // a log line for another count is not this window's
                stale: queen(3),
                target: note({ step: "target", seat: 0, play: "Revolution" }),
                give: note({ step: "give", seat: 0, to: 2, left: 1 }),
                theirs: note({ step: "give", seat: 1, to: 0, left: 1 }),
            };
        }"""
    )
    assert "aimed at you" in said["atMe"], said
    assert re.search(
        r"Revolution \(.*\), aimed at Cy, noped once: as it stands it is cancelled\. Nope it with "
        r"an Ace \(it goes ahead again\), or pass\.",
        said["atCy"],
    ), said
    by_bo = "noped by Bo with the Ace of Hearts: as it stands it is cancelled."
    assert by_bo in said["nopedByBo"], said
    assert "noped 2 times, last by you: as it stands it goes ahead." in said["nopedBack"], said
    assert "(it is cancelled), or pass" in said["nopedBack"], said
    assert "noped 3 times: as it stands it is cancelled" in said["stale"], said
    assert "aimed at" not in said["untargeted"], said
    aimed = "Choose the player your Revolution is aimed at: they show"
    assert said["target"].startswith(aimed), said
    assert said["give"].startswith("Give Cy a card back"), said
    assert said["theirs"] is None, said  # another seat's step asks nothing of this one
    page.close()


def test_a_nope_of_your_own_standing_play_is_not_the_main_button(server, browser):
    # a newcomer noped their own King: the window made "Nope" the main button whoever
    # played; on your own play that stands, passing is what you want, so it comes first
    page = seat_page(server, browser, "chez", PHONE)
    got = page.evaluate(
        """() => {
            const board = CT.boards.chez;
            const answers = (by, nopes) => {
                const ctx = { seat: 0, names: ["Ada", "Bo", "Cy"], canAct: true, reaction: true,
                    legal: ["nope AC", "pass"], ui: {}, move: 7, play: () => {},
                    obs: { prompt: { step: "window", by, play: "King", on: ["KD"], target: 1,
                        nopes, aces_of_spades_only: false } } };
                const buttons = answerButtons(ctx, board, CT.kit);
                return { text: board.windowText(ctx),
                    order: buttons.map((b) => b.dataset.action),
                    quiet: buttons.filter((b) => b.classList.contains("secondary"))
                        .map((b) => b.dataset.action) };
            };
            const pick = (legal) => board.describe("pick", { legal });
            return { mine: answers(0, 0), mineNoped: answers(0, 1), mineBack: answers(0, 2),
                theirs: answers(1, 0), risky: pick(["5D", "JK", "pick"]), safe: pick(["pick"]) };
        }"""
    )
    assert got["mine"]["order"] == ["pass", "nope AC"], got
    assert got["mine"]["quiet"] == ["nope AC"], got
    assert got["mine"]["text"] == (
        "Your King (K♦), aimed at Bo: it goes ahead unless someone nopes it. Pass to let it"
        " stand (a nope with an Ace would cancel your own play)."
    ), got
    # noped once, your play is cancelled: the nope back is what you want
    assert got["mineNoped"]["order"] == ["nope AC", "pass"], got
    assert got["mineNoped"]["quiet"] == ["pass"], got
    assert "Nope it with an Ace (it goes ahead again), or pass." in got["mineNoped"]["text"]
    assert got["mineBack"]["quiet"] == ["nope AC"], got
    assert got["mineBack"]["text"].endswith(
        "as it stands it goes ahead. Pass to let it stand"
        " (a nope with an Ace would cancel your own play)."
    )
    # another's play: the nope is the main answer, as before
    assert got["theirs"]["order"] == ["nope AC", "pass"], got
    assert got["theirs"]["quiet"] == ["pass"], got
    # picking up beside a playable card rolls for the Plague: the button says so
    assert got["risky"] == "Pick up a card (you could play one: you risk the Plague)", got
    assert got["safe"] == "Pick up a card", got
    page.close()


def test_chez_says_whom_a_joker_stack_lands_on_and_what_it_costs(server, browser):
    # "Joker stack: 2" said neither who faces it nor what accepting it rolls
    page = seat_page(server, browser, "chez", PHONE)
    said = page.evaluate(
        """() => {
            const board = CT.boards.chez;
            const ctx = (legal, canAct = true) => ({ seat: 0, names: ["Ada", "Bo", "Cy"], canAct,
                reaction: false, legal });
            const words = (n, turn) =>
                board.jokerWords(ctx([], turn === 0), { joker_stack: n, turn });
            const note = (n, legal) => board.stepNote(ctx(legal),
                { prompt: { step: "joker", seat: 0, stack: n } }).textContent;
            return {
                onBo: words(1, 1), onMe: words(2, 0), four: words(4, 2), five: words(5, 2),
                onMeWatching: board.jokerWords(ctx([], false), { joker_stack: 2, turn: 0 }),
                canStack: note(3, ["accept", "JK"]), cannot: note(1, ["accept"]),
            };
        }"""
    )
    assert said["onBo"] == (
        "A stack of 1 Joker on Bo: accepting it picks up as many cards as 1d10 rolls."
    ), said
    # on your own decision the cost is in the step note with your choices, said once
    assert said["onMe"] == "A stack of 2 Jokers on you.", said
    assert "1d12 rolls" in said["onMeWatching"], said
    # the Dice Law past the d20: a d20 plus the usual die, then that one steps up
    assert "1d20 + 1d10 rolls" in said["four"] and "1d20 + 1d12 rolls" in said["five"], said
    assert said["canStack"].startswith("Accept the stack") and "1d20" in said["canStack"], said
    assert said["cannot"].startswith("You hold no Joker to stack on it"), said
    page.close()


def test_a_chez_turn_that_ends_by_itself_is_not_logged_as_your_choice(server, browser):
    # picking up a card uses the turn's action; the board then ends the turn by itself,
    # and the log says so instead of "You chose: End my turn"
    page = seat_page(server, browser, "chez", DESKTOP)
    pick = page.locator("#board button.choice:enabled", has_text="Pick up a card")
    pick.first.wait_for(timeout=STEP_MS)
    pick.first.click()
    page.wait_for_function(
        "() => document.getElementById('log').innerText.includes('Your turn ended by itself')",
        timeout=STEP_MS,
    )
    assert "You chose: End my turn" not in page.locator("#log").inner_text()
    # a reload does not bring back every turn that ended by itself, lumped together at
    # the end of the log (the page's first update holds every move since the start):
    # like "You chose" lines, these are said as they happen
    page.reload()
    page.wait_for_selector("#board .board", timeout=STEP_MS)
    page.wait_for_timeout(500)
    assert "Your turn ended by itself" not in page.locator("#log").inner_text()
    page.close()


def test_the_chez_auto_end_banner_offers_to_keep_the_turn_only_for_a_bonus_action(server, browser):
    page = seat_page(server, browser, "chez", PHONE)
    offered = page.evaluate(
        """() => {
            const banner = (legal) => {
                const ctx = { seat: 0, canAct: true, reaction: false, legal, move: 7, ui: {},
                    play: () => {}, rerender: () => {} };
                const node = CT.boards.chez.autoEnd(ctx);
                clearTimeout(ctx.ui.autoEnd.timer);  // a sketch: nothing is sent
                return [...node.querySelectorAll("button")].map((b) => b.textContent);
            };
            return { endOnly: banner(["end"]), withCastle: banner(["end", "castle"]) };
        }"""
    )
    assert offered["endOnly"] == ["Always ask me"], offered
    assert offered["withCastle"] == ["Keep my turn", "Always ask me"], offered
    page.close()


def test_the_betting_mans_twelve_bets_are_one_button_that_opens_them(server, browser):
    # twelve "bet N" buttons pushed the hand down a phone's screen; the page's own view
    # gains the bets a person holding two Jokers has (nothing is sent to the server)
    page = seat_page(server, browser, "chez", PHONE)
    pick = page.locator("#board button.choice:enabled", has_text="Pick up a card")
    pick.first.wait_for(timeout=STEP_MS)
    # both drawn from the same view in one go: a bot's move between two measures (a new
    # roll line, a window's banner) moved the hand too
    shift = page.evaluate(
        """() => {
            const handTop = () => document.querySelector("#board .hand")
                .getBoundingClientRect().top;
            // with "Combine cards" beside it whatever the deal (a combination of two cards)
            const view = my.msg.view;
            const held = view.observation.hand;
            if (!view.legal.some((a) => a.includes("+"))) view.legal.push(`${held[0]}+${held[1]}`);
            draw();
            const before = handTop();
            // once each: a deal with both Jokers in hand already offers the bets
            const bets = Array.from({ length: 12 }, (_, i) => `bet ${i + 1}`);
            view.legal = [...new Set([...view.legal, ...bets])];
            draw();
            return handTop() - before;
        }"""
    )
    board = page.locator("#board")
    assert board.locator("button[data-action^='bet ']").count() == 0
    opener = board.locator("button.choice", has_text="Betting Man: bet…")
    assert opener.count() == 1
    # the hand moves down by one row of buttons at most (twelve buttons took five rows)
    assert shift < 70, shift
    opener.click()
    picker = board.locator(".picker")
    assert "a match empties your hand" in picker.inner_text()
    numbers = picker.locator("button[data-action^='bet ']")
    assert numbers.all_inner_texts() == [str(n) for n in range(1, 13)]
    assert numbers.nth(6).get_attribute("data-action") == "bet 7"
    page.close()


def test_a_words_note_closes_when_the_board_is_redrawn_under_it(server, browser):
    # a redrawn board removes the word whose note is open, and no "mouseleave" comes
    # from a removed word: the note stayed, over whatever was drawn there next (once
    # the only button left to press)
    page = seat_page(server, browser, "chez", PHONE)
    term = page.locator("#board button.term").first
    term.wait_for(timeout=STEP_MS)
    term.hover()  # the pointer resting on the word opens its note
    expect(page.locator("#term-pop")).to_be_visible()
    # an update redraws the board, here with nothing left where the word was
    page.evaluate(
        """() => {
            const board = document.getElementById("board");
            board.replaceChildren();
            CT.help.annotate(board, my.help);
        }"""
    )
    expect(page.locator("#term-pop")).to_have_count(0)
    page.close()


def test_chez_shows_no_old_roll_once_the_game_is_over(server, browser):
    # at the end the board showed the last roll of the game ("rolled for the joker
    # pick-up: 7 d10"), long after it mattered; the result is the news there
    page = seat_page(server, browser, "chez", PHONE)
    shown = page.evaluate(
        """() => {
            const roll = { seat: 1, for: "joker pick-up", dice: [10], results: [7] };
            const o = { last_roll: roll, turn: 1 };
            const ctx = (over) => ({ seat: 0, over, move: 9, ui: {} });
            const fresh = CT.boards.chez.freshRoll;
            return { playing: fresh(ctx(false), o) === roll, over: fresh(ctx(true), o) };
        }"""
    )
    assert shown == {"playing": True, "over": None}, shown
    page.close()


def test_chez_tells_you_in_your_log_what_came_into_your_hand(server, browser):
    page = seat_page(server, browser, "chez", PHONE)
    lines = page.evaluate(
        """() => {
            const log = (prev, now, seat = 0, lines = []) => CT.boards.chez.privateLog(prev,
                now, { seat, names: ["Ada", "Bo", "Cy"], gameNames: ["P0", "P1", "P2"] }, lines);
            const turn = (seat) => ({ step: "turn", seat });
            const give = (seat, to) => ({ step: "give", seat, to, left: 1 });
            const at = (hand, prompt) => ({ hand, prompt });
            return {
                picked: log(at(["7H", "2C"], turn(0)), at(["7H", "2C", "KD", "9S"], turn(0))),
                played: log(at(["7H", "2C"], turn(0)), at(["7H"], turn(1))),
                dealt: log(at([], turn(0)), at(["7H", "2C"], turn(0))),
                tookMine: log(at(["7H", "2C"], turn(1)), at(["7H"], give(1, 0))),
                gaveBack: log(at(["7H"], give(1, 0)), at(["7H", "4S"], turn(2))),
                mineTook: log(at(["7H"], turn(0)), at(["7H", "QC"], give(0, 2))),
                spectator: log({ hand: [] }, { hand: [] }, null),
                // a King-Queen: the whole hand changed, said as an exchange, not a pick-up
                swapped: log(at(["7H", "2C", "KS", "QS"], turn(0)), at(["4D", "9C"], turn(1)), 0,
                    ["P0 plays King-Queen (KS QS).", "P2 and P0 exchange hands."]),
                theirSwap: log(at(["7H"], turn(1)), at(["7H", "JD"], turn(2)), 0,
                    ["P1 and P2 exchange hands.", "P0 picks up 1 card."]),
            };
        }"""
    )
    assert lines["picked"] == ["You picked up King of Diamonds, Nine of Spades."], lines
    assert lines["played"] == [] and lines["dealt"] == [] and lines["spectator"] == [], lines
    assert lines["tookMine"] == ["Bo's King took your Two of Clubs."], lines
    assert lines["gaveBack"] == ["Bo gave you Four of Spades."], lines
    assert lines["mineTook"] == ["Your King took Queen of Clubs from Cy."], lines
    assert lines["swapped"] == [
        "You exchanged hands with P2: you now hold Four of Diamonds, Nine of Clubs."
    ], lines
    assert lines["theirSwap"] == ["You picked up Jack of Diamonds."], lines
    page.close()


def test_chez_geek_says_what_an_announced_card_does_and_which_cards_a_guest_asks_for(
    server, browser
):
    # "announces a Whenever: Get a Life" said nothing to a newcomer with seconds to answer,
    # and a guest asking for "Food or Booze" took Karaoke with no sign that it is Booze
    page = seat_page(server, browser, "chez-geek", PHONE)
    said = page.evaluate(
        """() => {
            const board = CT.boards["chez-geek"];
            const catalogue = my.catalogue;
            const ctx = (prompt) => ({ seat: 0, names: ["Ada", "Bo"], catalogue,
                obs: { prompt } });
            const win = board.windowText(ctx({ step: "whenever-window",
                answering: { play: "Whenever", by: 1, cards: ["get-a-life"] } }));
            const asked = (slug) => board.describe(`discard ${slug}`,
                ctx({ step: "person-cost", tags: ["Food", "Booze"] }));
            const card = CT.cards.textCard("karaoke", catalogue);
            const table = [{ card: "get-a-life", on: 1, turns: 2, by: 0 }];
            const on = (seat, p) => {
                const n = board.lasting(ctx({}), { table }, { seat, ...p });
                return n && n.textContent;
            };
            const caption = (card, slack) => board.roomCard(ctx({}), { card, slack })
                .querySelector(".room-slack").textContent;
            const shop = (income, hand) => board.describe("shop", { catalogue,
                obs: { prompt: {}, income, hand } });
            const shopping = [shop(0, ["karaoke", "microwave-popcorn"]),
                shop(5, ["karaoke", "microwave-popcorn"]), shop(0, ["karaoke"])];
            const captions = [caption("karaoke", 5), caption("mooch", -3), caption("mooch", 0)];
            const weighs = { bo: on(1, { owed_free_time: 1 }), me: on(0, { owed_income: 2 }),
                none: on(0, {}) };
            return { win, karaoke: asked("karaoke"), plain: board.describe("discard karaoke",
                ctx({ step: "discard" })), label: card.getAttribute("aria-label"), weighs,
                captions, shopping };
        }"""
    )
    assert said["win"] == (
        "Bo announces a Whenever: Get a Life (Play on another player: -1 Free Time on each of"
        " their next 2 turns. Stays on the table till then). Play a Whenever, or pass."
    ), said
    assert said["karaoke"] == "Discard Karaoke (Booze)", said
    assert said["plain"] == "Discard Karaoke", said
    assert said["label"].startswith("Karaoke: Activity · Booze, Music · cost 1"), said
    # shopping is always offered; your own button says when nothing in hand is affordable
    assert said["shopping"] == [
        "Go Shopping (no Thing in your hand fits your Income)",
        "Go Shopping",
        "Go Shopping (no Thing in your hand fits your Income)",
    ], said
    # a room card's Slack beside the printed one: rolled, or changed by its stay
    assert said["captions"] == ["Slack 5 (rolled)", "Slack −3 now", "Slack 0"], said
    # a Whenever that stays on a seat for turns, and what it owes at its next roll
    assert said["weighs"] == {
        "bo": "On Bo: Get a Life (2 more turns); loses 1 Free Time next turn",
        "me": "On you: loses 2 Income next turn",
        "none": None,
    }, said
    page.close()


def test_your_own_move_is_logged_before_what_followed_it(server, browser):
    # "You chose: Done discarding" came after the next player's turn had begun in the log
    page = seat_page(server, browser, "chez-geek", PHONE)
    lines = page.evaluate(
        """() => {
            const next = JSON.parse(JSON.stringify(my.msg));
            next.move = my.lastMove + 1;
            next.log = ["P1's turn.", "P1 draws 2 cards."];
            next.mine = [{ action: "done", id: "m-test" }];
            next.view.observation.prompt = { step: "discard", seat: 0 };
            onMessage(next);
            return [...document.querySelectorAll("#log li")].slice(-3).map((li) => li.innerText);
        }"""
    )
    assert lines[0].startswith("You chose: Done"), lines
    assert lines[1].endswith("'s turn."), lines
    page.close()


def test_chai_tea_jazz_says_a_contract_once_and_whose_points_count(server, browser):
    page = seat_page(server, browser, "chai-tea-jazz", PHONE)
    said = page.evaluate(
        """() => {
            const board = CT.boards["chai-tea-jazz"];
            const ctx = { seat: 0, names: ["Ada", "Bo", "Cy"] };
            const sides = [[0], [1], [2]];
            const round = (row, contract) => board.roundSummary(ctx, { sides, teams: false,
                rounds_played: [{ round: 2, declarer: 0, row, contract, score: 40, captured: 40,
                    last_trick: 0, bet_debt: 0 }],
                finished_round: { round: 2, side_points: [40, 35, 25] } });
            const head = (row, contract) => round(row, contract).querySelector("b").textContent;
            const contract = { declarer: 1, row_name: "Trump", description: "Trump (Clubs trump)",
                bet_debt: 0 };
            const playing = { sides, contract, points: [12, 20, 0], tricks_won: [1, 2, 0],
                trick: { number: 4, of: 12, cards: [[1, "3C"]] } };
            const stats = (s) => board.seatExtra(ctx, playing, s)[0].textContent;
            const title = board.trickView(ctx, { ...playing, trick: null })[0].textContent;
            // the finished trick stays in the trick's place until the next lead: once
            const waiting = { ...playing, trick: { number: 5, of: 12, cards: [] },
                tricks: [{ leader: 0, cards: ["3C", "5C", "9C"], winner: 2 }], players: 3 };
            return { under: head("Under", "under"), slalom: head("Slalom", "slalom low"),
                trump: head("Trump", "trump D"), joker: head("Joker", "under"),
                facts: round("Under", "under").textContent, defender: stats(0),
                declarer: stats(1), nothing: stats(2), title,
                twice: board.lastTrick(ctx, waiting),
                // two sides that won no row end apart by the rows they finished last in
                result: board.resultWords(ctx, { sides, teams: false, scoreboard: {
                    game_points: [3, 0, -3], rows: [
                        { name: "Trump", game_points: [1, 0, -1] },
                        { name: "Under", game_points: [2, 0, -2] }] } },
                    { returns: [3, 0, -3] }).rows.map((r) => r.cells[2]) };
        }"""
    )
    assert said["under"] == "Round 2: You played Under", said
    assert said["slalom"] == "Round 2: You played Slalom (starting low)", said
    assert said["trump"] == "Round 2: You played Trump (Diamonds trump)", said
    assert said["joker"] == "Round 2: You played Joker (Under)", said
    assert "Points captured: You 40, Bo 35, Cy 25 (only the declarer's count)." in said["facts"]
    assert said["defender"] == "1 trick, 12 points (kept from the declarer)", said
    assert said["declarer"] == "2 tricks, 20 points (they count)", said
    assert said["nothing"] == "0 tricks, 0 points", said
    assert said["title"].startswith("Trump (Clubs trump) — Bo declared"), said
    assert said["twice"] is None, said
    assert said["result"] == ["won Trump, Under", "won no row", "won no row; last in Trump, Under"]
    page.close()


def test_a_cards_ways_to_be_played_open_in_view(server, browser):
    # on a phone, tapping Pizza Guy opened its ways to be played under a tall hand, below
    # the screen, so the tap seemed to do nothing
    page = seat_page(server, browser, "chez-geek", PHONE)
    # on the person's own decision, when no bot's move can redraw the board meanwhile
    page.wait_for_function("() => my.msg && my.msg.view.legal.length > 0", timeout=STEP_MS)
    page.evaluate(
        """() => {
            const view = my.msg.view;
            const hand = view.observation.hand;
            const slug = hand[hand.length - 1];
            view.legal = [`call ${slug} 0`, `call ${slug} 1`];
            // many cards in hand, as in a real turn: the hand is taller than the screen's rest
            view.observation.hand = [...hand, ...hand, ...hand].slice(0, 12);
            window.scrollTo(0, 0);
            draw();
        }"""
    )
    card = page.locator("#board .card-btn.playable").last
    card.dispatch_event("click")  # a tap, without Playwright scrolling the card into view
    picker = page.locator("#board .picker")
    expect(picker).to_be_visible()
    box = picker.bounding_box()
    height = page.evaluate("() => window.innerHeight")
    # brought to the screen's edge: its bottom may lie a fraction of a pixel past it
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height + 1, (
        box,
        height,
    )
    page.close()


def test_the_result_offers_to_join_a_rematch_another_person_started(server, browser):
    page = seat_page(server, browser, "contest", PHONE)
    said = page.evaluate(
        """() => {
            onMessage({ type: "rematch", by: 1 });
            return [document.getElementById("rematch").textContent,
                document.getElementById("rematch-note").textContent];
        }"""
    )
    assert said[0] == "Join the rematch (seats move one place)", said
    assert said[1].endswith(" started a rematch."), said
    page.close()


def test_contest_says_you_in_the_middle_of_a_sentence_and_what_a_tie_does(server, browser):
    page = seat_page(server, browser, "contest", PHONE)
    said = page.evaluate(
        """() => {
            const board = CT.boards.contest;
            const ctx = (seat) => ({ seat, names: ["Ada", "Bo"], obs: { declared: ["R", "B"] } });
            const tie = board.lastRound(ctx(0), { last_round: { round: 2, declared: ["N", "B"],
                called_by: null, revealed: null, winner: null } }).textContent;
            return { second: board.windowText(ctx(1)), first: board.windowText(ctx(0)), tie };
        }"""
    )
    assert said["second"].startswith("Ada declared Rook, you declared Bishop."), said
    assert said["first"].startswith("You declared Rook, Bo declared Bishop."), said
    assert said["tie"].endswith(
        "a tie: both cards stay on the table, and the next round (a tie-break) wins them too."
    ), said
    page.close()


def test_your_decision_is_brought_into_view_on_a_short_screen(server, browser):
    # at 1280×800 a newcomer's Chez Geek hand was below the screen, with the one card
    # that could pay an unwanted guest under a lone "Refuse" button; the screen here is
    # shorter than the board, so the decision starts below it
    page = seat_page(server, browser, "chez-geek", {"width": 1280, "height": 500})
    mine = "#board .mine button.choice:enabled, #board .mine button.card-btn.playable:enabled"
    page.wait_for_selector(mine, timeout=STEP_MS)
    seen = page.evaluate(
        """() => {
            const box = document.querySelector("#board .mine").getBoundingClientRect();
            return { top: box.top, bottom: box.bottom, height: window.innerHeight,
                scrolled: window.scrollY,
                board: document.querySelector("#board").getBoundingClientRect().height };
        }"""
    )
    assert seen["board"] > seen["height"], seen  # the board does not fit: the case at hand
    # the whole of it in view (sub-pixel rounding aside)
    assert seen["scrolled"] > 0 and seen["top"] >= 0 and seen["bottom"] <= seen["height"] + 2, seen
    page.close()


def test_chez_geek_names_whose_income_it_shows_and_has_no_suits_to_colour(server, browser):
    # "Income 0 · Free Time 0" in the centre read as the newcomer's own, and was 0 until
    # the rolls were done; a four-colour switch sat over cards that have no suits
    page = seat_page(server, browser, "chez-geek", DESKTOP)
    said = page.evaluate(
        """() => {
            const board = CT.boards["chez-geek"];
            const obs = JSON.parse(JSON.stringify(my.msg.view.observation));
            const centre = (turn, phase) => {
                const o = { ...obs, turn, phase, income: 2, free_time: 1 };
                const ctx = { ...context(), obs: o, legal: [], canAct: false };
                return [...board.render(ctx, CT.kit).querySelectorAll(".centre p")]
                    .map((p) => p.textContent).find((t) => t.includes("Income"));
            };
            const me = document.querySelector("#board .seat-box.me .seat-head").textContent;
            // a Shopping basket, and a bot's Whenever waiting to take effect
            const o = { ...obs, turn: 0, phase: "free-time",
                prompt: { step: "shopping", seat: 0, cart: ["game-console"] },
                stack: [{ by: 1, play: "Whenever", cards: ["bouncer"], cancelled: false }] };
            const drawn = board.render({ ...context(), obs: o, legal: [], canAct: false }, CT.kit);
            return { mine: centre(0, "free-time"), theirs: centre(1, "free-time"),
                rolling: centre(1, "roll"), me,
                basket: drawn.querySelector(".basket").textContent,
                stack: drawn.querySelector(".stack li").textContent,
                four: document.getElementById("four-colour").closest("label").hidden };
        }"""
    )
    assert said["mine"].startswith("Your Income 2 · Free Time 1 left this turn"), said
    assert said["theirs"].endswith("'s Income 2 · Free Time 1 left this turn · Game 1 of 1"), said
    assert said["rolling"].endswith("'s Income and Free Time: set after the rolls · Game 1 of 1")
    assert "person" not in said["me"], said
    assert said["basket"] == "Your Shopping basket: Game Console (to the room at checkout)", said
    bouncer = "Move a Person (never a Cat) from any room to another room it may enter"
    assert said["stack"].endswith(f": Whenever Bouncer ({bouncer})"), said
    assert said["four"] is True, said
    page.close()
    page = seat_page(server, browser, "chez", DESKTOP)
    assert page.evaluate("document.getElementById('four-colour').closest('label').hidden") is False
    page.close()


def test_chez_names_its_combos_and_quiets_the_risky_pick_up(server, browser):
    # "Play J♥ + Q♠ + K♠" did not say it was a Royal Court, and the biggest button on a
    # hand with a playable card was "Pick up a card (… you risk the Plague)"
    page = seat_page(server, browser, "chez", PHONE)
    said = page.evaluate(
        """() => {
            const board = CT.boards.chez;
            const names = ["JH+QS+KS", "2C+3D+4H+5S", "QH+KH", "6H+6D", "7C+7S", "3H+4H+5H+6H+7H",
                "7C+8D+9H"].map((a) => board.describe(a, null));
            const obs = JSON.parse(JSON.stringify(my.msg.view.observation));
            const quiet = (legal) => {
                const ctx = { ...context(), obs, legal, canAct: true, reaction: false };
                const pick = board.render(ctx, CT.kit).querySelector('button[data-action="pick"]');
                return pick ? pick.classList.contains("secondary") : null;
            };
            const plague = ["P1 rolls a 6 on a d6 for the plague.",
                "P1 rolls a 1 on a d6 for the plague.",
                "P1 rolls a 4 on a d6 for the 6."].map((l) => board.logWords(l));
            return { names, plague, playable: quiet(["pick", "5H"]), none: quiet(["pick"]) };
        }"""
    )
    assert said["names"] == [
        "Royal Court: play J♥ + Q♠ + K♠ (K♠ on top)",
        "Revolution: play 2♣ + 3♦ + 4♥ + 5♠ (5♠ on top)",
        "King-Queen: play Q♥ + K♥ (K♥ on top)",
        "Two Red Sixes: play 6♥ + 6♦ (6♦ on top)",
        "Doubles: play 7♣ + 7♠ (7♠ on top)",
        "True Transformation: play 3♥ + 4♥ + 5♥ + 6♥ + 7♥ (7♥ on top)",
        "Play 7♣ + 8♦ + 9♥ (9♥ on top)",
    ], said
    assert said["playable"] is True and said["none"] is False, said
    # the Plague's first die says what it meant
    assert said["plague"] == [
        "P1 rolls a 6 on a d6 for the plague: safe (only a 1 goes on to the Plague dice).",
        "P1 rolls a 1 on a d6 for the plague: a 1, so a d8 and a d12 decide.",
        "P1 rolls a 4 on a d6 for the 6.",
    ], said
    page.close()


def test_alike_choices_are_numbered_and_an_empty_checkout_says_it_spends_the_trip(server, browser):
    # a Spilled Drink on either of two Microwave Popcorns was two identical buttons; an
    # empty basket's "Check out" spent a Free Time unannounced; "Pet · Cat, Pet"
    page = seat_page(server, browser, "chez-geek", PHONE)
    said = page.evaluate(
        """() => {
            const board = CT.boards["chez-geek"];
            const ctx = (prompt) => ({ seat: 0, names: ["Ada", "Bo"], catalogue: my.catalogue,
                obs: { prompt } });
            return {
                numbered: CT.kit.numbered(["Play A", "Play B", "Play A"]),
                empty: board.describe("checkout", ctx({ step: "shopping", seat: 0, cart: [] })),
                full: board.describe("checkout",
                    ctx({ step: "shopping", seat: 0, cart: ["game-console"] })),
                cat: CT.cards.textCard("cat", my.catalogue).getAttribute("aria-label"),
            };
        }"""
    )
    assert said["numbered"] == ["Play A (1 of 2)", "Play B", "Play A (2 of 2)"], said
    assert said["empty"] == "Check out with nothing (the trip is spent)", said
    assert said["full"] == "Check out", said
    assert said["cat"].startswith("Cat: Pet · Cat · Slack 2"), said  # not "Cat, Pet"
    page.close()


def test_chai_tea_jazz_keeps_your_row_when_outbid_and_says_the_next_tricks_direction(
    server, browser
):
    # outbid on Under, a newcomer found the pick form back on Trump, one click from picking
    # it; leading in Slalom, nothing said whether the next trick was high or low
    page = seat_page(server, browser, "chai-tea-jazz", PHONE)
    said = page.evaluate(
        """() => {
            const board = CT.boards["chai-tea-jazz"];
            const ui = { selected: new Set() };
            const legal = ["pass", "pick trump C debt 10", "pick trump D debt 10",
                "pick under debt 10", "pick under debt 15"];
            const row = (move, round) => {
                board.pickPanel({ seat: 0, names: ["Ada", "Bo", "Cy"], legal, ui, move,
                    obs: { round }, rerender: () => {} });
                return ui.pickRow;
            };
            const first = row(5, 1);
            ui.pickRow = "under";  // chosen, then a bot outbids
            const kept = row(8, 1);
            const fresh = row(30, 2);
            const ctx = { seat: 0, names: ["Ada", "Bo", "Cy"] };
            const next = board.trickView(ctx, { sides: [[0], [1], [2]], players: 3,
                contract: { declarer: 0, row_name: "Slalom", description: "Slalom (starting high)",
                    bet_debt: 0 },
                trick: { number: 4, of: 12, direction: "low", cards: [] },
                tricks: [{ leader: 0, cards: ["3C", "5C", "9C"], winner: 0 }] })[1].textContent;
            const picking = (current) => board.trickView(ctx, { round: 1, barrel: 0,
                bidding: { increment: 5, max_debt: 35, current } })[0].textContent;
            return { first, kept, fresh, next, free: picking(null),
                raised: picking({ seat: 1, pick: "pick under debt 10", debt: 10 }) };
        }"""
    )
    assert said["first"] == "trump" and said["kept"] == "under" and said["fresh"] == "trump", said
    assert said["next"] == "Trick 3 won by You; trick 4 of 12, low, is next", said
    # the Bet Debt and its scale from the start of the picking
    assert (
        "Bet Debt 0 now: the first pick is free, and each later pick raises it, in steps"
        in (said["free"])
    ), said
    assert "Bet Debt 10 now: a new pick must raise it, in steps of 5, up to 35." in said["raised"]
    page.close()


def test_a_dimmed_cards_reason_under_a_tall_hand_is_brought_into_view(server, browser):
    # on a phone the line under Chez Geek's text cards was below the screen when tapped
    page = seat_page(server, browser, "chez-geek", {"width": 390, "height": 560})
    page.wait_for_selector("#board .hand button.card-btn.dimmed", timeout=STEP_MS)
    seen = page.evaluate(
        """() => {
            window.scrollTo(0, 0);
            document.querySelector("#board .hand button.card-btn.dimmed").click();
            const hint = document.querySelector("#board .hand-hint");
            return { text: hint.textContent, bottom: hint.getBoundingClientRect().bottom,
                height: window.innerHeight };
        }"""
    )
    assert seen["text"].endswith("."), seen
    assert seen["bottom"] <= seen["height"] + 1, seen
    page.close()
