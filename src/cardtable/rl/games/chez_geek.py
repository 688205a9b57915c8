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

from typing import Any

import numpy as np

from cardtable.games.chez_geek.actions import WORDS
from cardtable.games.chez_geek.cards import K_ACTIVITY, K_THING, K_WHENEVER
from cardtable.games.chez_geek.core import Aim
from cardtable.games.chez_geek.game import ChezGeekGame
from cardtable.games.chez_geek.phases import PHASE_NAMES
from cardtable.games.chez_geek.steps import PLAY_NAMES, STEP_NAMES
from cardtable.rl.codec import Codec, one_hot
from cardtable.rl.spaces import ActionTable, Layout

# a room can hold at most this many copies of one card (the deck's own copies count)
GOAL_SCALE = 30.0


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
        return ActionTable(action_labels(self.game))

    def utility(self) -> tuple[float, float, float | None]:
        return (0.0, 1.0, None)  # the match's winner gets 1

    def _declare(self, layout: Layout) -> None:
        g = self.game
        n = g.num_players
        cards = g.deck_def.cards
        self.card_index = {c.slug: i for i, c in enumerate(cards)}
        self.job_index = {j.slug: i for i, j in enumerate(g.deck_def.jobs)}
        c = self.ncards = len(cards)
        jobs = len(self.job_index)
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
