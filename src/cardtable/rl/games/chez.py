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

from array import array
from typing import Any, Final, cast

import numpy as np

from cardtable.engine.game import Action, State
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
from cardtable.games.chez.core import ChezCore
from cardtable.games.chez.rules import DISCARD
from cardtable.games.chez.rules._shape import every_play
from cardtable.games.chez.steps import (
    DrawStep,
    GiveStep,
    NameStep,
    RollStep,
    TakeStep,
    TargetStep,
    WindowStep,
)
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
# the prompt's steps by index (``_write`` writes the index straight)
S_TURN: Final = 0
S_JOKER: Final = 1
S_WINDOW: Final = 2
S_TARGET: Final = 3
S_GIVE: Final = 4
S_NAME: Final = 5
S_ROLL: Final = 6
S_DRAW: Final = 7
S_TAKE: Final = 8
S_CHANCE: Final = 9
S_OVER: Final = 10
assert STEPS.index("over") == S_OVER and STEPS.index("take") == S_TAKE
# dtypes as instances, passed by position: ``np.frombuffer`` parses a ``dtype=`` keyword
# and a scalar type at about the cost of the rest of the call, asked at every step
FLOAT32: Final = np.dtype(np.float32)
INT8: Final = np.dtype(np.int8)


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
        # what ``c`` cards of a kind add up to in float32, one ``+= 1 / copies`` at a time as
        # ``_fill`` adds them: ``_write`` counts the cards first and writes each kind once
        sums = array("f", [0.0])
        self.sums: list[float] = [0.0]
        for _ in range(int(self.copies)):
            sums[0] += 1.0 / self.copies
            self.sums.append(sums[0])
        # every kind's count while ``_write`` counts a pile (all zero between piles): one
        # list for every call, as the tensor is asked at every step
        self._counts: list[int] = [0] * NKINDS
        self._num_actions: int = len(self.actions)

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

    def tensor(self, state: State, seat: int) -> np.ndarray:
        """``Codec.tensor``, written through a float32 ``memoryview`` of the storage: setting
        its items converts each number directly, where the array's own items parse a format
        for each (the tensor is asked at every step)."""
        out = array("f", self._zeros)
        self._write(state, seat, memoryview(out))  # type: ignore[arg-type]  # float32 items like the array's
        return np.frombuffer(out, FLOAT32)

    def mask(self, state: State) -> np.ndarray:
        """``ActionTable.mask`` compiled with the codec (the ids through ``legal_ids``, whose
        memo ``action_of`` reads next)."""
        buf = bytearray(self._num_actions)
        for i in self.actions.legal_ids(state):
            buf[i] = 1
        return np.frombuffer(buf, INT8)

    def _write(self, state: State, seat: int, out: np.ndarray) -> None:
        """The numbers ``_fill`` writes from ``observation(seat)``, read where the view reads
        them: ``seat``'s own hand, the piles face up, and the public counters and steps.

        Nothing else is read: not another hand, not the draw pile's cards, not a Castle's
        cards (the tensor shows only its walls).
        """
        st = cast(ChezCore, state)
        n = st.n
        kind = st.kind
        counts = self._counts
        sums = self.sums
        _write_counts(out, self.o_hand, st.hands[seat], kind, counts, sums)
        discard = st.discard
        if discard:
            out[self.o_top + kind[discard[-1]]] = 1.0
            _write_counts(out, self.o_discard, discard, kind, counts, sums)
        override = st.override
        if override is not None:
            out[self.o_counts_as + override[0]] = 1.0
            if override[1]:
                out[self.o_counts_as + 14] = 1.0
        if st.secondary:
            _write_counts(out, self.o_secondary, st.secondary, kind, counts, sums)
        hands = st.hands
        plague = st.plague
        castles = st.castle
        active = st.active
        board = st.board
        places = board.places
        top = board.top
        for s in range(n):
            r = (s - seat) % n
            size = len(hands[s])
            if size:
                out[self.o_sizes + r] = size / 10.0
            if plague[s]:
                out[self.o_plague + r] = plague[s] / 6.0
            castle = castles[s]
            if castle is not None:
                out[self.o_castle + 2 * r] = 1.0
                if castle.walls:
                    out[self.o_castle + 2 * r + 1] = castle.walls / 4.0
            if active[s]:
                out[self.o_status + 3 * r] = 1.0
            elif places[s] < top:
                out[self.o_status + 3 * r + 1] = 1.0
            else:
                out[self.o_status + 3 * r + 2] = 1.0
            if places[s]:
                out[self.o_place + r] = places[s] / n
        m = self.o_misc
        if st.pile_size:
            out[m] = st.pile_size / self.deck_size
        if st.direction == 1:
            out[m + 1] = 1.0
        if st.actions_left:
            out[m + 2] = st.actions_left / 2.0
        if st.bonus_used:
            out[m + 3] = 1.0
        if st.facing:
            out[m + 4] = st.facing / 10.0
        out[self.o_turn + (st.turn - seat) % n] = 1.0
        cp = st.cp
        if isinstance(cp, int):
            out[self.o_to_act + (cp - seat) % n] = 1.0
        # the prompt: as ``ChezView._prompt`` reads it (its step, and the seat it names)
        who = -1
        named = True
        if st.over:
            step = S_OVER
            named = False
        elif not st.stack:
            step = S_JOKER if st.facing else S_TURN
            who = st.turn
        else:
            top_step = st.stack[-1]
            if isinstance(top_step, WindowStep):
                step = S_WINDOW
                if isinstance(cp, int):
                    who = cp
                else:
                    named = False
            elif isinstance(top_step, TargetStep):
                step = S_TARGET
                who = top_step.play.seat
            elif isinstance(top_step, GiveStep):
                step = S_GIVE
                who = top_step.play.seat
            elif isinstance(top_step, NameStep):
                step = S_NAME
                who = st.turn
            elif isinstance(top_step, RollStep):
                step = S_ROLL
                who = top_step.seat
            elif isinstance(top_step, DrawStep):
                step = S_DRAW
                who = top_step.seat
            elif isinstance(top_step, TakeStep):
                step = S_TAKE
                who = top_step.play.seat
            else:
                step = S_CHANCE
                named = False
        out[self.o_step + step] = 1.0
        if named:
            out[self.o_step + len(STEPS) + (who - seat) % n] = 1.0


def _write_counts(
    out: np.ndarray,
    start: int,
    ids: list[int],
    kind: tuple[int, ...],
    counts: list[int],
    sums: list[float],
) -> None:
    """Each kind of ``ids`` once, as the float32 sum of its copies (``sums``).

    Counted in ``counts`` (zero on entry and again on return) and written by walking
    the ids again, not the 53 kinds: most kinds of a pile are absent.
    """
    for c in ids:
        k = kind[c]
        counts[k] = counts[k] + 1  # compiled, ``+=`` on an item adds boxed ints
    for c in ids:
        k = kind[c]
        got = counts[k]
        if got:
            out[start + k] = sums[got]
            counts[k] = 0
