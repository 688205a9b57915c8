"""Reviews of finished games in the server: started on request, run in the bot workers, stored.

A review is ``cardtable analyze --search`` for one seat (``bots/review.py``):
each decision of the seat searched from that seat's information by the game's
expert search. Here it runs one decision at a time in the bot worker
processes (``review_worker``), taking turns with the people's tables (by
address, round-robin), so it never runs on the event loop and another person's
bot waits for at most one decision of it (at most ``MAX_DECISION_SECONDS``).
A game's review has a budget of worker time (``Settings.review_seconds``),
shared out over the decisions still to do: a long game's decisions get shorter
searches (fewer iterations, wider margins) rather than a longer wait.

Who may ask: anyone, for any seat, once the game is over; the record is public
then, and a review tells nothing the record does not. Each review is stored
(``ct_reviews``, ``reviews_db``) so a second look reads it back; the progress
of one being made lives in the process making it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI

from cardtable.bots.review import MISTAKE, SMALL, reviewer_spec
from cardtable.engine.errors import SettingError
from cardtable.server.limits import LimitError, RateLimit
from cardtable.server.manager import TableManager
from cardtable.server.review_worker import judge, plan
from cardtable.server.reviews_db import load_review, save_review
from cardtable.server.runtime import TableRuntime

log = logging.getLogger("cardtable.server")

# the stored review's shape; a stored review of another version is made again
VERSION = 1
# new reviews one client address may start per minute, and reviews being made at once
REVIEWS_PER_MINUTE = 6
MAX_RUNNING = 4
# a decision's searches never get less than this (the budget spent, the rest still judged),
# and never more than this: a person's bot waits for at most one of them (see ``_review``)
MIN_DECISION_SECONDS = 0.1
MAX_DECISION_SECONDS = 2.0
# finished reviews kept in memory, so a second look reads no database
KEPT = 32


def review_format(spec: str) -> str:
    return f"review-{VERSION} {spec}"[:128]


def review_seed(table_id: str, seat: int) -> int:
    """The search's seed: the same review each time a table's seat is reviewed."""
    digest = hashlib.blake2b(f"review:{table_id}:{seat}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


@dataclass
class Job:
    """A review being made: how far it is, and how it ended if it failed."""

    done: int = 0
    total: int | None = None
    error: str | None = None
    task: asyncio.Task[None] | None = None
    verdicts: list[dict[str, Any]] = field(default_factory=list)


class Reviewer:
    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.budget = manager.settings.review_seconds
        self.rate = RateLimit(REVIEWS_PER_MINUTE, "reviews")
        self.jobs: dict[tuple[str, int], Job] = {}
        self.kept: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()

    @staticmethod
    def check(rt: TableRuntime, seat: int) -> None:
        n = rt.game.num_players
        if not 0 <= seat < n:
            raise SettingError(f"seat {seat}: this table's seats are 0 to {n - 1}")

    async def status(self, rt: TableRuntime, seat: int) -> dict[str, Any]:
        """The stored review, or how far the one being made is, or ``none``."""
        self.check(rt, seat)
        key = (rt.id, seat)
        head: dict[str, Any] = {"table": rt.id, "seat": seat}
        job = self.jobs.get(key)
        if job is not None and job.error is None:
            return {**head, "status": "running", "done": job.done, "total": job.total}
        stored = await self._stored(rt, seat)
        if stored is not None:
            total = len(stored["decisions"])
            return {**head, "status": "done", "done": total, "total": total, "review": stored}
        if job is not None:
            return {**head, "status": "failed", "detail": job.error}
        return {**head, "status": "none"}

    async def start(self, rt: TableRuntime, seat: int, client: str | None) -> dict[str, Any]:
        """Start reviewing ``seat`` unless it is stored or under way; its status either way."""
        self.check(rt, seat)
        now = await self.status(rt, seat)
        if now["status"] in ("running", "done"):
            return now
        if client is not None:
            self.rate.hit(client)
        if sum(1 for j in self.jobs.values() if j.error is None) >= MAX_RUNNING:
            raise LimitError(
                "busy_reviews",
                f"{MAX_RUNNING} reviews are being made; try again in a minute",
                status=503,
            )
        job = Job()
        self.jobs[(rt.id, seat)] = job
        job.task = asyncio.create_task(self._run(rt, seat, client or rt.id, job))
        return {"table": rt.id, "seat": seat, "status": "running", "done": 0, "total": None}

    async def _stored(self, rt: TableRuntime, seat: int) -> dict[str, Any] | None:
        key = (rt.id, seat)
        hit = self.kept.get(key)
        if hit is not None:
            self.kept.move_to_end(key)
            return hit
        storage = self.manager.storage
        fmt = review_format(reviewer_spec(rt.game))
        found = await storage.run(load_review, storage.store, rt.id, seat, fmt)
        if found is not None:
            self._keep(key, found)
        return found

    def _keep(self, key: tuple[str, int], data: dict[str, Any]) -> None:
        self.kept[key] = data
        while len(self.kept) > KEPT:
            self.kept.popitem(last=False)

    async def _run(self, rt: TableRuntime, seat: int, owner: str, job: Job) -> None:
        key = (rt.id, seat)
        try:
            data = await self._review(rt, seat, f"review:{owner}", job)
            storage = self.manager.storage
            fmt = review_format(data["reviewer"])
            await storage.run(save_review, storage.store, rt.id, seat, fmt, data)
            self._keep(key, data)
            del self.jobs[key]
        except asyncio.CancelledError:
            self.jobs.pop(key, None)
            raise
        except Exception:
            log.exception("reviewing seat %d of table %s failed", seat, rt.id)
            job.error = "the review failed; ask again to try once more"

    async def _review(self, rt: TableRuntime, seat: int, owner: str, job: Job) -> dict[str, Any]:
        thinker = self.manager.thinker
        record = rt.row.record
        assert record is not None  # only finished tables are reviewed (the router checks)
        spec = reviewer_spec(rt.game)
        seed = review_seed(rt.id, seat)
        # a person asked and watches the progress bar: the review takes its turns like a
        # person's table (round-robin by address), not the paced share of bot-only tables,
        # which would double its time; a decision is short, so other people's bots wait
        # for at most one of them
        todo = await thinker.run(plan, record, seat, owner=owner, person=True)
        job.total = len(todo)
        cap = max(
            MIN_DECISION_SECONDS, min(MAX_DECISION_SECONDS, self.manager.settings.bot_move_seconds)
        )
        used = 0.0
        for k, (index, step) in enumerate(todo):
            share = (self.budget - used) / (len(todo) - k)
            seconds = min(cap, max(MIN_DECISION_SECONDS, share))
            verdict = await thinker.run(
                judge,
                rt.id,
                record,
                seat,
                index,
                step,
                spec,
                seed,
                seconds,
                owner=owner,
                person=True,
            )
            used += float(verdict.pop("seconds"))
            job.verdicts.append(verdict)
            job.done = k + 1
        n = rt.game.num_players
        return {
            "game": rt.row.game,
            "seat": seat,
            "reviewer": spec,
            "unit": "chance to win" if n == 2 else "share of the other seats beaten",
            "thresholds": {"small": SMALL, "mistake": MISTAKE},
            "budget_seconds": self.budget,
            "seconds": round(used, 2),
            "decisions": job.verdicts,
        }

    async def close(self) -> None:
        """Stop the reviews being made (the server is stopping); nothing half-made is stored."""
        tasks = [j.task for j in self.jobs.values() if j.task is not None and not j.task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def reviewer_of(app: FastAPI) -> Reviewer:
    """The app's reviewer, made with the first review asked for (the manager exists by then)."""
    reviewer: Reviewer | None = getattr(app.state, "reviewer", None)
    if reviewer is None:
        reviewer = Reviewer(app.state.manager)
        app.state.reviewer = reviewer
    return reviewer


def install(app: FastAPI) -> None:
    """The review routes, and reviews stopped before the manager's workers when the app ends.

    Why wrap the lifespan: the reviews live apart from the table manager, and a
    review cancelled after the workers closed would end in errors, not quietly.
    """
    from cardtable.server.routers import review

    app.include_router(review.router)
    inner = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(a: FastAPI) -> AsyncIterator[Any]:
        async with inner(a) as state:
            try:
                yield state
            finally:
                reviewer: Reviewer | None = getattr(a.state, "reviewer", None)
                if reviewer is not None:
                    await reviewer.close()
                    a.state.reviewer = None

    app.router.lifespan_context = lifespan
