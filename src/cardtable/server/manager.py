"""All tables of the server: creation, lookup, restart recovery and rematches.

Live tables (being played) are kept in memory with their engine state; a
finished table is loaded on demand from its stored moves. On start every
unfinished table is rebuilt by replaying its committed moves, then its bots
and clocks carry on as if nothing happened.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any

from cardtable.bots.registry import available_bots, default_bot
from cardtable.engine.errors import (
    CardtableError,
    PlayerCountError,
    SettingError,
    TableStateError,
    UnknownBotError,
)
from cardtable.engine.registry import available_games, game_info, load_game
from cardtable.server.db import SeatRow, Storage, TableRow
from cardtable.server.runtime import TableRuntime, table_summary
from cardtable.server.schemas import CreateTable, SeatSpec
from cardtable.server.settings import Settings
from cardtable.server.tokens import hash_token, new_table_id, new_token

log = logging.getLogger("cardtable.server")


class TableNotFound(LookupError):
    pass


class TableManager:
    def __init__(self, storage: Storage, settings: Settings) -> None:
        self.storage = storage
        self.settings = settings
        self.live: dict[str, TableRuntime] = {}
        self._loading: dict[str, asyncio.Lock] = {}

    async def start(self) -> int:
        """Rebuild and resume every unfinished table; returns how many."""
        rows = await self.storage.run(self.storage.store.list_tables, "playing", 10**9)
        for row in rows:
            try:
                await self._load(row)
            except CardtableError:
                log.exception("table %s could not be rebuilt; left as it is", row.id)
        return len(rows)

    async def stop(self) -> None:
        for rt in list(self.live.values()):
            await rt.close()
        self.live.clear()

    async def _load(self, row: TableRow) -> TableRuntime:
        moves = await self.storage.run(self.storage.store.load_moves, row.id)
        rt = TableRuntime(row, moves, self.storage)
        self._evict_finished()
        self.live[row.id] = rt
        rt.kick()
        return rt

    def _evict_finished(self) -> None:
        """Forget finished tables nobody watches once there are many; they reload from disk."""
        if len(self.live) < self.settings.max_live_tables:
            return
        for table_id, rt in list(self.live.items()):
            if rt.status == "over" and not rt.subscribers and not rt.lock.locked():
                rt.closed = True
                del self.live[table_id]

    async def get(self, table_id: str) -> TableRuntime:
        rt = self.live.get(table_id)
        if rt is not None:
            return rt
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            rt = self.live.get(table_id)
            if rt is not None:
                return rt
            row = await self.storage.run(self.storage.store.load_table, table_id)
            if row is None:
                raise TableNotFound(table_id)
            return await self._load(row)

    def options_from(self, req: CreateTable) -> dict[str, Any]:
        s = self.settings
        turn = s.default_turn_seconds if req.turn_seconds is None else req.turn_seconds
        react = s.default_reaction_seconds if req.reaction_seconds is None else req.reaction_seconds
        if turn > s.max_turn_seconds or react > s.max_turn_seconds:
            raise SettingError(f"clocks are limited to {s.max_turn_seconds} seconds")
        return {"turn_seconds": turn, "reaction_seconds": react, "bot_delay": req.bot_delay}

    async def create(
        self, req: CreateTable, rematch_of: TableRow | None = None, tokens: list[str] | None = None
    ) -> tuple[TableRuntime, list[str | None]]:
        """A new table; returns it with the raw token of each human seat (None for bots)."""
        if req.game not in available_games():
            raise SettingError(
                f"unknown game {req.game!r}; available games: {', '.join(available_games())}"
            )
        game = load_game(req.game, players=req.players, **req.settings)
        n = game.num_players
        specs = req.seats
        if specs is None:
            filler = default_bot(game)
            specs_list: list[tuple[str, str | None]] = [("human", None)]
            specs_list += [("bot", filler)] * (n - 1)
        else:
            if len(specs) != n:
                raise PlayerCountError(f"{len(specs)} seats given for a {n}-player table")
            specs_list = [(s.kind, s.bot) for s in specs]
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
            settings=dict(game.settings),
            seed=secrets.randbits(62),
            options=self.options_from(req),
            status="playing",
            created_at=time.time(),
            finished_at=None,
            rematch_of=rematch_of.id if rematch_of is not None else None,
            rematch_id=None,
            record=None,
            seats=seats,
        )
        await self.storage.run(self.storage.store.create_table, row)
        rt = await self._load(row)
        return rt, raw

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
                req = CreateTable(
                    game=old.row.game,
                    players=old.row.players,
                    settings=old.row.settings,
                    seats=[
                        SeatSpec(kind="bot" if s.kind == "bot" else "human", bot=s.bot)
                        for s in rotated
                    ],
                    turn_seconds=old.options.get("turn_seconds"),
                    reaction_seconds=old.options.get("reaction_seconds"),
                    bot_delay=old.options.get("bot_delay", 0.0),
                )
                rt, _ = await self.create(req, rematch_of=old.row)
                # carry each person's token hash to their new seat
                for i, s in enumerate(rotated):
                    rt.seats[i].token_hash = s.token_hash
                await self.storage.run(self.storage.store.set_token_hashes, rt.id, rt.seats)
                old.row.rematch_id = rt.id
        new = await self.get(old.row.rematch_id)
        return new, (seat + 1) % n

    async def list(self) -> list[dict[str, Any]]:
        rows = await self.storage.run(
            self.storage.store.list_tables, None, self.settings.max_tables_listed
        )
        return [table_summary(r, self.live.get(r.id), title) for r in rows]

    def summary(self, rt: TableRuntime) -> dict[str, Any]:
        return table_summary(rt.row, rt, title)


def title(game: str) -> str:
    try:
        return game_info(game).title
    except CardtableError:
        return game
