"""Chez: a fixed action table over every play the rules can offer; a per-seat tensor.

Action ids for one player count, in this order:

| ids | actions |
|---|---|
| 0-5 | ``pick``, ``end``, ``accept``, ``pass``, ``castle``, ``castle 10`` |
| 6-58 | one card, in kind order (``AC`` … ``KC``, ``AD`` … ``KS``, ``JK``) |
| next | combos (below) |
| next | ``nope AC`` … ``nope AS`` |
| next | ``give`` one of the 53 kinds |
| next | ``name V red/black`` for V = A..K |
| next | ``bet 1`` … ``bet 12`` |
| next | ``target P<s>`` and ``siege P<s>`` for every seat |

A combo of two cards is its notation (``7S+7H``, ``KH+QH``). A combo of three
or more is labelled by what its player chooses — the first card, the last card
and the values in between — because the engine takes the middle cards
canonically (docs/games/chez.md): ``7H+7+7S`` is a Triple of sevens from 7H to
7S, ``2C+3+4+5D`` a Revolution. The table lists every first/last/middle choice
of Doubles to Quadruples and Joker stacks, then every play of each combo of the
registry (``games.chez.rules.DISCARD``), in its order, as the combo lists them
for a hand holding every card.

Seats in the tensor are relative: index 0 is the observing seat, then the next
seats in seat order.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardtable.engine.game import Action
from cardtable.games.chez.actions import Play
from cardtable.games.chez.cards import (
    JOKER,
    KIND_OF_NAME,
    NAME,
    NKINDS,
    RANK,
    RANK_NAMES,
    make_kind,
)
from cardtable.games.chez.rules import DISCARD
from cardtable.games.chez.rules._shape import every_play
from cardtable.rl.codec import Codec, one_hot
from cardtable.rl.spaces import ActionTable, Layout

WORDS = ("pick", "end", "accept", "pass", "castle", "castle 10")
SUITED = range(52)
STEPS = (
    "turn",
    "joker",
    "window",
    "target",
    "give",
    "name",
    "roll",
    "draw",
    "take",
    "chance",
    "over",
)
STATUS = ("playing", "finished", "out")


def _middle(kind: int) -> str:
    return "JK" if kind == JOKER else RANK_NAMES[RANK[kind]]


def play_label(kinds: tuple[int, ...]) -> str:
    """A play's id label: its notation, with middle cards reduced to their values."""
    if len(kinds) <= 2:
        return "+".join(NAME[k] for k in kinds)
    middle = sorted(kinds[1:-1], key=lambda k: RANK[k] or 99)
    return "+".join([NAME[kinds[0]], *(_middle(k) for k in middle), NAME[kinds[-1]]])


def _of_rank(rank: int) -> list[int]:
    return [make_kind(rank, s) for s in range(4)]


def combo_labels() -> list[str]:
    plays: list[tuple[int, ...]] = []
    for m in range(2, 5):
        plays.append((JOKER,) * m)
        for rank in range(1, 14):
            for f in _of_rank(rank):
                for last in _of_rank(rank):
                    plays.append((f, *([f] * (m - 2)), last))
    for rule in DISCARD:  # every play each registered combo may offer
        plays += [play.cards for play in every_play(rule)]
    labels: list[str] = []
    seen: set[str] = set()
    for kinds in plays:
        label = play_label(kinds)
        if label not in seen:
            seen.add(label)
            labels.append(label)
    return labels


def action_labels(players: int) -> list[str]:
    labels = list(WORDS)
    labels += [NAME[k] for k in range(NKINDS)]
    labels += combo_labels()
    labels += [f"nope {NAME[make_kind(1, s)]}" for s in range(4)]
    labels += [f"give {NAME[k]}" for k in range(NKINDS)]
    labels += [f"name {RANK_NAMES[v]} {c}" for v in range(1, 14) for c in ("black", "red")]
    labels += [f"bet {n}" for n in range(1, 13)]
    labels += [f"target P{s}" for s in range(players)]
    labels += [f"siege P{s}" for s in range(players)]
    return labels


def action_key(action: Action) -> str:
    if type(action) is Play:
        return play_label(action.cards)
    return str(action)


class ChezCodec(Codec):
    def _action_table(self) -> ActionTable:
        return ActionTable(action_labels(self.game.num_players), action_key)

    def _declare(self, layout: Layout) -> None:
        n = self.game.num_players
        deck = self.game.deck()
        self.copies = float(max(deck.values()))
        self.deck_size = float(sum(deck.values()))
        a = layout.add
        k = NKINDS
        self.o_hand = a("hand", k, "your hand: copies of each kind / max copies (53 kinds)")
        self.o_top = a("top", k, "the top card of the discard pile (one-hot kind)")
        self.o_counts_as = a(
            "top_counts_as",
            15,
            "after a True Transformation: value A..K (one-hot 13, index 0 unused), red",
        )
        self.o_discard = a("discard", k, "cards in the discard pile / max copies")
        self.o_secondary = a("secondary", k, "cards in the secondary pile / max copies")
        self.o_sizes = a("hand_sizes", n, "hand size per relative seat / 10")
        self.o_misc = a(
            "misc",
            5,
            "draw pile / deck, direction (1 = clockwise), actions "
            "left / 2, bonus used, Joker stack / 10",
        )
        self.o_turn = a("turn", n, "relative seat whose turn it is")
        self.o_to_act = a("to_act", n, "relative seat to act now")
        self.o_plague = a("plague", n, "plague per relative seat / 6")
        self.o_castle = a("castle", 2 * n, "per relative seat: has a Castle, its walls / 4")
        self.o_status = a("status", 3 * n, "per relative seat: playing, finished, out")
        self.o_place = a("places", n, "place per relative seat / players (0: none yet)")
        self.o_step = a(
            "prompt",
            len(STEPS) + n,
            "pending step (one-hot: " + ", ".join(STEPS) + "), then the prompt's relative seat",
        )

    def _fill(self, obs: dict[str, Any], out: np.ndarray) -> None:
        n = self.game.num_players
        seat = obs["seat"]
        kind = KIND_OF_NAME.get
        copy = 1.0 / self.copies

        def rel(s: int) -> int:
            return (s - seat) % n

        for name in obs["hand"]:
            out[self.o_hand + kind(name, JOKER)] += copy
        if obs["top"] is not None:
            out[self.o_top + kind(obs["top"], JOKER)] = 1.0
        counts_as = obs.get("top_counts_as")
        if counts_as:
            out[self.o_counts_as + RANK_NAMES.index(counts_as[0])] = 1.0
            out[self.o_counts_as + 14] = counts_as[1] == "red"
        for name in obs["discard"]:
            out[self.o_discard + kind(name, JOKER)] += copy
        for name in obs["secondary"]:
            out[self.o_secondary + kind(name, JOKER)] += copy
        for s in range(n):
            r = rel(s)
            out[self.o_sizes + r] = obs["hand_sizes"][s] / 10.0
            out[self.o_plague + r] = obs["plague"][s] / 6.0
            castle = obs["castles"][s]
            if castle is not None:
                out[self.o_castle + 2 * r] = 1.0
                out[self.o_castle + 2 * r + 1] = castle["walls"] / 4.0
            status = obs["status"][s]
            if status in STATUS:
                out[self.o_status + 3 * r + STATUS.index(status)] = 1.0
            out[self.o_place + r] = obs["places"][s] / n
        m = self.o_misc
        out[m] = obs["draw_pile"] / self.deck_size
        out[m + 1] = obs["direction"] == 1
        out[m + 2] = obs["actions_left"] / 2.0
        out[m + 3] = bool(obs["bonus_used"])
        out[m + 4] = obs["joker_stack"] / 10.0
        out[self.o_turn + rel(obs["turn"])] = 1.0
        if obs["to_act"] is not None:
            out[self.o_to_act + rel(obs["to_act"])] = 1.0
        prompt = obs["prompt"]
        step = prompt.get("step")
        one_hot(out, self.o_step, STEPS.index(step) if step in STEPS else None)
        if prompt.get("seat") is not None:
            out[self.o_step + len(STEPS) + rel(prompt["seat"])] = 1.0
