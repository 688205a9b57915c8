"""Regenerate the README's board screenshots (docs/screenshots/<game>.png).

Starts `cardtable serve` on a scratch database, opens a table of each game
against bots in Debian's Chromium (/usr/bin/chromium; never a downloaded
browser), plays a few moves by clicking the board and saves the board, scaled
and reduced to a palette so each file stays small.

    .venv/bin/python scripts/board_screenshots.py
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

import httpx
from PIL import Image
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "server"))
from ct_server_helpers import CHROMIUM_ARGS, ServerProcess, chromium_path  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
TABLES = {
    "contest": (2, {}, 5),
    "chai-tea-jazz": (4, {}, 3),
    "chez": (4, {}, 4),
    "chez-geek": (3, {}, 6),
}
BUTTONS = "#board button.card-btn.playable:enabled, #board button.choice:enabled"


def wait_for_buttons(page: object) -> None:
    page.wait_for_function(  # type: ignore[attr-defined]
        "(sel) => document.querySelectorAll(sel).length > 0", arg=BUTTONS, timeout=20_000
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(f"sqlite:///{tmp}/shots.db")
        server.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                for game, (players, settings, clicks) in TABLES.items():
                    body = {
                        "game": game,
                        "players": players,
                        "settings": settings,
                        "seats": [{"kind": "human"}]
                        + [{"kind": "bot", "bot": "random"}] * (players - 1),
                        "reaction_seconds": 0.5,
                        "bot_delay": 0,
                    }
                    created = httpx.post(server.base + "/api/tables", json=body).json()
                    page = browser.new_page(viewport={"width": 1100, "height": 760})
                    page.goto(created["invites"][0]["url"])
                    page.wait_for_selector("#board .board")
                    rng = random.Random(3)
                    for _ in range(clicks):
                        wait_for_buttons(page)
                        buttons = page.locator(BUTTONS)
                        buttons.nth(rng.randrange(buttons.count())).click()
                        page.wait_for_timeout(300)
                    wait_for_buttons(page)
                    raw = Path(tmp) / f"{game}.png"
                    page.locator("#board-box").screenshot(path=str(raw))
                    image = Image.open(raw).convert("RGB")
                    image.thumbnail((760, 760))
                    target = OUT / f"{game}.png"
                    image.quantize(colors=96).save(target, optimize=True)
                    print(f"{target.relative_to(ROOT)}: {target.stat().st_size // 1024} KB")
                    page.close()
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
