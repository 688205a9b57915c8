"""One live table: its engine state, its seats, its clocks, one move at a time.

Every change to a table happens under its lock, in this order: check the
message (seat, move number, id, legality) — refusals change nothing —, apply
the action and any chance outcomes that follow to a *copy* of the state,
commit those moves to the database, and only then swap the copy in,
acknowledge and broadcast. A failed commit leaves the table exactly as it was.

Reaction windows (a seat is asked and may pass) are shown to every human seat
alike, with the same deadline and a "pass" button, whether or not the seat is
the one really asked; the window closes when every human seat has answered or
the time is up, so neither the timing nor the prompt tells who holds what.
A non-pass answer (a played card) is public anyway and applies at once.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots.base import Bot
from cardtable.bots.registry import make_bot
from cardtable.engine.errors import ActionError
from cardtable.engine.game import Action, Game, State
from cardtable.server import snapshots
from cardtable.server.db import MoveRow, SeatRow, Snapshot, Storage, TableRow
from cardtable.server.errors import ProtocolError
from cardtable.server.thinking import MADE, Thinker, move_seed
from cardtable.server.views import (
    Delta,
    Prompt,
    default_action,
    is_pass,
    is_reaction,
    pass_action,
    seat_view,
    spectator_view,
    update_message,
)

log = logging.getLogger("cardtable.server")

# a subscriber whose outgoing queue grows past this is dropped; it reconnects with ``since``
MAX_QUEUE = 512


@dataclass(eq=False)
class Subscriber:
    """One connection: a seat (or ``None`` for a spectator) and its outgoing queue."""

    seat: int | None
    last: int  # the move number this connection was last told about
    # (move, window move) of the last update, so a settled position is sent once
    version: tuple[int, int | None] = (-1, None)
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)

    def push(self, message: dict[str, Any]) -> bool:
        if self.queue.qsize() >= MAX_QUEUE:
            self.queue.put_nowait(None)  # tells the writer to close
            return False
        self.queue.put_nowait(message)
        return True


@dataclass
class Window:
    """An open reaction window at move ``move``; ``asked`` is never sent to anyone."""

    move: int
    asked: int
    deadline: float | None  # None: no clock, the window waits for every answer
    seconds: float | None
    answered: set[int] = field(default_factory=set)
    pending: tuple[Action, str | None] | None = None


class TableRuntime:
    """One table in memory; built in a worker thread (loading may replay many moves)."""

    def __init__(
        self,
        row: TableRow,
        moves: list[MoveRow],
        storage: Storage,
        game: Game,
        thinker: Thinker,
        snapshot: Snapshot | None = None,
        snapshot_every: int = 0,
    ) -> None:
        self.id = row.id
        self.row = row
        self.storage = storage
        self.game = game
        self.thinker = thinker
        self.snapshot_every = snapshot_every
        self.seats: list[SeatRow] = row.seats
        self.options = row.options
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self.window: Window | None = None
        self.turn_deadline: tuple[int, float] | None = None
        self.used_ids: dict[int, set[str]] = {s.seat: set() for s in row.seats}
        self._timer: asyncio.TimerHandle | None = None
        self._driver: asyncio.Task[None] | None = None
        self._again = False
        self._sent_move = -1
        self.closed = False
        # the bots' own secret; tables stored before it existed get one from the manager
        self.bot_secret: int = row.bot_seed if row.bot_seed is not None else secrets.randbits(62)
        self.bots: dict[int, Bot] = {
            s.seat: make_bot(
                s.bot or "random", self.game, s.seat, move_seed(self.bot_secret, s.seat, MADE)
            )
            for s in row.seats
            if s.kind == "bot"
        }
        self.state: State = self.game.new_initial_state(seed=row.seed)
        self.initial_log_len = len(self.state.public_log())
        self.moves: list[MoveRow] = []
        self.replayed = 0  # moves replayed through the engine on loading (for the benchmarks)
        self._replay(moves, snapshot)
        self.snapshot_at = self.move

    # ---- loading -----------------------------------------------------------------
    def _replay(self, moves: list[MoveRow], snapshot: Snapshot | None) -> None:
        """Rebuild the state from committed moves, telling bots what they saw.

        From a snapshot when there is a usable one: then only the moves after it
        go through the engine.
        """
        start = 0
        restored = self._restore(snapshot, len(moves)) if snapshot is not None else None
        if restored is not None:
            self.state, self.bots = restored
            start = snapshot.number if snapshot is not None else 0
        for m in moves[start:]:
            self.state.apply_text(m.action)
            self._feed_bots(self.state)
            self.replayed += 1
        for m in moves:
            self.moves.append(m)
            if m.seat is not None and m.msg_id:
                self.used_ids[m.seat].add(m.msg_id)
        if moves:
            # the seeded RNG was not advanced by replay: draw fresh secret randomness
            self.state.rng = random.Random(secrets.randbits(64))

    def _restore(self, snap: Snapshot, stored: int) -> tuple[State, dict[int, Bot]] | None:
        loaded = snapshots.load(snap.data, snap.format, self.game)
        if loaded is None or not 0 < snap.number <= stored:
            return None
        state, bots = loaded
        if state.move_number() != snap.number or set(bots) != set(self.bots):
            return None
        return state, bots

    async def _maybe_snapshot(self) -> None:
        """Save the state every ``snapshot_every`` moves (lock held); a failure costs only time."""
        if not self.snapshot_every or self.move - self.snapshot_at < self.snapshot_every:
            return
        if self.state.is_terminal():
            return
        self.snapshot_at = self.move
        try:
            data = snapshots.dump(self.state, self.bots)
            snap = Snapshot(self.move, snapshots.snapshot_format(), data)
            await self.storage.run(self.storage.store.save_snapshot, self.id, snap)
        except Exception:
            log.exception("table %s: snapshot failed (restart will replay more)", self.id)

    def _feed_bots(self, state: State) -> None:
        for seat in self.bots:
            self._observe(seat, state.observation(seat))

    def _observe(self, seat: int, observation: dict[str, Any]) -> None:
        try:
            self.bots[seat].observe(observation)
        except Exception:  # a bot's memory bug must not stop the table
            log.exception("table %s: bot at seat %d failed to observe", self.id, seat)

    # ---- facts -------------------------------------------------------------------
    @property
    def move(self) -> int:
        return self.state.move_number()

    @property
    def status(self) -> str:
        return "over" if self.state.is_terminal() else "playing"

    def human_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "human"]

    def seat_for_token_hash(self, token_hash: str) -> int | None:
        for s in self.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, token_hash):
                return s.seat
        return None

    def log_len_at(self, move: int) -> int:
        return self.moves[move - 1].log_len if move > 0 else self.initial_log_len

    def delta(self, seat: int | None, since: int, log: list[str] | None = None) -> Delta:
        since = max(0, min(since, self.move))
        if log is None:
            log = self.state.public_log()
        lines = log[self.log_len_at(since) :]
        mine = [
            {"move": m.number, "action": m.action, "id": m.msg_id}
            for m in self.moves[since:]
            if seat is not None and m.seat == seat
        ]
        return Delta(lines, mine)

    # ---- views -------------------------------------------------------------------
    def prompt_for(self, seat: int | None) -> tuple[list[str], Prompt | None]:
        """The buttons and clock ``seat`` sees now (spectators see the window, no buttons)."""
        state = self.state
        if state.is_terminal():
            return [], None
        w = self.window
        if w is not None and w.move == self.move:
            answered = seat in w.answered
            prompt = Prompt("reaction", w.deadline, w.seconds, answered)
            if seat is None or seat not in self.human_seats() or answered:
                return [], prompt
            if seat == w.asked:
                return [str(a) for a in state.legal_actions()], prompt
            return [str(pass_action(state))], prompt
        player = state.current_player()
        if seat is not None and player == seat and not is_reaction(state):
            deadline = None
            seconds = self.options.get("turn_seconds") or None
            if self.turn_deadline is not None and self.turn_deadline[0] == self.move:
                deadline = self.turn_deadline[1]
            return [str(a) for a in state.legal_actions()], Prompt("turn", deadline, seconds)
        return [], None

    def view_for(self, seat: int | None) -> dict[str, Any]:
        legal, prompt = self.prompt_for(seat)
        reacting = is_reaction(self.state)
        if seat is None:
            return spectator_view(self.state, prompt, reacting)
        return seat_view(self.state, seat, legal, prompt, reacting)

    def version(self) -> tuple[int, int | None]:
        w = self.window
        return (self.move, w.move if w is not None and w.move == self.move else None)

    def update_for(self, sub: Subscriber, log: list[str] | None = None) -> dict[str, Any]:
        delta = self.delta(sub.seat, sub.last, log)
        msg = update_message(self.id, self.move, self.status, delta, self.view_for(sub.seat))
        sub.last = self.move
        sub.version = self.version()
        return msg

    def broadcast(self) -> None:
        self._sent_move = self.move
        version = self.version()
        log = self.state.public_log()  # built once per broadcast, not once per seat
        for sub in list(self.subscribers):
            if sub.version == version:
                continue
            if not sub.push(self.update_for(sub, log)):
                self.subscribers.discard(sub)

    def subscribe(self, seat: int | None, since: int) -> Subscriber:
        sub = Subscriber(seat, max(0, min(since, self.move)))
        self.subscribers.add(sub)
        sub.push(self.update_for(sub))
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.discard(sub)

    # ---- moves -------------------------------------------------------------------
    async def submit(self, seat: int, msg_id: str, move: int, text: str) -> dict[str, Any] | None:
        """A seat's move, or a ``ProtocolError`` that changed nothing.

        A committed move is acknowledged through the seat's subscribers (so the
        ack precedes the update); an answer held in a reaction window returns
        ``{"type": "answered"}`` — the same reply whether or not the seat was asked.
        """
        async with self.lock:
            if self.state.is_terminal():
                raise ProtocolError("game_over", "the game is over", self.move)
            if msg_id in self.used_ids[seat]:
                raise ProtocolError(
                    "replayed", f"message id {msg_id!r} was already used", self.move
                )
            # a window is opened before any answer is judged, so no seat is ever
            # told "not your turn" where another would be asked
            await self._ensure_window()
            current = self.move
            if move != current:
                raise ProtocolError(
                    "stale_move", f"move {move} is not the current move {current}", current
                )
            w = self.window
            if w is not None and w.move == current:
                reply = await self._answer_window(w, seat, msg_id, text)
            else:
                if self.state.current_player() != seat:
                    raise ProtocolError("wrong_seat", "it is not your decision", current)
                action = self._parse(text)
                await self._commit([(seat, action, msg_id)])
                reply = None
        self.kick()
        return reply

    def _parse(self, text: str) -> Action:
        try:
            return self.state.parse_action(text)
        except ActionError as exc:
            raise ProtocolError("illegal", f"{exc.reason} ({exc.where})", self.move) from exc

    def _names_pass(self, text: str) -> bool:
        """Whether ``text`` is the window's pass (the asked seat's declining action)."""
        try:
            return is_pass(self.state.parse_action(text))
        except ActionError:
            return False

    async def _answer_window(
        self, w: Window, seat: int, msg_id: str, text: str
    ) -> dict[str, Any] | None:
        if seat in w.answered:
            raise ProtocolError("wrong_seat", "you already answered this window", self.move)
        if seat != w.asked:
            if not self._names_pass(text):
                # the same words the asked seat would get for an action it cannot play
                raise ProtocolError("illegal", "that cannot be played now", self.move)
            self.used_ids[seat].add(msg_id)
            w.answered.add(seat)
            return {"type": "answered", "id": msg_id, "move": self.move}
        try:
            action = self.state.parse_action(text)
        except ActionError as exc:
            raise ProtocolError("illegal", "that cannot be played now", self.move) from exc
        if is_pass(action):
            self.used_ids[seat].add(msg_id)
            w.answered.add(seat)
            w.pending = (action, msg_id)
            return {"type": "answered", "id": msg_id, "move": self.move}
        await self._commit([(seat, action, msg_id)])
        return None

    async def _commit(self, actions: list[tuple[int, Action, str | None]]) -> None:
        """Apply to a copy, resolve chance, store, then swap in. Lock must be held."""
        nxt = self.state.clone()
        rows: list[MoveRow] = []
        seen: list[dict[int, dict[str, Any]]] = []
        number = nxt.move_number()
        for seat, action, msg_id in actions:
            nxt.apply_action(action)
            number += 1
            rows.append(MoveRow(number, seat, str(action), msg_id, len(nxt.public_log())))
            if self.bots:
                seen.append({b: nxt.observation(b) for b in self.bots})
        while nxt.is_chance_node():
            outcome = nxt.sample_chance()
            nxt.apply_action(outcome)
            number += 1
            rows.append(MoveRow(number, None, str(outcome), None, len(nxt.public_log())))
            if self.bots:
                seen.append({b: nxt.observation(b) for b in self.bots})
        record = nxt.to_record() if nxt.is_terminal() else None
        try:
            await self.storage.run(self.storage.store.append_moves, self.id, rows, record)
        except Exception as exc:
            log.exception("table %s: commit failed", self.id)
            raise ProtocolError("storage", "the move could not be stored", self.move) from exc
        self.state = nxt
        self.moves.extend(rows)
        for (seat, _, msg_id), row in zip(actions, rows, strict=False):
            if msg_id:
                self.used_ids[seat].add(msg_id)
                # ``number`` is this action's place in the record; ``move`` the state's now
                ack = {"type": "ack", "id": msg_id, "number": row.number, "move": self.move}
                for sub in list(self.subscribers):
                    if sub.seat == seat:
                        sub.push(ack)
        for observations in seen:
            for b, obs in observations.items():
                self._observe(b, obs)
        self.window = None
        if record is not None:
            self.row.status = "over"
            self.row.record = record
        await self._maybe_snapshot()

    async def set_auto_pass(self, seat: int, on: bool) -> None:
        async with self.lock:
            await self.storage.run(self.storage.store.set_auto_pass, self.id, seat, on)
            for s in self.seats:
                if s.seat == seat:
                    s.auto_pass = on
            w = self.window
            if on and w is not None and w.move == self.move and seat not in w.answered:
                self._auto_answer(w, seat)
        self.kick()

    def _auto_answer(self, w: Window, seat: int) -> None:
        w.answered.add(seat)
        if seat == w.asked:
            w.pending = (pass_action(self.state), "auto-pass")

    # ---- the driver: chance, bots, windows and clocks ------------------------------
    def kick(self) -> None:
        """Make the table move on if it can (bots, closed windows, expired clocks)."""
        if self.closed:
            return
        self._again = True
        if self._driver is None or self._driver.done():
            self._driver = asyncio.create_task(self._drive())

    async def _drive(self) -> None:
        while not self.closed:
            self._again = False
            delay = self._bot_delay()
            if delay:
                await asyncio.sleep(delay)
            try:
                async with self.lock:
                    progressed = await self._step()
            except ProtocolError:
                progressed = False  # storage trouble: the clock re-arms and tries again
                self._arm(time.time() + 1.0)
            except Exception:
                log.exception("table %s: driver failed", self.id)
                return
            if not progressed and not self._again:
                return

    def _bot_delay(self) -> float:
        player = self.state.current_player()
        if isinstance(player, int) and player in self.bots and not is_reaction(self.state):
            return float(self.options.get("bot_delay") or 0.0)
        return 0.0

    async def _bot_act(self, seat: int) -> Action:
        """The bot's decision, thought in a worker process with its own secret randomness."""
        seed = move_seed(self.bot_secret, seat, self.move)
        action = await self.thinker.decide(self.bots[seat], self.state, seat, seed)
        if action is None:
            log.warning("table %s: bot at seat %d gave no legal move; default move", self.id, seat)
            return default_action(self.state)
        return action

    async def _ensure_window(self) -> bool:
        """Open the reaction window of this move if there is one; True if a bot played."""
        state = self.state
        move = self.move
        if not is_reaction(state) or (self.window is not None and self.window.move == move):
            return False
        player = state.current_player()
        assert isinstance(player, int)
        seconds = float(self.options.get("reaction_seconds") or 0.0)
        deadline = time.time() + seconds if seconds > 0 else None
        w = self.window = Window(move, player, deadline, seconds or None)
        if player in self.bots:
            action = await self._bot_act(player)
            if not is_pass(action):
                await self._commit([(player, action, None)])
                return True
            w.answered.add(player)
            w.pending = (action, None)
        for s in self.seats:
            if s.kind == "human" and s.auto_pass:
                self._auto_answer(w, s.seat)
        return False

    async def _step(self) -> bool:
        """Do one thing that needs no person; True if the table changed."""
        state = self.state
        if state.is_terminal():
            self._cancel_timer()
            if self._sent_move != self.move:
                self.broadcast()
            return False
        if state.is_chance_node():
            await self._commit([])
            return True
        move = self.move
        player = state.current_player()
        assert isinstance(player, int)  # not chance, not terminal
        now = time.time()
        if is_reaction(state):
            if await self._ensure_window():
                return True
            w = self.window
            assert w is not None
            everyone = set(self.human_seats()) | {w.asked}
            expired = w.deadline is not None and time.time() >= w.deadline
            if everyone <= w.answered or expired:
                action, msg_id = w.pending or (pass_action(state), "timeout")
                await self._commit([(player, action, msg_id)])
                return True
            if self._sent_move != move:
                self.broadcast()
            if w.deadline is not None:
                self._arm(w.deadline)
            return False
        self.window = None
        if player in self.bots:
            await self._commit([(player, await self._bot_act(player), None)])
            return True
        seconds = float(self.options.get("turn_seconds") or 0.0)
        if seconds > 0:
            if self.turn_deadline is None or self.turn_deadline[0] != move:
                self.turn_deadline = (move, now + seconds)
            deadline = self.turn_deadline[1]
            if now >= deadline:
                await self._commit([(player, default_action(state), "timeout")])
                return True
            self._arm(deadline)
        if self._sent_move != move:
            self.broadcast()
        return False

    def _arm(self, deadline: float) -> None:
        self._cancel_timer()
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(max(0.0, deadline - time.time()) + 0.01, self.kick)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def close(self) -> None:
        self.closed = True
        self._cancel_timer()
        if self._driver is not None and not self._driver.done():
            self._driver.cancel()
        for sub in list(self.subscribers):
            sub.queue.put_nowait(None)


def table_summary(
    row: TableRow, runtime: TableRuntime | None, title: Callable[[str], str], game: Game
) -> dict[str, Any]:
    """Public facts about a table (never tokens, never a seed, never a file path)."""
    connected: set[int] = set()
    if runtime is not None:
        connected = {s.seat for s in runtime.subscribers if s.seat is not None}
    return {
        "id": row.id,
        "game": row.game,
        "title": title(row.game),
        "players": row.players,
        "settings": row.settings,
        "status": runtime.status if runtime is not None else row.status,
        "move": runtime.move if runtime is not None else None,
        "seats": [
            {
                "seat": s.seat,
                "name": game.seat_name(s.seat),
                "kind": s.kind,
                "bot": s.bot,
                "connected": s.seat in connected if s.kind == "human" else True,
            }
            for s in row.seats
        ],
        "options": row.options,
        "created_at": row.created_at,
        "rematch_of": row.rematch_of,
        "rematch_id": row.rematch_id,
    }
