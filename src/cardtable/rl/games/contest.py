"""ChardZ Contest: 9 actions and a 112-entry tensor per seat.

Action ids (the same for every setting):

| id | action |
|---|---|
| 0-4 | declare ``Q R N B P`` |
| 5 | ``call`` |
| 6 | ``pass`` |
| 7 | ``pile`` (consequence: show the Defeated Pile) |
| 8 | ``top`` (consequence: show the next top card) |
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardtable.games.contest.game import PHASE_NAMES
from cardtable.rl.codec import Codec, one_hot
from cardtable.rl.spaces import ActionTable, Layout

ACTIONS: tuple[str, ...] = ("Q", "R", "N", "B", "P", "call", "pass", "pile", "top")
PIECES = "KQRNBP"
# the observation's phase names, in the engine's order
PHASES: tuple[str, ...] = PHASE_NAMES
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
# counts are divided by SCALE so that a full pile (16 cards) reads as 1
SCALE = 16.0


INDEX: dict[str | None, int | None] = {p: i for i, p in enumerate(PIECES)}
INDEX[None] = None
STEP = 1.0 / SCALE


class ContestCodec(Codec):
    def _action_table(self) -> ActionTable:
        return ActionTable(ACTIONS)

    def max_game_length(self) -> int:
        # the deal, then at most five decisions per round
        return 2 * int(sum(self.game.deck().values())) + 5 * self.game.settings["max_rounds"]

    def _declare(self, layout: Layout) -> None:
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

    def _fill(self, obs: dict[str, Any], out: np.ndarray) -> None:
        # written out flat (no helper calls per piece): this runs on every environment step
        index = INDEX
        seat = obs["seat"]
        opp = 1 - seat
        out[self.o_phase + PHASE_INDEX[obs["phase"]]] = 1.0
        f = self.o_flags
        out[f] = obs["to_act"] == seat
        out[f + 1] = obs["first_declarer"] == seat
        taker = obs["consequence_taker"]
        out[f + 2] = taker == seat
        out[f + 3] = taker == opp
        out[self.o_round] = obs["round"] / self.game.settings["max_rounds"]
        declared = obs["declared"]
        one_hot(out, self.o_declared, index[declared[seat]])
        one_hot(out, self.o_declared + 6, index[declared[opp]])
        you, them = obs["you"], obs["opponent"]
        one_hot(out, self.o_card, index[you["card"]])
        one_hot(out, self.o_opp_card, index[them["card"]])
        y = self.o_you
        for base, letters in (
            (y, you["table"]),
            (y + 6, you["main_pile_known_bottom"]),
            (y + 12, you["defeated"]),
        ):
            for letter in letters:
                if letter is not None:
                    out[base + index[letter]] += STEP  # type: ignore[operator]  # numpy item arithmetic is untyped
        out[y + 18] = you["main_pile"] / SCALE
        out[y + 19] = you["banned"]
        out[y + 20] = you["wrong_calls_in_a_row"] / 2
        out[y + 21] = you["must_show_top_next_round"]
        out[y + 22] = you["card_shown"]
        o = self.o_opp
        for base, cards in ((o, them["table"]), (o + 12, them["defeated"])):
            for c in cards:
                letter = c["declared"]
                if letter is not None:
                    out[base + index[letter]] += STEP  # type: ignore[operator]  # numpy item arithmetic is untyped
                letter = c["card"]
                if letter is not None:
                    out[base + 6 + index[letter]] += STEP  # type: ignore[operator]  # numpy item arithmetic is untyped
        for letter, n in them["known_cards"].items():
            out[o + 24 + index[letter]] = n / SCALE  # type: ignore[operator]  # numpy item arithmetic is untyped
        out[o + 30] = them["main_pile"] / SCALE
        out[o + 31] = them["banned"]
        out[o + 32] = them["wrong_calls_in_a_row"] / 2
        out[o + 33] = them["must_show_top_next_round"]
        out[o + 34] = them["card_shown"]
        last = obs["last_round"]
        if last:
            said = last.get("declared") or [None, None]
            one_hot(out, self.o_last, index[said[seat]])
            one_hot(out, self.o_last + 6, index[said[opp]])
            called = last.get("called_by")
            out[self.o_last + 12] = called == seat
            out[self.o_last + 13] = called == opp
            out[self.o_last + 14] = last.get("winner") is None
        result = obs["result"]
        if result:
            w = result["winner"]
            out[self.o_result + (2 if w is None else 0 if w == seat else 1)] = 1.0
