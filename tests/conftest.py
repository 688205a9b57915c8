"""Makes the ``tests`` package importable from every test folder (``tests.sample``), and
stops a test that hangs.

A test that never ends (a socket read that never returns, a draw that never stops)
would hold the whole run until CI's time is up, and say nothing of where. After
``HANG_SECONDS`` its process prints every thread's stack and exits: xdist then
names the test ("worker crashed while running ...") and the run goes on. It is
``faulthandler``'s watchdog, a thread that needs no interpreter lock, because a
tight loop in a compiled module never lets a Python-level timer run. The stacks
go to a file per process, printed at the end of the run (pytest captures the
process's stderr while a test runs, and a dump written there would be lost).

Two things would let a hang past it, and both are closed here: pytest's own
fault handler cancels the watchdog when a test fails (its teardown, browsers and
servers included, then ran unwatched), so it is armed again after every failure;
and a process pool forked from a test process keeps that process's pipe to xdist
open after the watchdog ends it, so xdist never hears it died: the tests' pools
are spawned (``spawn`` is the start method here; the project's own server pools
already ask for it).
"""

from __future__ import annotations

import faulthandler
import multiprocessing
import os
import shutil
import tempfile
from collections.abc import Generator
from pathlib import Path
from typing import IO, Any

import pytest

# the slowest test takes under a minute on two cores
HANG_SECONDS = 600
_DIR = "CARDTABLE_TEST_HANGS"
_dump: IO[str] | None = None
_made: str | None = None

multiprocessing.set_start_method("spawn", force=True)


def pytest_configure(config: pytest.Config) -> None:
    # the run's first process makes the folder; xdist's workers inherit its name
    global _made
    if _DIR not in os.environ:
        _made = os.environ[_DIR] = tempfile.mkdtemp(prefix="cardtable-hangs-")


def pytest_unconfigure(config: pytest.Config) -> None:
    if _made is not None:
        shutil.rmtree(_made, ignore_errors=True)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[Any]:
    global _dump
    if _dump is None:
        _dump = open(Path(os.environ[_DIR]) / f"{os.getpid()}.txt", "w")  # noqa: SIM115
    _dump.write(f"{item.nodeid} ran for more than {HANG_SECONDS} s:\n")
    _dump.flush()
    _arm()
    try:
        return (yield)
    finally:
        faulthandler.cancel_dump_traceback_later()
        _dump.seek(0)
        _dump.truncate()


def _arm() -> None:
    assert _dump is not None
    faulthandler.dump_traceback_later(HANG_SECONDS, exit=True, file=_dump)


@pytest.hookimpl(trylast=True)
def pytest_exception_interact() -> None:
    # after pytest's fault handler has cancelled the watchdog for this failure
    if _dump is not None:
        _arm()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    folder = Path(os.environ.get(_DIR, ""))
    if not folder.is_dir():
        return
    for path in sorted(folder.glob("*.txt")):
        text = path.read_text()
        if "Thread" in text or "Stack" in text:
            terminalreporter.section(f"a test that hung (process {path.stem})", sep="=")
            terminalreporter.write(text)
