"""Chai Tea Jazz: action ids from the game's own tables; a per-seat tensor.

Action ids for one player count and settings, in this order:

| ids | actions |
|---|---|
| 0 | ``pass`` (picking pass, or declining an offer) |
| 1 | ``accept`` (Passing the Barrel) |
| 2 .. 2+C-1 | play a card: one id per distinct card (by suit, rank; ``JK`` last) |
| next | ``offer D`` for each Bet Debt step D > 0 (Passing the Barrel) |
| next | ``pick ROW [PLAY] [debt D]`` for each row, its plays and each debt step |

Seats in the tensor are relative: index 0 is the observing seat, 1 the next
seat clockwise, and so on; sides likewise start with the observer's side.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.rl.codec import Codec, one_hot
from cardtable.rl.spaces import ActionTable, Layout

PHASES = ("deal", "pick", "offer", "accept", "play", "over")
SUITS = "CDHSJ"  # J: the Joker's own suit
DIRECTIONS = ("high", "low", "middle")


def action_labels(game: ChaiTeaJazzGame) -> list[str]:
    codes = sorted(set(game.deck_list))
    labels = ["pass", "accept"]
    labels += [str(game.play_actions[c]) for c in codes]
    labels += [str(a) for a in game.offer_actions[1:]]
    labels += [str(a) for per_play in game.pick_actions for picks in per_play for a in picks]
    return labels


class ChaiTeaJazzCodec(Codec):
    game: ChaiTeaJazzGame

    def _action_table(self) -> ActionTable:
        return ActionTable(action_labels(self.game))

    def utility(self) -> tuple[float, float, float | None]:
        # game points: at most every row's value won or lost by each other side
        bound = float(sum(abs(row.value) for row in self.game.rows) * self.game.num_sides)
        return (-bound, bound, None)

    def _declare(self, layout: Layout) -> None:
        g = self.game
        n = g.num_players
        sides = g.num_sides
        codes = sorted(set(g.deck_list))
        self.card_index = {g.names[c]: i for i, c in enumerate(codes)}
        c = self.cards = len(codes)
        rows = self.rows = len(g.rows)
        self.max_copies = max(g.deck_list.count(x) for x in codes)
        # relative seat and side of every (observer, other) pair, for the fill
        self.rel_seats = [[(s - me) % n for s in range(n)] for me in range(n)]
        self.rel_sides = [[(s - me) % sides for s in range(sides)] for me in range(sides)]
        a = layout.add
        self.o_phase = a("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES))
        self.o_to_act = a("to_act", n, "relative seat to act (one-hot)")
        self.o_barrel = a("barrel", n, "relative seat holding the Barrel (one-hot)")
        self.o_round = a("round", 1, "round number / rounds in the game")
        self.o_hand = a("hand", c, f"your hand: copies of each of the {c} cards / max copies")
        self.o_straw = a(
            "straw",
            2 * (c + 1) if n == 2 else 0,
            "two players: face-up straw cards per relative seat (C each), "
            "then face-down cards per seat / 5",
        )
        self.o_trick = a("trick", n * c, "the current trick: card played by each relative seat")
        self.o_led = a("led", len(SUITS), "suit led in the current trick (CDHS, Joker)")
        self.o_dir = a("direction", 3, "current trick's direction: high, low, middle")
        self.o_winning = a("winning", n, "relative seat winning the current trick")
        self.o_played = a("played", c, "cards played in earlier tricks of this round / copies")
        self.o_declarer = a("declarer", n, "relative seat of the declarer")
        self.o_row = a("contract_row", rows, "the contract's row (one-hot)")
        self.o_trump = a("trump", len(SUITS), "trump suit of the contract, if any")
        self.o_debt = a("debt", 2, "contract Bet Debt / max, Barrel offer / max")
        self.o_bid = a(
            "bid",
            2 * n + rows + 3,
            "bidding: passed per relative seat, current "
            "best bidder (relative one-hot), its row (one-hot), its debt / max, "
            "forced, offer / max",
        )
        self.o_points = a(
            "points", 2 * n, "points captured / 100 and tricks won / tricks, per relative seat"
        )
        self.o_board = a(
            "scoreboard",
            rows * sides * 2 + sides,
            "per row and relative side: row still open, row score / 100; then "
            "game points / 10 per relative side",
        )
        self.o_result = a("result", n, "final place per relative seat / players (0 until over)")

    def _rel(self, seat: int, s: int) -> int:
        return (s - seat) % self.game.num_players

    def _side_rel(self, side: int, s: int) -> int:
        return (s - side) % self.game.num_sides

    def _fill(self, obs: dict[str, Any], out: np.ndarray) -> None:
        g = self.game
        n = g.num_players
        seat = obs["seat"]
        side = obs["side"]
        rel = self._rel
        idx = self.card_index
        copies = 1.0 / self.max_copies
        one_hot(out, self.o_phase, PHASES.index(obs["phase"]))
        if obs["to_act"] is not None:
            out[self.o_to_act + rel(seat, obs["to_act"])] = 1.0
        if obs.get("barrel") is not None:
            out[self.o_barrel + rel(seat, obs["barrel"])] = 1.0
        out[self.o_round] = obs["round"] / max(1, g.rounds)
        for name in obs["hand"]:
            out[self.o_hand + idx[name]] += copies
        straw = obs.get("straw")
        if straw:
            for s, stacks in enumerate(straw):
                base = self.o_straw + rel(seat, s) * (self.cards + 1)
                for stack in stacks:
                    if stack["up"] is not None:
                        out[base + idx[stack["up"]]] = 1.0
                    if stack["down"]:
                        out[base + self.cards] += 0.2
        trick = obs.get("trick")
        if trick:
            for s, name in trick["cards"]:
                out[self.o_trick + rel(seat, s) * self.cards + idx[name]] = 1.0
            if trick.get("led"):
                out[self.o_led + SUITS.index(trick["led"][0])] = 1.0
            if trick.get("direction") in DIRECTIONS:
                out[self.o_dir + DIRECTIONS.index(trick["direction"])] = 1.0
            if trick.get("winning") is not None:
                out[self.o_winning + rel(seat, trick["winning"])] = 1.0
        for t in obs.get("tricks") or ():
            for name in t["cards"]:
                out[self.o_played + idx[name]] += copies
        max_debt = float(g.max_debt) or 1.0  # debt_steps=0: no Bet Debt to scale
        contract = obs.get("contract")
        if contract:
            out[self.o_declarer + rel(seat, contract["declarer"])] = 1.0
            one_hot(out, self.o_row, contract["row"])
            trump = contract.get("trump")
            if trump:
                out[self.o_trump + SUITS.index(trump[0])] = 1.0
            out[self.o_debt] = (contract.get("bet_debt") or 0) / max_debt
            out[self.o_debt + 1] = (contract.get("barrel_offer") or 0) / max_debt
        bid = obs["bidding"]
        b = self.o_bid
        for s, passed in enumerate(bid["passed"]):
            out[b + rel(seat, s)] = passed
        current = bid.get("current")
        if current:
            out[b + n + rel(seat, current["seat"])] = 1.0
            pick = g.by_text.get(current["pick"].lower())
            row = getattr(pick, "row", None)
            one_hot(out, b + 2 * n, row)
            out[b + 2 * n + self.rows] = current["debt"] / max_debt
        out[b + 2 * n + self.rows + 1] = bool(bid.get("forced"))
        out[b + 2 * n + self.rows + 2] = (bid.get("offer") or 0) / max_debt
        mine = self.rel_seats[seat]
        points, won = obs["points"], obs["tricks_won"]
        per_trick = 1.0 / max(1, g.tricks)
        o_points = self.o_points
        for s in range(n):
            r = o_points + mine[s]
            if points[s]:
                out[r] = points[s] / 100.0
            if won[s]:
                out[r + n] = won[s] * per_trick
        board = obs["scoreboard"]
        sides = g.num_sides
        my_side = self.rel_sides[side]
        o_board = self.o_board
        for r, row in enumerate(board["rows"]):
            first = o_board + r * sides * 2
            opened, scores = row["open"], row["scores"]
            for sd in range(sides):
                base = first + my_side[sd] * 2
                if opened[sd]:
                    out[base] = 1.0
                score = scores[sd]
                if score:
                    out[base + 1] = score / 100.0
        for sd, gp in enumerate(board["game_points"]):
            if gp:
                out[o_board + self.rows * sides * 2 + my_side[sd]] = gp / 10.0
        result = obs.get("result")
        if result and result.get("places"):
            for s, place in enumerate(result["places"]):
                out[self.o_result + rel(seat, s)] = place / n
