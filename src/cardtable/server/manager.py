"""All tables of the server: creation, lookup, restart recovery and rematches.

Live tables (being played) are kept in memory with their engine state; a
finished table is loaded on demand from its stored moves. On start every
unfinished table is rebuilt by replaying its committed moves, then its bots
and clocks carry on as if nothing happened.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import re
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from cardtable.bots.registry import available_bots, default_bot
from cardtable.engine.errors import (
    CardtableError,
    PlayerCountError,
    SettingError,
    TableStateError,
    UnknownBotError,
)
from cardtable.engine.game import Game
from cardtable.engine.registry import available_games, game_info, load_game
from cardtable.server.db import CreationCounts, MoveRow, SeatRow, Storage, TableRow
from cardtable.server.decks import ServerDecks
from cardtable.server.leases import Owner, PostgresOwner, SoleOwner
from cardtable.server.limits import LimitError, RateLimit
from cardtable.server.names import display_names
from cardtable.server.runtime import TableRuntime, table_summary
from cardtable.server.schemas import CreateTable, SeatSpec
from cardtable.server.settings import Settings
from cardtable.server.thinking import Thinker
from cardtable.server.tokens import address_key, hash_token, new_table_id, new_token

log = logging.getLogger("cardtable.server")


# why a few: a name set, a typo fixed; every rename is pushed to each open page
RENAMES_PER_MINUTE = 6


class TableNotFound(LookupError):
    pass


@dataclass
class NewTable:
    """A table just made: its stored row and game, and its runtime where this process plays it."""

    row: TableRow
    game: Game
    runtime: TableRuntime | None

    @property
    def id(self) -> str:
        return self.row.id


class TableBusy(RuntimeError):
    """The table is played by another process that did not let it go in time."""


# how long a process waits for another to hand a table over (it only finishes a commit)
HANDOFF_SECONDS = 5.0
# how often a process of a cluster looks for tables nobody plays (their owner died)
SWEEP_SECONDS = 1.0
# a cluster's table with people is left to the process its people reach for this long
# before a sweeping process adopts it (its people may be slow to open their links)
FRESH_SECONDS = 10.0


# the shape of every table id this server makes (``new_table_id``); others are not looked up
TABLE_ID = re.compile(r"[A-Za-z0-9]{1,40}")
# games built for summaries and tables, by (game, players, settings); bounded
GAME_CACHE = 64


class TableManager:
    def __init__(self, storage: Storage, settings: Settings) -> None:
        self.storage = storage
        self.settings = settings
        self.decks = ServerDecks(settings.decks)
        self.thinker = Thinker(
            settings.bot_workers,
            settings.bot_move_seconds,
            share=settings.bot_idle_share,
            floor=1.0 / settings.bot_only_moves_per_second
            if settings.bot_only_moves_per_second > 0
            else 0.0,
            total=settings.bot_only_moves_total,
        )
        self.live: dict[str, TableRuntime] = {}
        # loads in progress only: an id is forgotten as soon as its load ends
        self._loading: dict[str, asyncio.Future[TableRuntime]] = {}
        self._games: OrderedDict[str, Game] = OrderedDict()
        self.rate = RateLimit(settings.tables_per_minute)
        # renames: a few a minute per seat (each is told to every page at the table), and
        # stored one at a time, so a slower write never puts back an older set of names
        self.rename_rate = RateLimit(RENAMES_PER_MINUTE, "names")
        self._renaming = asyncio.Lock()
        # who created each table being played (this process's tables only), for the
        # per-address cap, and the tables at which a person has opened a seat
        self.creators: dict[str, str] = {}
        # bots take turns in the worker pool by the address that created their table
        self.thinker.owners = self.creators
        self.joined: set[str] = set()
        # a table waiting for its people is timed from its creation or this start, whichever
        # is later: who opened a seat before a restart is not stored, only moves are
        self.started_at = time.time()
        # who plays which table: this process alone, or one of a cluster (``leases``)
        self.owner: Owner = (
            PostgresOwner(storage.store.url, on_handoff=self._handoff_asked, on_lost=self._lost_all)
            if settings.cluster
            else SoleOwner()
        )
        self._handoffs: set[asyncio.Task[None]] = set()

    async def start(self) -> int:
        """Rebuild and resume every unfinished table nobody else plays; returns how many."""
        await self.owner.start()
        return await self.adopt_orphans()

    async def adopt_orphans(self) -> int:
        """Play every unfinished table that no process plays (all of them, for a sole server).

        In a cluster this runs every ``SWEEP_SECONDS``: a dead process's tables
        with no one connected (bots only, people gone for a while) are picked up
        here; tables whose people reconnect are picked up by their requests.
        """
        made = await self.storage.run(self.storage.store.playing_ids)
        now = time.time()
        free = [
            t
            for t, (created, people) in made.items()
            if t not in self.live
            and t not in self._loading
            and not (self.settings.cluster and people and now - created < FRESH_SECONDS)
        ]
        if self.settings.cluster:
            held = await self.owner.held(free)
            free = [t for t in free if t not in held]
            random.shuffle(free)  # processes sweeping at once share the work
        adopted = 0
        for table_id in free:
            if not await self.owner.take(table_id):
                continue  # another process was quicker
            try:
                await self.get(table_id)
                adopted += 1
            except (CardtableError, TableNotFound, TableBusy):
                log.exception("table %s could not be rebuilt; left as it is", table_id)
                await self.owner.release(table_id)
        return adopted

    async def stop(self) -> None:
        for rt in list(self.live.values()):
            await rt.close()
        self.live.clear()
        for task in list(self._handoffs):
            task.cancel()
        await self.owner.close()
        self.thinker.close()

    async def _own(self, table_id: str) -> None:
        """Hold the table's lease, asking its owner to hand it over if it has one."""
        if await self.owner.take(table_id):
            return
        await self.owner.ask_handoff(table_id)
        deadline = time.monotonic() + HANDOFF_SECONDS
        while time.monotonic() < deadline:
            await asyncio.sleep(0.05)
            if await self.owner.take(table_id):
                return
        raise TableBusy(table_id)

    async def drop(self, table_id: str) -> None:
        """Stop playing a table here (finished and idle, expired, or handed over)."""
        rt = self.live.pop(table_id, None)
        if rt is not None:
            await rt.hand_over()
        await self.owner.release(table_id)

    def _handoff_asked(self, table_id: str) -> None:
        """Another process was asked for one of ours: let it go once its commit landed."""
        if table_id in self._loading:
            return  # asked while loading: the asker tries again until it gets it or gives up
        task = asyncio.ensure_future(self.drop(table_id))
        self._handoffs.add(task)
        task.add_done_callback(self._handoffs.discard)
        log.info("table %s handed over to another process", table_id)

    def _lost_all(self) -> None:
        """The lease session broke: every table may now be another's; play none of them."""
        for table_id, rt in list(self.live.items()):
            del self.live[table_id]
            task = asyncio.ensure_future(rt.hand_over())
            self._handoffs.add(task)
            task.add_done_callback(self._handoffs.discard)
        log.warning("lost the connection that held this process's tables; dropped them all")

    async def game_for(self, game: str, players: int, settings: dict[str, Any]) -> Game:
        """The engine's game for stored (public) settings; built off the event loop."""
        key = json.dumps([game, players, settings], sort_keys=True)
        cached = self._games.get(key)
        if cached is not None:
            self._games.move_to_end(key)
            return cached
        resolved = self.decks.resolve(game, settings)
        built = await asyncio.to_thread(load_game, game, players, **resolved)
        self._games[key] = built
        while len(self._games) > GAME_CACHE:
            self._games.popitem(last=False)
        return built

    async def _load(self, row: TableRow) -> TableRuntime:
        await self._own(row.id)
        try:
            return await self._build(row)
        except BaseException:
            await self.owner.release(row.id)
            raise

    async def _build(self, row: TableRow, fresh: bool = False) -> TableRuntime:
        """The table in memory; a ``fresh`` one (just stored) has no moves to read back."""
        moves: list[MoveRow] = []
        snapshot = None
        if not fresh:
            moves = await self.storage.run(self.storage.store.load_moves, row.id)
            snapshot = await self.storage.run(self.storage.store.load_snapshot, row.id)
        game = await self.game_for(row.game, row.players, row.settings)
        if row.bot_seed is None:  # stored before bots had their own seed
            row.bot_seed = secrets.randbits(62)
            await self.storage.run(self.storage.store.set_bot_seed, row.id, row.bot_seed)
        args = (row, moves, self.storage, game, self.thinker, snapshot)
        if fresh:  # a deal and the bots' setup: no replay, no thread hop
            rt = TableRuntime(*args, self.settings.snapshot_every)
        else:  # replaying moves is engine work: a worker thread, not the event loop
            rt = await asyncio.to_thread(TableRuntime, *args, self.settings.snapshot_every)
        await self._evict_finished()
        self.live[row.id] = rt
        rt.kick()
        return rt

    async def _evict_finished(self) -> None:
        """Forget finished tables nobody watches once there are many; they reload from disk."""
        if len(self.live) < self.settings.max_live_tables:
            return
        for table_id, rt in list(self.live.items()):
            if rt.status == "over" and not rt.subscribers and not rt.lock.locked():
                await self.drop(table_id)

    async def get(self, table_id: str) -> TableRuntime:
        rt = self.live.get(table_id)
        if rt is not None:
            return rt
        if not TABLE_ID.fullmatch(table_id):
            raise TableNotFound(table_id)
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.ensure_future(self._fetch(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda _f: self._loading.pop(table_id, None))
        return await asyncio.shield(loading)

    async def _fetch(self, table_id: str) -> TableRuntime:
        row = await self.storage.run(self.storage.store.load_table, table_id)
        if row is None:
            raise TableNotFound(table_id)
        rt = self.live.get(table_id)
        return rt if rt is not None else await self._load(row)

    def answer_seconds(self, game: str) -> float:
        """A table's clock to answer a play when its creator sets none.

        Where who can answer is public (``GameInfo.open_reactions``: Contest's calls), the
        window closes as soon as every seat asked has answered, so it may be long; elsewhere
        it lasts its whole clock whoever holds an answer, and is kept short.
        """
        s = self.settings
        if game_info(game).open_reactions:
            return s.default_open_reaction_seconds
        return s.default_reaction_seconds

    def options_from(self, req: CreateTable, bot_only: bool = False) -> dict[str, Any]:
        """The table's clocks and pace; bots take a human moment when a person watches."""
        s = self.settings
        turn = s.default_turn_seconds if req.turn_seconds is None else req.turn_seconds
        react = req.reaction_seconds
        if react is None:
            react = self.answer_seconds(req.game)
        if turn > s.max_turn_seconds or react > s.max_turn_seconds:
            raise SettingError(f"clocks are limited to {s.max_turn_seconds} seconds")
        pace = req.bot_delay
        if pace is None:
            pace = 0.0 if bot_only else s.default_bot_delay
        names = {str(i): s.name for i, s in enumerate(req.seats or []) if s.name}
        out: dict[str, Any] = {"turn_seconds": turn, "reaction_seconds": react, "bot_delay": pace}
        if names:
            out["names"] = names
        return out

    def check_request(self, req: CreateTable, bot_only: bool) -> None:
        """Refuse settings a table with no person may not have (``SettingError``)."""
        if not bot_only:
            return
        for setting in game_info(req.game).settings:
            value = req.settings.get(setting.name, setting.default)
            if setting.length and isinstance(value, int) and value > self.settings.max_bot_games:
                raise SettingError(
                    f"setting {setting.name}: tables with no person play at most "
                    f"{self.settings.max_bot_games}"
                )

    def check_counts(self, counts: CreationCounts, bot_only: bool) -> None:
        """Refuse a table beyond the server's limits (typed ``LimitError``).

        The counts come from the database, read in the transaction that stores
        the new table, so they hold across every process serving it.
        """
        s = self.settings
        if counts.playing >= s.max_open_tables:
            raise LimitError(
                "too_many_tables", f"the server plays at most {s.max_open_tables} tables at once"
            )
        if counts.made_here_last_minute >= s.tables_per_minute:
            raise LimitError(
                "rate_limited",
                f"at most {s.tables_per_minute} tables a minute may be created from one "
                "address; try again later",
            )
        if counts.playing_here >= s.max_open_tables_per_address:
            raise LimitError(
                "too_many_tables_here",
                f"at most {s.max_open_tables_per_address} tables being played may be "
                "created from one address",
            )
        if bot_only and counts.bot_only >= s.max_bot_tables:
            raise LimitError(
                "too_many_bot_tables",
                f"at most {s.max_bot_tables} tables with no person play at once",
            )

    async def create(
        self,
        req: CreateTable,
        rematch_of: TableRow | None = None,
        tokens: list[str] | None = None,
        client: str | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[NewTable, list[str | None]]:
        """A new table; returns it with the raw token of each human seat (None for bots).

        ``client`` is the creating address, counted against ``tables_per_minute``
        before any work (a refused request counts too: it cost work as well).

        In a cluster a table with people is stored and left: the balancer sends
        its people to the process their table's id hashes to, which takes it
        from the database; playing it here would only mean handing it over.
        """
        if client is not None:
            self.rate.hit(client)
        if req.game not in available_games():
            raise SettingError(
                f"unknown game {req.game!r}; available games: {', '.join(available_games())}"
            )
        self.decks.check_request(req.game, req.settings)
        # only a missing count means the default: 0 is a count, and refused as one
        players = game_info(req.game).default_players if req.players is None else req.players
        game = await self.game_for(req.game, players, req.settings)
        n = game.num_players
        specs = req.seats
        if specs is None:
            # the lobby's default: a level by name where the game has levels
            levels: dict[str, str] = game.level_specs()
            filler = "medium" if "medium" in levels else default_bot(game)
            specs_list: list[tuple[str, str | None]] = [("human", None)]
            specs_list += [("bot", filler)] * (n - 1)
        else:
            if len(specs) != n:
                raise PlayerCountError(f"{len(specs)} seats given for a {n}-player table")
            specs_list = [(s.kind, s.bot) for s in specs]
        bot_only = all(kind == "bot" for kind, _ in specs_list)
        self.check_request(req, bot_only)
        bots = available_bots(game)
        seats: list[SeatRow] = []
        raw: list[str | None] = []
        for i, (kind, bot) in enumerate(specs_list):
            if kind == "bot":
                name = bot or "random"
                if name not in bots:
                    raise UnknownBotError(
                        f"unknown bot {name!r}; available bots: {', '.join(bots)}"
                    )
                seats.append(SeatRow(i, "bot", name, None, False))
                raw.append(None)
            else:
                token = tokens[i] if tokens is not None and tokens[i] else new_token()
                seats.append(SeatRow(i, "human", None, hash_token(token), False))
                raw.append(token)
        row = TableRow(
            id=new_table_id(),
            game=game.name,
            players=n,
            settings=public_settings(game, req.settings),
            seed=secrets.randbits(62),
            options={**self.options_from(req, bot_only), **(options or {})},
            status="playing",
            created_at=time.time(),
            finished_at=None,
            rematch_of=rematch_of.id if rematch_of is not None else None,
            rematch_id=None,
            record=None,
            seats=seats,
            bot_seed=secrets.randbits(62),
        )
        # the lease first: a sweeping process must never take a table being made
        await self.owner.take(row.id)
        try:
            await self.storage.run(
                self.storage.store.create_table,
                row,
                address_key(client) if client is not None else None,
                lambda counts: self.check_counts(counts, bot_only),
            )
        except BaseException:
            await self.owner.release(row.id)
            raise
        if self.settings.cluster and not bot_only:
            await self.owner.release(row.id)
            return NewTable(row, game, None), raw
        if client is not None:
            self.creators[row.id] = client
        try:
            rt = await self._build(row, fresh=True)
        except BaseException:
            await self.owner.release(row.id)
            raise
        return NewTable(row, game, rt), raw

    def note_joined(self, table_id: str) -> None:
        """A person opened a seat: the table is in use and no longer expires."""
        self.joined.add(table_id)

    async def expire_unjoined(self, now: float | None = None) -> list[str]:
        """Remove tables with people's seats that nobody opened within ``unjoined_table_seconds``.

        Why: an open table holds a place under ``max_open_tables`` for good, so
        tables created and never played would lock everyone out, across restarts
        too (a stored table is rebuilt on start). A table counts as joined once a
        seat's socket said hello (in this process), or once a person's move is stored.
        """
        now = time.time() if now is None else now
        for table_id in [t for t in self.creators if t not in self.live]:
            del self.creators[table_id]
        self.joined &= set(self.live)
        expired = []
        for rt in list(self.live.values()):
            people = set(rt.human_seats())
            if rt.status != "playing" or not people or rt.id in self.joined:
                continue
            if any(m.seat in people for m in rt.moves):
                self.joined.add(rt.id)
                continue
            if now - max(rt.row.created_at, self.started_at) < self.settings.unjoined_table_seconds:
                continue
            async with rt.lock:
                await rt.close()
                await self.storage.run(self.storage.store.delete_table, rt.id)
            self.live.pop(rt.id, None)
            await self.owner.release(rt.id)
            self.creators.pop(rt.id, None)
            for other in self.live.values():
                if other.row.rematch_id == rt.id:
                    other.row.rematch_id = None
            expired.append(rt.id)
        if expired:
            log.info("removed %d tables nobody joined", len(expired))
        return expired

    async def rematch(self, table_id: str, token: str) -> tuple[TableRuntime, int]:
        """The next game with every seat moved one place on; returns it and the caller's seat.

        Each person keeps their token, so everyone reaches the rematch from the
        old table with the link they already hold. Made once; later calls find it.
        """
        old = await self.get(table_id)
        seat = old.seat_for_token_hash(hash_token(token))
        if seat is None:
            raise PermissionError("bad token")
        n = len(old.seats)
        async with old.lock:
            if old.row.rematch_id is None:
                if old.status != "over":
                    raise TableStateError("a rematch starts when the game is over")
                rotated = [old.seats[(i - 1) % n] for i in range(n)]
                # everyone keeps the name they had: a person's given one, a bot's friendly one
                given = old.options.get("names") or {}
                called = display_names(old.row, old.game)
                kept = [
                    given.get(str(s.seat)) or (called[s.seat] if s.kind == "bot" else None)
                    for s in rotated
                ]
                req = CreateTable(
                    game=old.row.game,
                    players=old.row.players,
                    settings=old.row.settings,
                    seats=[
                        SeatSpec(kind="bot" if s.kind == "bot" else "human", bot=s.bot, name=k)
                        for s, k in zip(rotated, kept, strict=True)
                    ],
                    turn_seconds=old.options.get("turn_seconds"),
                    reaction_seconds=old.options.get("reaction_seconds"),
                    bot_delay=old.options.get("bot_delay", 0.0),
                )
                new, _ = await self.create(req, rematch_of=old.row)
                # carry each person's token hash to their new seat
                for i, s in enumerate(rotated):
                    new.row.seats[i].token_hash = s.token_hash
                await self.storage.run(self.storage.store.set_token_hashes, new.id, new.row.seats)
                old.row.rematch_id = new.id
                old.tell_rematch(seat)
        return await self.get(old.row.rematch_id), (seat + 1) % n

    async def rename(self, rt: TableRuntime, seat: int, name: str) -> None:
        """A person names their seat: stored with the table, and every open page is told.

        The name is already checked (``SeatName``); pages insert it as text.
        """
        try:
            self.rename_rate.hit(f"{rt.id}:{seat}")
        except LimitError:
            raise LimitError(
                "rate_limited",
                f"a seat may be renamed at most {RENAMES_PER_MINUTE} times a minute; "
                "try again later",
            ) from None
        # in place: the runtime reads the same options; not the table's lock, so a thinking
        # bot never delays it, but one rename at a time: with several database threads
        # (PostgreSQL) two writes could land in either order and the older names win
        async with self._renaming:
            names = dict(rt.row.options.get("names") or {})
            names[str(seat)] = name
            rt.row.options["names"] = names
            await self.storage.run(self.storage.store.set_options, rt.id, dict(rt.row.options))
        names_now = display_names(rt.row, rt.game)
        message = {"type": "names", "names": names_now, "table": self.summary(rt)}
        for sub in list(rt.subscribers):
            sub.push(message)

    async def list(self) -> list[dict[str, Any]]:
        rows = await self.storage.run(
            self.storage.store.list_tables, None, self.settings.max_tables_listed
        )
        out = []
        for r in rows:
            try:
                game = await self.game_for(r.game, r.players, r.settings)
            except CardtableError:  # e.g. a deck the server no longer offers
                continue
            out.append(table_summary(r, self.live.get(r.id), title, game))
        return out

    def summary(self, rt: TableRuntime | NewTable) -> dict[str, Any]:
        if isinstance(rt, NewTable):
            return table_summary(rt.row, rt.runtime, title, rt.game)
        return table_summary(rt.row, rt, title, rt.game)


def public_settings(game: Game, requested: dict[str, Any]) -> dict[str, Any]:
    """The game's settings as stored and shown: files by the deck names asked for, not paths."""
    out = dict(game.settings)
    for s in game.info.settings:
        if s.files:
            out[s.name] = requested.get(s.name, s.default)
    return out


def title(game: str) -> str:
    try:
        return game_info(game).title
    except CardtableError:
        return game
