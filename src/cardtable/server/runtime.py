"""One live table: its engine state, its seats, its clocks, one move at a time.

Every change to a table happens under its lock, in this order: check the
message (seat, move number, id, legality) — refusals change nothing —, apply
the action and any chance outcomes that follow to a *copy* of the state,
commit those moves to the database, and only then swap the copy in,
acknowledge and broadcast. A failed commit leaves the table exactly as it was.

Reaction windows (a seat is asked and may pass) are held as one *phase* per
play: the windows the engine asks in turn after it. A person is shown a
question only when they hold an answer (a legal action other than pass);
everyone else is passed for by the server. While a phase is open every seat
and spectator is shown the position as it was when the phase opened, with the
same countdown; answers are held, and the phase is resolved in the engine's
order in the background (bots think then) but shown only when it closes: at
its deadline, which is the same whoever could answer, or — in games where every
seat asked can always answer (``GameInfo.open_reactions``) — once all have
answered. So neither the prompts others see nor the timing tells who held what.
"""

from __future__ import annotations

import asyncio
import contextlib
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
from cardtable.server.names import display_names
from cardtable.server.thinking import MADE, Thinker, move_seed
from cardtable.server.views import (
    Delta,
    Prompt,
    default_action,
    is_pass,
    is_reaction,
    look_ahead,
    pass_action,
    seat_view,
    spectator_view,
    update_message,
)

log = logging.getLogger("cardtable.server")

# the message ids of moves the server made for a seat (never acknowledged, never "used")
TIMEOUT = "timeout"
AUTO_PASS = "auto-pass"
MADE_BY_SERVER = frozenset({TIMEOUT, AUTO_PASS})
# the pace's variation: the server's own randomness, unrelated to any game's
_PACE = random.Random(secrets.randbits(64))

# a subscriber whose outgoing queue grows past this is dropped; it reconnects with ``since``
MAX_QUEUE = 512
# the longest wait before a driver that met an error tries again
RETRY_MAX_SECONDS = 60


@dataclass(eq=False)
class Subscriber:
    """One connection: a seat (or ``None`` for a spectator) and its outgoing queue."""

    seat: int | None
    last: int  # the move number this connection was last told about
    # (move, window move) of the last update, so a settled position is sent once
    version: tuple[int, int | None] = (-1, None)
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    # False once the same seat connects again (another tab): it watches, the newest plays
    active: bool = True

    def push(self, message: dict[str, Any]) -> bool:
        if self.queue.qsize() >= MAX_QUEUE:
            self.queue.put_nowait(None)  # tells the writer to close
            return False
        self.queue.put_nowait(message)
        return True


# a hidden-answer phase at a table with people lasts this long when the table sets no clock
DEFAULT_WINDOW_SECONDS = 4.0
# how long a phase in which the engine asks only bots is shown, at a table with people:
# the same whatever the bots hold (their decisions are quick; a search is cut to it)
BOTS_WINDOW_SECONDS = 0.6


@dataclass
class Phase:
    """The reaction windows after one play, shown to everyone as one pause.

    ``prompts`` (never sent to anyone but the seat itself) holds, for each person
    who holds an answer, the choices the engine will give it if every seat before
    it passes; ``answers`` holds what they said until the engine reaches them.
    """

    move: int  # the move number every seat is shown while the phase is open
    shown: State  # the position every seat is shown while the phase is open
    deadline: float | None  # None: no clock (open phases only)
    seconds: float | None
    fixed: bool  # closes at its deadline only: who can answer is hidden
    prompts: dict[int, list[str]]
    asked_at: dict[int, int]  # the move at which each prompted seat is asked
    answers: dict[int, tuple[str, str]] = field(default_factory=dict)
    acks: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    settled: bool = False  # resolved up to the end of its windows (or a real answer)


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
        self.phase: Phase | None = None
        self.turn_deadline: tuple[int, float] | None = None
        self.used_ids: dict[int, set[str]] = {s.seat: set() for s in row.seats}
        self._timer: asyncio.TimerHandle | None = None
        self._driver: asyncio.Task[None] | None = None
        # the commit being written: it lands even if the driver is cancelled, and a
        # handoff waits for it, so the next owner loads every committed move
        self._inflight: asyncio.Future[None] | None = None
        self._again = False
        self._failures = 0  # the driver's errors in a row (``_failed``)
        self._sent_move = -1
        # the public log of the state the last commit swapped in, built there already:
        # a broadcast after it reuses it (a long match's log is milliseconds to build)
        self._log_at: tuple[int, list[str]] | None = None
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
        self.snapshot_at = self.state.move_number()

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
        number = self.state.move_number()
        if not self.snapshot_every or number - self.snapshot_at < self.snapshot_every:
            return
        if self.state.is_terminal():
            return
        self.snapshot_at = number
        try:
            data = snapshots.dump(self.state, self.bots)
            snap = Snapshot(number, snapshots.snapshot_format(), data)
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
        """The move number every seat is shown (held while a reaction phase is open)."""
        ph = self.phase
        return ph.move if ph is not None else self.state.move_number()

    @property
    def shown_state(self) -> State:
        """The position every seat is shown: ``state`` but while a reaction phase is open."""
        ph = self.phase
        return ph.shown if ph is not None else self.state

    @property
    def status(self) -> str:
        return "over" if self.shown_state.is_terminal() else "playing"

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
        shown = self.move
        since = max(0, min(since, shown))
        if log is None:
            log = self.shown_state.public_log()
        lines = log[self.log_len_at(since) : self.log_len_at(shown)]
        mine = [
            {"move": m.number, "action": m.action, "id": m.msg_id}
            for m in self.moves[since:shown]
            if seat is not None and m.seat == seat
        ]
        return Delta(lines, mine)

    # ---- views -------------------------------------------------------------------
    def prompt_for(self, seat: int | None) -> tuple[list[str], Prompt | None]:
        """The buttons and clock ``seat`` sees now (spectators see the phase, no buttons)."""
        ph = self.phase
        if ph is not None:
            answered = seat is not None and seat in ph.answers
            prompt = Prompt("reaction", ph.deadline, ph.seconds, answered)
            if seat is not None and seat in ph.prompts and not answered:
                return list(ph.prompts[seat]), prompt
            return [], prompt
        state = self.state
        if state.is_terminal():
            return [], None
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
        state = self.shown_state
        reacting = is_reaction(state)
        if seat is None:
            return spectator_view(state, prompt, reacting)
        return seat_view(state, seat, legal, prompt, reacting)

    def version(self) -> tuple[int, int | None]:
        ph = self.phase
        return (self.move, ph.move if ph is not None else None)

    def update_for(self, sub: Subscriber, log: list[str] | None = None) -> dict[str, Any]:
        delta = self.delta(sub.seat, sub.last, log)
        msg = update_message(self.id, self.move, self.status, delta, self.view_for(sub.seat))
        sub.last = self.move
        sub.version = self.version()
        return msg

    def broadcast(self) -> None:
        self._sent_move = self.move
        if not self.subscribers:
            return  # a table nobody watches: a newcomer is sent the position on arrival
        version = self.version()
        cached = self._log_at
        if self.phase is None and cached is not None and cached[0] == self.move:
            log = cached[1]
        else:
            log = self.shown_state.public_log()  # built once per broadcast, not once per seat
        for sub in list(self.subscribers):
            if sub.version == version:
                continue
            if not sub.push(self.update_for(sub, log)):
                self.subscribers.discard(sub)

    def subscribe(self, seat: int | None, since: int) -> Subscriber:
        if seat is not None:
            # one seat, one player: the newest connection plays, older ones are told
            for old in self.subscribers:
                if old.seat == seat and old.active:
                    old.active = False
                    old.push({"type": "elsewhere"})
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
        ack precedes the update); an answer in a reaction phase returns
        ``{"type": "answered"}`` and is acknowledged when the phase closes.
        """
        async with self.lock:
            if self.closed:
                raise ProtocolError("moved", "this table moved; reconnect to play on", self.move)
            if self.shown_state.is_terminal():
                raise ProtocolError("game_over", "the game is over", self.move)
            if msg_id in self.used_ids[seat]:
                raise ProtocolError(
                    "replayed", f"message id {msg_id!r} was already used", self.move
                )
            # a phase is opened before any move is judged: a seat with nothing to
            # answer is told "not your decision", as at any other time
            await self._ensure_phase()
            current = self.move
            if move != current:
                raise ProtocolError(
                    "stale_move", f"move {move} is not the current move {current}", current
                )
            ph = self.phase
            if ph is not None:
                reply = self._answer(ph, seat, msg_id, text)
                await self._advance(ph, final=False)
            else:
                if self.state.current_player() != seat:
                    raise ProtocolError("wrong_seat", "it is not your decision", current)
                action = self._parse(text)
                await self._commit([(seat, action, msg_id)])
                self._show_if_settled()
                reply = None
        self.kick()
        return reply

    def _show_if_settled(self) -> None:
        """Show the position a move led to now, unless the driver must act on it first.

        A person's move is shown with its ``ack`` (one send on the mover's socket
        instead of two), and so is each bot's move when it is made: a bot's turn
        after a person's is watched happening, at the table's pace, rather than
        arriving with every other bot's at the person's next turn. Positions the
        driver must act on first (chance, a reaction window: it opens the phase
        and shows it) are left to it.
        """
        state = self.state
        if self.phase is not None or self.closed:
            return
        if not state.is_terminal():
            if state.is_chance_node() or is_reaction(state):
                return
            if state.current_player() not in self.bots:
                self._start_turn_clock(time.time())
        if self._sent_move != self.move:
            self.broadcast()

    def _start_turn_clock(self, now: float) -> float | None:
        """The deadline of a person's turn at this move, set when first asked (no clock: None)."""
        seconds = float(self.options.get("turn_seconds") or 0.0)
        if seconds <= 0:
            return None
        if self.turn_deadline is None or self.turn_deadline[0] != self.move:
            self.turn_deadline = (self.move, now + seconds)
        return self.turn_deadline[1]

    def _parse(self, text: str) -> Action:
        try:
            return self.state.parse_action(text)
        except ActionError as exc:
            # the reason alone: the position ("chez, move 53, P0 to act") names seats in
            # notation, and the seat that sent it knows the move (the reply carries it)
            raise ProtocolError("illegal", exc.reason, self.move) from exc

    def _answer(self, ph: Phase, seat: int, msg_id: str, text: str) -> dict[str, Any]:
        """Hold a person's answer until the engine reaches its window."""
        if seat not in ph.prompts:
            raise ProtocolError("wrong_seat", "it is not your decision", self.move)
        if seat in ph.answers:
            raise ProtocolError("wrong_seat", "you already answered", self.move)
        if text not in ph.prompts[seat]:
            raise ProtocolError("illegal", "that cannot be played now", self.move)
        self.used_ids[seat].add(msg_id)
        ph.answers[seat] = (text, msg_id)
        return {"type": "answered", "id": msg_id, "move": self.move}

    async def _commit(
        self, actions: list[tuple[int, Action, str | None]], quiet: Phase | None = None
    ) -> None:
        """Apply to a copy, resolve chance, store, then swap in. Lock must be held.

        With ``quiet`` (a reaction phase) the acknowledgements wait in the phase
        until it closes, so an ack's timing tells a seat nothing about others.
        """
        nxt = self.state.clone()
        rows: list[MoveRow] = []
        seen: list[dict[int, dict[str, Any]]] = []
        number = nxt.move_number()
        lines: list[str] = []
        for seat, action, msg_id in actions:
            nxt.apply_action(action)
            number += 1
            lines = nxt.public_log()
            rows.append(MoveRow(number, seat, str(action), msg_id, len(lines)))
            if self.bots:
                seen.append({b: nxt.observation(b) for b in self.bots})
        while nxt.is_chance_node():
            outcome = nxt.sample_chance()
            nxt.apply_action(outcome)
            number += 1
            lines = nxt.public_log()
            rows.append(MoveRow(number, None, str(outcome), None, len(lines)))
            if self.bots:
                seen.append({b: nxt.observation(b) for b in self.bots})
        record = nxt.to_record() if nxt.is_terminal() else None
        if self.closed:
            raise ProtocolError("moved", "this table moved; reconnect to play on", self.move)
        commit = asyncio.ensure_future(self.storage.commit_moves(self.id, rows, record))
        self._inflight = commit
        try:
            await asyncio.shield(commit)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("table %s: commit failed", self.id)
            raise ProtocolError("storage", "the move could not be stored", self.move) from exc
        self.state = nxt
        self.moves.extend(rows)
        if rows:
            self._log_at = (nxt.move_number(), lines)
        for (seat, _, msg_id), row in zip(actions, rows, strict=False):
            if msg_id and msg_id not in MADE_BY_SERVER:
                self.used_ids[seat].add(msg_id)
                # ``number`` is this action's place in the record; ``move`` the state's now
                ack = {"type": "ack", "id": msg_id, "number": row.number}
                if quiet is not None:
                    quiet.acks.append((seat, ack))
                else:
                    self._ack(seat, ack)
        for observations in seen:
            for b, obs in observations.items():
                self._observe(b, obs)
        if record is not None:
            self.row.status = "over"
            self.row.record = record
        await self._maybe_snapshot()

    def _ack(self, seat: int, ack: dict[str, Any]) -> None:
        ack = {**ack, "move": self.move}
        for sub in list(self.subscribers):
            if sub.seat == seat:
                sub.push(ack)

    async def set_auto_pass(self, seat: int, on: bool) -> None:
        async with self.lock:
            await self.storage.run(self.storage.store.set_auto_pass, self.id, seat, on)
            for s in self.seats:
                if s.seat == seat:
                    s.auto_pass = on
            ph = self.phase
            if on and ph is not None and seat in ph.prompts and seat not in ph.answers:
                ph.answers[seat] = (str(pass_action(ph.shown)), AUTO_PASS)
                await self._advance(ph, final=False)
        self.kick()

    # ---- reaction phases ---------------------------------------------------------
    async def _ensure_phase(self) -> None:
        """Open the reaction phase of this position if there is one (lock held)."""
        state = self.state
        if self.phase is not None or not is_reaction(state):
            return
        people = {s.seat for s in self.seats if s.kind == "human"}
        askable = {s.seat for s in self.seats if s.kind == "human" and not s.auto_pass}
        ahead = look_ahead(state, askable, 4 * len(self.seats) + 4)
        persons_asked = bool(ahead.asked & people)
        clock = float(self.options.get("reaction_seconds") or 0.0)
        fixed = not self.game.info.open_reactions
        if not fixed:
            seconds: float | None = clock or None
        elif not people:
            seconds = 0.0  # nobody watches a table of bots
        elif persons_asked:
            seconds = clock or DEFAULT_WINDOW_SECONDS
        else:
            seconds = min(BOTS_WINDOW_SECONDS, clock) if clock else BOTS_WINDOW_SECONDS
        deadline = None if seconds is None else time.time() + seconds
        self.phase = Phase(
            self.move, state, deadline, seconds or None, fixed, ahead.prompts, ahead.asked_at
        )
        await self._advance(self.phase, final=False)

    async def _advance(self, ph: Phase, final: bool) -> None:
        """Resolve the phase's windows in the engine's order as far as answers allow.

        Moves are stored as they resolve but shown only when the phase closes.
        With ``final`` the clock has run out: people who have not answered pass.
        """
        while not ph.settled:
            state = self.state
            if state.is_terminal() or not is_reaction(state):
                ph.settled = True
                break
            seat = state.current_player()
            assert isinstance(seat, int)
            msg_id: str | None
            if seat in self.bots:
                action, msg_id = await self._bot_act(seat), None
            elif seat in ph.prompts and ph.asked_at.get(seat) == state.move_number():
                held = ph.answers.get(seat)
                if held is None:
                    if not final:
                        return
                    action, msg_id = pass_action(state), TIMEOUT
                else:
                    text, msg_id = held
                    try:
                        action = state.parse_action(text)
                    except ActionError:  # cannot happen while everyone before passed
                        action, msg_id = pass_action(state), TIMEOUT
            else:
                action, msg_id = pass_action(state), AUTO_PASS
            await self._commit([(seat, action, msg_id)], quiet=ph)
            if not is_pass(action):
                ph.settled = True  # a real answer: its own windows are a new phase

    def _phase_due(self, ph: Phase) -> bool:
        expired = ph.deadline is not None and time.time() >= ph.deadline
        if ph.fixed:
            return expired
        return ph.settled or expired

    def _close_phase(self, ph: Phase) -> None:
        """Show what the phase resolved: acks to their seats first, then the update."""
        self.phase = None
        for seat, ack in ph.acks:
            self._ack(seat, ack)
        self.broadcast()

    # ---- the driver: chance, bots, phases and clocks --------------------------------
    def kick(self) -> None:
        """Make the table move on if it can (bots, closed phases, expired clocks)."""
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
                self._failed()
                return
            self._failures = 0
            if not progressed and not self._again:
                return

    def _failed(self) -> None:
        """The driver met an error of the server's own: say so, and try again later.

        Why not stop: a table whose driver returned stayed frozen with nobody told,
        until a person's move woke it. The clients are told in words that give
        nothing of the error away (it may name a card), and the retries back off
        (1, 2, 4 … 60 s) so that an error that repeats costs little.
        """
        self._failures += 1
        log.exception("table %s: driver failed (%d in a row)", self.id, self._failures)
        wait = float(min(RETRY_MAX_SECONDS, 2 ** (self._failures - 1)))
        notice = {
            "type": "error",
            "code": "server_error",
            "message": f"the table met an error on the server and tries again in {wait:.0f} s;"
            " every move made so far is kept",
        }
        for sub in list(self.subscribers):
            if not sub.push(notice):
                self.subscribers.discard(sub)
        if not self.closed:
            self._arm(time.time() + wait)

    def tell_rematch(self, by: int) -> None:
        """The other people's pages are told that ``by`` started the rematch.

        Why: the rematch is made once, by whoever asks first; a friend still looking at
        the result saw nothing until they pressed Rematch too. Their page now offers
        to join it (the same request, which finds the rematch made).
        """
        for sub in list(self.subscribers):
            if (
                sub.seat is not None
                and sub.seat != by
                and not sub.push({"type": "rematch", "by": by})
            ):
                self.subscribers.discard(sub)

    def _bot_delay(self) -> float:
        """A bot's human moment before its turn: the table's pace, varied a little.

        The variation is drawn from the server's own randomness, never from the
        game, so how long a bot waits says nothing about its cards.
        """
        if self.phase is not None:
            return 0.0
        player = self.state.current_player()
        if isinstance(player, int) and player in self.bots and not is_reaction(self.state):
            pace = float(self.options.get("bot_delay") or 0.0)
            return pace * _PACE.uniform(0.7, 1.3) if pace > 0 else 0.0
        return 0.0

    async def _bot_act(self, seat: int) -> Action:
        """The bot's decision, thought in a worker process with its own secret randomness."""
        seed = move_seed(self.bot_secret, seat, self.state.move_number())
        # a person at a seat now puts this table's bots first in line; bot-only tables are paced
        person = any(s.seat is not None for s in self.subscribers)
        action = await self.thinker.decide(
            self.bots[seat],
            self.state,
            seat,
            seed,
            table=self.id,
            person=person,
            bot_only=not self.human_seats(),
        )
        if action is None:
            log.warning("table %s: bot at seat %d gave no legal move; default move", self.id, seat)
            return default_action(self.state)
        return action

    async def _step(self) -> bool:
        """Do one thing that needs no person; True if the table changed."""
        ph = self.phase
        if ph is not None:
            if self._phase_due(ph):
                await self._advance(ph, final=True)
                self._close_phase(ph)
                return True
            if ph.deadline is not None:
                self._arm(ph.deadline)
            return False
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
            await self._ensure_phase()
            self.broadcast()  # the play that opened the phase, its prompts and countdown
            return True
        if player in self.bots:
            await self._commit([(player, await self._bot_act(player), None)])
            self._show_if_settled()
            return True
        deadline = self._start_turn_clock(now)
        if deadline is not None:
            if now >= deadline:
                await self._commit([(player, default_action(state), TIMEOUT)])
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

    async def hand_over(self) -> None:
        """Stop playing here once the last commit has landed: another process takes over.

        Its sockets are closed (clients reconnect through the balancer, to the new
        owner); a person's move being committed finishes first, and a commit the
        cancelled driver left in flight is waited for, so the next owner, loading
        from the database, finds every move this one acknowledged or will.
        """
        await self.close()
        async with self.lock:
            inflight = self._inflight
            if inflight is not None and not inflight.done():
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(asyncio.shield(inflight), 60)


def table_summary(
    row: TableRow, runtime: TableRuntime | None, title: Callable[[str], str], game: Game
) -> dict[str, Any]:
    """Public facts about a table (never tokens, never a seed, never a file path)."""
    names = display_names(row, game)
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
                "name": names[s.seat],
                "game_name": game.seat_name(s.seat),
                # a person who has not named themself is asked on their page
                "named": str(s.seat) in (row.options.get("names") or {}),
                "kind": s.kind,
                "bot": s.bot,
                "connected": s.seat in connected if s.kind == "human" else True,
            }
            for s in row.seats
        ],
        # never the creator's token hash (``tokens.CREATOR_KEY``)
        "options": {k: v for k, v in row.options.items() if k != "creator_hash"},
        "created_at": row.created_at,
        "rematch_of": row.rematch_of,
        "rematch_id": row.rematch_id,
    }
