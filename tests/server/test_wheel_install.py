"""The wheel, installed into a clean virtual environment away from the source tree.

``python -m build`` makes the sdist and, from it, the wheel; pip installs the
wheel (and its dependencies) into a new venv; every command then runs from a
folder with no checkout in sight: ``rules`` (the games' pages shipped inside),
``play`` to the end, ``simulate``, and ``serve`` with its database migrations,
static files, the Chez Geek deck, and the browser client drawing a board.

The wheel is built with ``CARDTABLE_PURE=1``: what this test is about is what
the wheel carries besides the code, and the compiled extensions are what the
rest of the suite runs on. Building them again here would double the suite's
longest step (docs/performance.md, "The build").
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from ct_server_helpers import CHROMIUM_ARGS, REPO, ServerProcess, chromium_path
from playwright.sync_api import sync_playwright

# one worker builds the wheel for both tests: the sdist is assembled inside the source
# tree (``cardtable-0.1.0/``), so two workers building at once removed each other's files
pytestmark = pytest.mark.xdist_group("wheel")


def run(cmd: list[str], cwd: Path, stdin: str = "", **env: str) -> subprocess.CompletedProcess:
    done = subprocess.run(
        cmd,
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, **env},
    )
    assert done.returncode == 0, f"{cmd}: {done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    return done


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """A new venv holding only the built wheel and its dependencies, and a folder to work in."""
    tmp = tmp_path_factory.mktemp("wheel")
    dist = tmp / "dist"
    run([sys.executable, "-m", "build", "--outdir", str(dist), str(REPO)], tmp, CARDTABLE_PURE="1")
    wheels = list(dist.glob("cardtable-*.whl"))
    assert len(wheels) == 1 and list(dist.glob("cardtable-*.tar.gz")), list(dist.iterdir())
    names = zipfile.ZipFile(wheels[0]).namelist()
    for needed in (
        "cardtable/server/static/index.html",
        "cardtable/server/static/boards/chez.js",
        "cardtable/server/static/help/chez.json",
        "cardtable/server/migrations/alembic.ini",
        "cardtable/server/migrations/versions/0001_baseline.py",
        "cardtable/games/chez_geek/decks/open.toml",
        "cardtable/rules_text/chai-tea-jazz.md",
        "cardtable/py.typed",
    ):
        assert needed in names, needed
    env = tmp / "venv"
    run([sys.executable, "-m", "venv", str(env)], tmp)
    run([str(env / "bin/python"), "-m", "pip", "install", "--quiet", str(wheels[0])], tmp)
    work = tmp / "elsewhere"
    work.mkdir()
    yield env, work


def test_the_wheel_runs_rules_play_and_simulate_without_the_source_tree(
    venv: tuple[Path, Path],
) -> None:
    env, work = venv
    show = "import cardtable; print(cardtable.__file__)"
    where = run([str(env / "bin/python"), "-c", show], work)
    assert where.stdout.startswith(str(env)), where.stdout  # the wheel's copy, not the checkout
    exe = str(env / "bin/cardtable")
    for game, title in [("chez", "# Chez"), ("chai-tea-jazz", "# Chai Tea Jazz")]:
        assert run([exe, "rules", game], work).stdout.startswith(title)
    answers = "P\npass\npile\n" * 3000
    played = run([exe, "play", "contest", "--seed", "5", "--record-dir", str(work)], work, answers)
    assert "Game over" in played.stdout
    assert list(work.glob("contest-*-5.json"))
    sim = run([exe, "simulate", "chez-geek", "--games", "6", "--no-progress"], work)
    assert "95% CI" in sim.stdout


def test_the_wheel_serves_the_browser_client(venv: tuple[Path, Path]) -> None:
    env, work = venv
    server = ServerProcess(
        f"sqlite:///{work / 'tables.db'}", command=[str(env / "bin/cardtable")], cwd=work
    )
    server.start()  # the database is created by the shipped migrations
    try:
        assert "cardtable" in httpx.get(server.base + "/").text
        assert httpx.get(server.base + "/static/boards/chez-geek.js").status_code == 200
        body = {
            "game": "chez-geek",
            "players": 3,
            "bot_delay": 0,
            "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
        }
        created = httpx.post(server.base + "/api/tables", json=body)
        assert created.status_code == 201, created.text
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(created.json()["invites"][0]["url"])
            page.wait_for_selector("#board .board", timeout=30_000)
            assert page.locator("#board").inner_text().strip()
            browser.close()
    finally:
        server.stop()
