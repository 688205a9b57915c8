"""ChardZ Contest: 9 actions and a 112-entry tensor per seat.

Action ids (the same for every setting):

| id | action |
|---|---|
| 0-4 | declare ``Q R N B P`` |
| 5 | ``call`` |
| 6 | ``pass`` |
| 7 | ``pile`` (consequence: show the Defeated Pile) |
| 8 | ``top`` (consequence: show the next top card) |

The consequences' ids follow the game's registry (``rules.CONSEQUENCES``), in its order.
"""

from __future__ import annotations

from array import array
from typing import Any, Final, cast

import numpy as np

from cardtable.engine.game import State
from cardtable.games.contest.core import ContestCore
from cardtable.games.contest.game import PHASE_NAMES, ContestGame
from cardtable.games.contest.phases import CONSEQUENCE, IN_ROUND, OVER
from cardtable.games.contest.pieces import LETTERS
from cardtable.games.contest.rules import CONSEQUENCES
from cardtable.rl.codec import Codec
from cardtable.rl.spaces import ActionTable, Layout

ACTIONS: tuple[str, ...] = ("Q", "R", "N", "B", "P", "call", "pass", *CONSEQUENCES.names())
# the one-hot order is the pieces' own: a piece's number is its place
PIECES: str = LETTERS
# the observation's phase names, in the engine's order
PHASES: tuple[str, ...] = PHASE_NAMES
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
# a dtype instance passed by position: ``np.frombuffer`` resolves a scalar type at
# about the cost of the rest of the call
FLOAT32: Final = np.dtype(np.float32)
# counts are divided by SCALE so that a full pile (16 cards) reads as 1
SCALE = 16.0


# a piece letter's place in the one-hot and count blocks
PIECE_INDEX: dict[str, int] = {p: i for i, p in enumerate(PIECES)}


class ContestCodec(Codec):
    def _action_table(self) -> ActionTable:
        # the game's own registry: a game given another registry gets its actions
        consequences = cast(ContestGame, self.game).consequences
        return ActionTable((*ACTIONS[:7], *consequences.names()))

    def max_game_length(self) -> int:
        # the deal, then at most five decisions per round
        return 2 * int(sum(self.game.deck().values())) + 5 * self.game.settings["max_rounds"]

    def _declare(self, layout: Layout) -> None:
        self.max_rounds: int = self.game.settings["max_rounds"]
        a = layout.add
        self.o_phase = a("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES))
        self.o_flags = a(
            "flags", 4, "to act; first declarer; consequence taker is you; is the opponent"
        )
        self.o_round = a("round", 1, "round number / max_rounds")
        self.o_declared = a(
            "declared", 12, "this round's declarations, you then opponent (one-hot KQRNBP each)"
        )
        self.o_card = a("card", 6, "your card in play this round (one-hot)")
        self.o_opp_card = a("opp_card", 6, "the opponent's card in play if you know it")
        self.o_you = a(
            "you",
            23,
            "your table, main-pile known bottom, Defeated Pile "
            "(counts per piece / 16, 6 each), main pile size / 16, banned, "
            "wrong calls in a row / 2, must show top next round, card shown",
        )
        self.o_opp = a(
            "opponent",
            35,
            "opponent's table declared and known, Defeated "
            "declared and known, known cards (counts per piece / 16, 6 each), "
            "main pile size / 16, banned, wrong calls / 2, must show top, "
            "card shown",
        )
        self.o_last = a(
            "last_round",
            15,
            "last round: declarations you/opp (6+6 one-hot), "
            "called by you, called by opponent, tie",
        )
        self.o_result = a("result", 3, "game over: you won, you lost, draw")

    def tensor(self, state: State, seat: int) -> np.ndarray:
        """``_write`` in one compiled call (every step asks it)."""
        out = array("f", self._zeros)
        self._write(state, seat, out)  # type: ignore[arg-type]  # float32 storage filled like the array
        return np.frombuffer(out, FLOAT32)

    def _write(self, state: State, seat: int, out: np.ndarray) -> None:
        """What ``_fill`` writes from ``view(seat)``, read from the fields that view reads.

        Of the other seat it reads only what the view shows: the declarations, the
        sizes and flags, and a piece only where ``known[seat]`` holds its card.
        A piece's number is its place in the one-hots (``PIECES`` is ``LETTERS``).
        """
        st = cast(ContestCore, state)
        opp = 1 - seat
        phase = st.phase
        in_round = phase in IN_ROUND
        out[self.o_phase + int(phase)] = 1.0
        f = self.o_flags
        cp = st.cp
        if isinstance(cp, int) and cp == seat:
            out[f] = 1.0
        if st.first == seat:
            out[f + 1] = 1.0
        if phase == CONSEQUENCE:
            if st.taker == seat:
                out[f + 2] = 1.0
            elif st.taker == opp:
                out[f + 3] = 1.0
        out[self.o_round] = (st.round + 1) / self.max_rounds
        d = self.o_declared
        if st.declared[seat] >= 0:
            out[d + st.declared[seat]] = 1.0
        if st.declared[opp] >= 0:
            out[d + 6 + st.declared[opp]] = 1.0
        mine, theirs = st.piece[seat], st.piece[opp]
        table, their_table = st.table[seat], st.table[opp]
        seen = st.known[seat][opp]
        if in_round and table:
            out[self.o_card + mine[table[-1]]] = 1.0
        if in_round and their_table and their_table[-1] in seen:
            out[self.o_opp_card + theirs[their_table[-1]]] = 1.0
        y = self.o_you
        _piece_counts(out, y, [mine[c] for c in table])
        _piece_counts(out, y + 6, st.known_tail(seat))
        _piece_counts(out, y + 12, [mine[c] for c in st.defeated[seat]])
        _side_flags(out, y + 18, st, seat, in_round)
        o = self.o_opp
        _seen(out, o, their_table, st.table_as[opp], theirs, seen)
        _seen(out, o + 12, st.defeated[opp], st.defeated_as[opp], theirs, seen)
        _piece_counts(out, o + 24, [theirs[c] for c in seen])
        _side_flags(out, o + 30, st, opp, in_round)
        last = st.last_round
        if last is not None:
            b = self.o_last
            _, said, called, _, winner = last
            out[b + said[seat]] = 1.0
            out[b + 6 + said[opp]] = 1.0
            if called == seat:
                out[b + 12] = 1.0
            elif called == opp:
                out[b + 13] = 1.0
            if winner is None:
                out[b + 14] = 1.0
        if phase == OVER:
            w = st.winner
            out[self.o_result + (2 if w is None else 0 if w == seat else 1)] = 1.0

    def _fill(self, obs: dict[str, Any], out: np.ndarray) -> None:
        # written out flat, and only the entries that are not zero (the storage comes
        # zeroed): an item written costs more than the arithmetic that decides it, so
        # counts are summed first and each written once (k / 16 is the float32 value that
        # k additions of 1/16 give: both are exact)
        index = PIECE_INDEX
        seat = obs["seat"]
        opp = 1 - seat
        out[self.o_phase + PHASE_INDEX[obs["phase"]]] = 1.0
        f = self.o_flags
        if obs["to_act"] == seat:
            out[f] = 1.0
        if obs["first_declarer"] == seat:
            out[f + 1] = 1.0
        taker = obs["consequence_taker"]
        if taker == seat:
            out[f + 2] = 1.0
        if taker == opp:
            out[f + 3] = 1.0
        out[self.o_round] = obs["round"] / self.max_rounds
        declared = obs["declared"]
        d = self.o_declared
        mine, theirs = declared[seat], declared[opp]
        if mine is not None:
            out[d + index[mine]] = 1.0
        if theirs is not None:
            out[d + 6 + index[theirs]] = 1.0
        you, them = obs["you"], obs["opponent"]
        card = you["card"]
        if card is not None:
            out[self.o_card + index[card]] = 1.0
        card = them["card"]
        if card is not None:
            out[self.o_opp_card + index[card]] = 1.0
        y = self.o_you
        _counts(out, y, you["table"])
        _counts(out, y + 6, you["main_pile_known_bottom"])
        _counts(out, y + 12, you["defeated"])
        _flags(out, y + 18, you)
        o = self.o_opp
        _seen_counts(out, o, them["table"])
        _seen_counts(out, o + 12, them["defeated"])
        for letter, n in them["known_cards"].items():
            if n:
                out[o + 24 + index[letter]] = n / SCALE
        _flags(out, o + 30, them)
        last = obs["last_round"]
        if last:
            b = self.o_last
            said = last.get("declared") or [None, None]
            mine, theirs = said[seat], said[opp]
            if mine is not None:
                out[b + index[mine]] = 1.0
            if theirs is not None:
                out[b + 6 + index[theirs]] = 1.0
            called = last.get("called_by")
            if called == seat:
                out[b + 12] = 1.0
            if called == opp:
                out[b + 13] = 1.0
            if last.get("winner") is None:
                out[b + 14] = 1.0
        result = obs["result"]
        if result:
            w = result["winner"]
            out[self.o_result + (2 if w is None else 0 if w == seat else 1)] = 1.0


def _piece_counts(out: np.ndarray, base: int, pieces: list[int]) -> None:
    """Pieces counted / 16 into ``out[base:base + 6]``."""
    if not pieces:
        return
    counts = [0] * 6
    for p in pieces:
        counts[p] += 1
    for i in range(6):
        if counts[i]:
            out[base + i] = counts[i] / SCALE


def _seen(
    out: np.ndarray, base: int, cards: list[int], said: list[int], pieces: list[int], seen: set[int]
) -> None:
    """The declarations of ``cards`` / 16 at ``base``, the pieces seen among them at ``+ 6``.

    A card of this round has no declaration until its duel is settled: only the
    first ``len(said)`` cards count, as in the view.
    """
    counts = [0] * 12
    for i in range(min(len(cards), len(said))):
        counts[said[i]] += 1
        card = cards[i]
        if card in seen:
            counts[6 + pieces[card]] += 1
    for i in range(12):
        if counts[i]:
            out[base + i] = counts[i] / SCALE


def _side_flags(out: np.ndarray, base: int, st: ContestCore, side: int, in_round: bool) -> None:
    """Main pile size / 16, banned, wrong calls / 2, must show top, card shown."""
    n = len(st.main[side])
    if n:
        out[base] = n / SCALE
    if st.banned[side]:
        out[base + 1] = 1.0
    wrong = st.wrong_streak[side]
    if wrong:
        out[base + 2] = wrong / 2
    if st.show_next[side]:
        out[base + 3] = 1.0
    if st.shown_now[side] and in_round:
        out[base + 4] = 1.0


def _counts(out: np.ndarray, base: int, letters: list[str | None]) -> None:
    """Pieces counted per letter / 16 into ``out[base:base + 6]``."""
    if not letters:
        return
    counts = [0] * 6
    for letter in letters:
        if letter is not None:
            counts[PIECE_INDEX[letter]] += 1
    for i in range(6):
        if counts[i]:
            out[base + i] = counts[i] / SCALE


def _seen_counts(out: np.ndarray, base: int, cards: list[dict[str, str | None]]) -> None:
    """The declarations per letter / 16 at ``base``, the pieces seen at ``base + 6``."""
    if not cards:
        return
    counts = [0] * 12
    for c in cards:
        letter = c["declared"]
        if letter is not None:
            counts[PIECE_INDEX[letter]] += 1
        letter = c["card"]
        if letter is not None:
            counts[6 + PIECE_INDEX[letter]] += 1
    for i in range(12):
        if counts[i]:
            out[base + i] = counts[i] / SCALE


def _flags(out: np.ndarray, base: int, side: dict[str, Any]) -> None:
    """Main pile size / 16, banned, wrong calls / 2, must show top, card shown."""
    n = side["main_pile"]
    if n:
        out[base] = n / SCALE
    if side["banned"]:
        out[base + 1] = 1.0
    wrong = side["wrong_calls_in_a_row"]
    if wrong:
        out[base + 2] = wrong / 2
    if side["must_show_top_next_round"]:
        out[base + 3] = 1.0
    if side["card_shown"]:
        out[base + 4] = 1.0
