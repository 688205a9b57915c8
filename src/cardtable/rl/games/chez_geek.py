"""Chez Geek: an action table built from the deck in play; a per-seat tensor.

Cards are data (the ``deck`` setting), so the table is derived from the deck's
card list, always in this order:

| ids | actions |
|---|---|
| 0-4 | ``pass``, ``done``, ``shop``, ``checkout``, ``dismiss`` |
| next | ``send S`` for each seat |
| next | ``pick JOB`` for each Job |
| next | ``buy`` each Thing, ``do`` each Activity, ``discard`` each card |
| next | ``call P S``: each Person or Pet into each seat's room |
| next | ``play W`` with every target its effects allow (below) |

A Whenever's targets are none, a seat ``S``, a room card ``S:slug`` (``#2``,
``#3`` … for later copies) or a Person moved to a room, ``S:slug>D``.

Seats in the tensor are relative: index 0 is the observing seat.
"""

from __future__ import annotations

from array import array
from typing import Any, Final, cast

import numpy as np

from cardtable.engine.game import State
from cardtable.games.chez_geek.actions import WORDS
from cardtable.games.chez_geek.cards import K_ACTIVITY, K_THING, K_WHENEVER
from cardtable.games.chez_geek.core import Aim, ChezGeekCore
from cardtable.games.chez_geek.game import ChezGeekGame
from cardtable.games.chez_geek.phases import PHASE_NAMES
from cardtable.games.chez_geek.steps import PLAY_NAMES, STEP_NAMES, Announced
from cardtable.rl.codec import Codec, one_hot
from cardtable.rl.spaces import ActionTable, Layout

# a room can hold at most this many copies of one card (the deck's own copies count)
GOAL_SCALE: Final = 30.0
N_PLAYS: Final = len(PLAY_NAMES)
N_STEPS: Final = len(STEP_NAMES)
# dtypes made once: numpy converts a type given as ``dtype=np.float32`` on every call
F32: Final = np.dtype(np.float32)
I8: Final = np.dtype(np.int8)


def _thirds(count: int) -> list[float]:
    """``k`` thirds as ``_fill`` leaves them in float32, adding 1/3 once per card.

    A hand's count is written once from the state; rounding each addition to
    float32 need not give the float32 of ``k / 3``, so the values are the sums
    themselves.
    """
    acc = array("f", [0.0])
    out = [0.0]
    for _ in range(count):
        acc[0] += 1.0 / 3.0
        out.append(acc[0])
    return out


# more copies of one card than any hand holds in play; more are summed on demand
THIRDS: Final = _thirds(32)


def _refs(game: ChezGeekGame, seat: int, people_only: bool) -> list[str]:
    out = []
    for card in game.deck_def.cards:
        if card.kind == K_WHENEVER or (people_only and not card.is_person):
            continue
        for nth in range(1, card.copies + 1):
            out.append(f"{seat}:{card.slug}" if nth == 1 else f"{seat}:{card.slug}#{nth}")
    return out


def _targets(game: ChezGeekGame, card: Any) -> list[str]:
    n = game.num_players
    effects = game.effects
    for e in card.effects:
        aim = effects[e.kind].aim
        if aim is Aim.OTHER_SEAT and e.target == "other":
            return [str(s) for s in range(n)]
        if aim is not Aim.ROOM_CARD and aim is not Aim.ROOM_PERSON:
            continue
        if aim is Aim.ROOM_PERSON:
            return [
                f"{ref}>{d}"
                for s in range(n)
                for ref in _refs(game, s, True)
                for d in range(n)
                if d != s
            ]
        return [ref for s in range(n) for ref in _refs(game, s, False)]
    return [""]


def action_labels(game: ChezGeekGame) -> list[str]:
    n = game.num_players
    cards = game.deck_def.cards
    labels = list(WORDS)
    labels += [f"send {s}" for s in range(n)]
    labels += [f"pick {j.slug}" for j in game.deck_def.jobs]
    labels += [f"buy {c.slug}" for c in cards if c.kind == K_THING]
    labels += [f"do {c.slug}" for c in cards if c.kind == K_ACTIVITY]
    labels += [f"discard {c.slug}" for c in cards]
    labels += [f"call {c.slug} {s}" for c in cards if c.is_person for s in range(n)]
    for c in cards:
        if c.kind == K_WHENEVER:
            labels += [f"play {c.slug} {t}" if t else f"play {c.slug}" for t in _targets(game, c)]
    return labels


class ChezGeekCodec(Codec):
    game: ChezGeekGame

    def _action_table(self) -> ActionTable:
        table = ActionTable(action_labels(self.game))
        self.size_of_actions = len(table)
        return table

    def utility(self) -> tuple[float, float, float | None]:
        return (0.0, 1.0, None)  # the match's winner gets 1

    def _declare(self, layout: Layout) -> None:
        g = self.game
        n = g.num_players
        cards = g.deck_def.cards
        self.card_index = {c.slug: i for i, c in enumerate(cards)}
        self.job_index = {j.slug: i for i, j in enumerate(g.deck_def.jobs)}
        c = self.ncards = len(cards)
        jobs = self.njobs = len(self.job_index)
        self.deck_size = float(sum(card.copies for card in cards))
        a = layout.add
        self.o_phase = a("phase", len(PHASE_NAMES), "one-hot phase: " + ", ".join(PHASE_NAMES))
        self.o_seats = a("seats", 2 * n, "relative seat whose turn it is, relative seat to act")
        self.o_misc = a(
            "misc",
            5,
            "Income / 6, Free Time / 6, draw pile / deck, discard / deck, match game / games",
        )
        self.o_hand = a("hand", c, f"your hand: copies of each of the {c} card types / 3")
        self.o_player = a(
            "players",
            n * (jobs + 6),
            "per relative seat: Job (one-hot), "
            "Slack / 30, goal / 30, hand size / 10, owed Free Time, owed "
            "Income, match wins / games",
        )
        self.o_room = a("rooms", n * c, "per relative seat: cards in the room per card type")
        self.o_table = a("table", c, "Whenevers lying on the table, per card type")
        self.o_stack = a(
            "stack",
            len(PLAY_NAMES) + n + c,
            "announced plays waiting: kind counts, by relative seat, cards per type",
        )
        self.o_prompt = a(
            "prompt",
            len(STEP_NAMES) + n,
            "pending step (one-hot: " + ", ".join(STEP_NAMES) + "), its relative seat",
        )
        self.o_result = a("result", n, "final place per relative seat / players (0 until over)")
        offsets = (
            self.o_phase,
            self.o_seats,
            self.o_misc,
            self.o_hand,
            self.o_player,
            self.o_room,
            self.o_table,
            self.o_stack,
            self.o_prompt,
            self.o_result,
        )
        self._writer = _Writer(offsets, c, jobs, self.deck_size)
        self.tensor_size = layout.size

    def tensor(self, state: State, seat: int) -> np.ndarray:
        """``_write`` in one call of this module (every step asks it).

        Written through a memoryview of a zeroed numpy array: its item assignment packs
        a float directly, where an ``array('f')``'s parses it with a format string, and
        the zeroed array costs less than an ``array('f')`` copied and viewed by numpy.
        """
        out = np.zeros(self.tensor_size, F32)
        self._writer.write(cast(ChezGeekCore, state), seat, out.data)
        return out

    def mask(self, state: State) -> np.ndarray:
        """``ActionTable.mask`` with the dtype made once (every step asks it)."""
        buf = bytearray(self.size_of_actions)
        for i in self.actions.legal_ids(state):
            buf[i] = 1
        return np.frombuffer(buf, I8)

    def _write(self, state: State, seat: int, out: np.ndarray) -> None:
        """What ``_fill`` writes from ``observation(seat)``, read from the state (``_Writer``)."""
        self._writer.write(cast(ChezGeekCore, state), seat, out)

    def _fill(self, obs: dict[str, Any], out: np.ndarray) -> None:
        g = self.game
        n = g.num_players
        seat = obs["seat"]
        idx = self.card_index
        c = self.ncards

        def rel(s: int) -> int:
            return (s - seat) % n

        one_hot(out, self.o_phase, PHASE_NAMES.index(obs["phase"]))
        if obs.get("turn") is not None:
            out[self.o_seats + rel(obs["turn"])] = 1.0
        if obs["to_act"] is not None:
            out[self.o_seats + n + rel(obs["to_act"])] = 1.0
        m = self.o_misc
        out[m] = obs["income"] / 6.0
        out[m + 1] = obs["free_time"] / 6.0
        out[m + 2] = obs["draw_pile"] / self.deck_size
        out[m + 3] = len(obs["discard"]) / self.deck_size
        match = obs["match"]
        out[m + 4] = match["game"] / match["games"]
        for slug in obs["hand"]:
            out[self.o_hand + idx[slug]] += 1.0 / 3.0
        width = len(self.job_index) + 6
        for p in obs["players"]:
            r = rel(p["seat"])
            base = self.o_player + r * width
            if p["job"] is not None:
                out[base + self.job_index[p["job"]]] = 1.0
            tail = base + len(self.job_index)
            out[tail] = p["slack"] / GOAL_SCALE
            out[tail + 1] = (p["goal"] or 0) / GOAL_SCALE
            out[tail + 2] = p["hand"] / 10.0
            out[tail + 3] = p["owed_free_time"]
            out[tail + 4] = p["owed_income"]
            out[tail + 5] = match["wins"][p["seat"]] / match["games"]
            room = self.o_room + r * c
            for card in p["room"]:
                out[room + idx[card["card"]]] += 1.0
        for entry in obs["table"]:
            out[self.o_table + idx[entry["card"]]] += 1.0
        st = self.o_stack
        for play in obs["stack"]:
            out[st + PLAY_NAMES.index(play["play"])] += 1.0
            out[st + len(PLAY_NAMES) + rel(play["by"])] = 1.0
            for slug in play["cards"]:
                out[st + len(PLAY_NAMES) + n + idx[slug]] += 1.0
        prompt = obs.get("prompt")
        if prompt:
            one_hot(out, self.o_prompt, STEP_NAMES.index(prompt["step"]))
            if prompt.get("seat") is not None and prompt["seat"] >= 0:
                out[self.o_prompt + len(STEP_NAMES) + rel(prompt["seat"])] = 1.0
        result = obs.get("result")
        if result and result.get("places"):
            for s, place in enumerate(result["places"]):
                out[self.o_result + rel(s)] = place / n


class _Writer:
    """A seat's tensor written from the state; the layout's offsets as typed fields.

    A class of its own because the codec derives from the interpreted ``Codec``:
    compiled, the codec's attributes are dictionary lookups, these native fields.
    """

    def __init__(self, offsets: tuple[int, ...], ncards: int, njobs: int, deck_size: float) -> None:
        # the slices' offsets in ``ChezGeekCodec._declare``'s order
        self.offsets = offsets
        (
            self.phase,
            self.seats,
            self.misc,
            self.hand,
            self.player,
            self.room,
            self.table,
            self.stack,
            self.prompt,
            self.result,
        ) = offsets
        self.ncards = ncards
        self.njobs = njobs
        self.deck_size = deck_size

    def __reduce__(self) -> tuple[type[_Writer], tuple[object, ...]]:
        # compiled, a native class has no default unpickling (a pickled game keeps its codec)
        return (_Writer, (self.offsets, self.ncards, self.njobs, self.deck_size))

    def write(self, st: ChezGeekCore, seat: int, out: Any) -> None:
        """What ``_fill`` writes from ``observation(seat)``, read from the fields it is built of.

        Of hidden cards it reads only ``seat``'s own hand; of the other seats, the
        sizes of their hands, and the announced plays' cards (played face up). An
        index is the place the observation's name has in ``_fill``'s table: a phase,
        step or play kind is its number (the name lists are in that order), a card
        type its place in the deck, a Job its place in the deck's Jobs. Entries start
        at zero, so only those that are not zero are written, each once where a count
        adds up (an item written costs more than the arithmetic that decides it).
        """
        n = st.n
        c = self.ncards
        slot_type = st.slot_type
        out[self.phase + int(st.phase)] = 1.0
        out[self.seats + (st.turn - seat) % n] = 1.0
        cp = st.cp
        if isinstance(cp, int):
            out[self.seats + n + (cp - seat) % n] = 1.0
        m = self.misc
        if st.income:
            out[m] = st.income / 6.0
        if st.ft:
            out[m + 1] = st.ft / 6.0
        if st.pile_n:
            out[m + 2] = st.pile_n / self.deck_size
        if st.discard:
            out[m + 3] = len(st.discard) / self.deck_size
        games = st.games
        out[m + 4] = min(st.game_no + 1, games) / games
        hand = [slot_type[s] for s in st.hands[seat]]
        if hand:
            _runs(out, self.hand, hand, True)
        jobs = self.njobs
        width = jobs + 6
        for r in range(n):
            s = (seat + r) % n
            base = self.player + r * width
            tail = base + jobs
            job = st.job_of[s]
            if job >= 0:
                out[base + job] = 1.0
                goal = st.jobdefs[job].slack_goal
                if goal:
                    out[tail + 1] = goal / GOAL_SCALE
            room = st.rooms[s]
            if room:
                slack = 0
                types: list[int] = []
                for card in room:
                    slack += card[1]
                    types.append(card[0])
                if slack:
                    out[tail] = slack / GOAL_SCALE
                _runs(out, self.room + r * c, types, False)
            held = len(st.hands[s])
            if held:
                out[tail + 2] = held / 10.0
            owed = st.pen_ft[s]
            if owed:
                out[tail + 3] = owed
            owed = st.pen_income[s]
            if owed:
                out[tail + 4] = owed
            won = st.wins[s]
            if won:
                out[tail + 5] = won / games
        if st.table:
            _runs(out, self.table, [e[0] for e in st.table], False)
        sb = self.stack
        cards_at = sb + N_PLAYS + n
        for step in st.stack:
            if type(step) is not Announced:
                continue
            out[sb + int(step.play_kind)] += 1.0
            out[sb + N_PLAYS + (step.seat - seat) % n] = 1.0
            for slot in step.slots:
                out[cards_at + slot_type[slot]] += 1.0
        if st.stack and not st.over:
            top = st.stack[-1]
            p = self.prompt
            out[p + int(top.kind)] = 1.0
            if top.seat >= 0:
                out[p + N_STEPS + (top.seat - seat) % n] = 1.0
        if st.over:
            places = st.places()
            if places:
                for s, place in enumerate(places):
                    out[self.result + (s - seat) % n] = place / n


def _runs(out: Any, base: int, types: list[int], thirds: bool) -> None:
    """Each card type's count in ``types`` at ``base + type``: in thirds for a hand.

    Sorted, then written once per run of a type (``types`` is sorted in place).
    """
    types.sort()
    k = len(types)
    i = 0
    while i < k:
        t = types[i]
        j = i + 1
        while j < k and types[j] == t:
            j += 1
        run = j - i
        if not thirds:
            out[base + t] = float(run)
        elif run < len(THIRDS):
            out[base + t] = THIRDS[run]
        else:
            out[base + t] = _thirds(run)[run]
        i = j
