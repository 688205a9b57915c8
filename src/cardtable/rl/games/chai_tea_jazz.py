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

from array import array
from typing import Any, Final, cast

import numpy as np
from mypy_extensions import mypyc_attr

from cardtable.engine.game import State
from cardtable.games.chai_tea_jazz import cards
from cardtable.games.chai_tea_jazz.flow import ChaiTeaJazzFlow
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.games.chai_tea_jazz.phases import Phase
from cardtable.rl.codec import Codec, one_hot
from cardtable.rl.spaces import ActionTable, Layout

PHASES = ("deal", "pick", "offer", "accept", "play", "over")
SUITS = "CDHSJ"  # J: the Joker's own suit
DIRECTIONS = ("high", "low", "middle")
# the state's numbers to the tensor's slots, derived from the names the observation
# shows, so the straight path cannot drift from ``_fill`` if either order changes
PHASE_SLOT: Final[tuple[int, ...]] = tuple(PHASES.index(p.label) for p in Phase)
SUIT_SLOT: Final[tuple[int, ...]] = tuple(SUITS.index(s) for s in cards.SUITS)
DIRECTION_SLOT: Final[tuple[int, ...]] = tuple(DIRECTIONS.index(d) for d in cards.DIRECTION_NAMES)
MASK_DTYPE: Final = np.dtype(np.int8)
PLAY: Final = Phase.PLAY  # a static: ``Phase.PLAY`` is an attribute lookup each time


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
        self._writer = _Writer(self)
        self._num_actions: int = len(self.actions)

    def _write(self, state: State, seat: int, out: np.ndarray) -> None:
        self._writer.write(cast(ChaiTeaJazzFlow, state), seat, out)

    def mask(self, state: State) -> np.ndarray:
        # ``ActionTable.mask`` compiled here: the same ids through the table's
        # ``legal_ids`` (whose cache the step's ``action_of`` then finds), without the
        # interpreted frame, and ``frombuffer`` given a dtype rather than a type to resolve
        buf = bytearray(self._num_actions)
        for i in self.actions.legal_ids(state):
            buf[i] = 1
        return np.frombuffer(buf, MASK_DTYPE)

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


# compiled, a class that allows interpreted subclasses allocates without running
# ``__init__``, which unpickling and copying need: the codec (and so this) is pickled
# with the OpenSpiel game
@mypyc_attr(allow_interpreted_subclasses=True)
class _Writer:
    """A seat's tensor straight from the state: the numbers ``_fill`` reads in the view.

    Its own plain class, not the codec: the codec's base is an interpreted class, so
    compiled, only a class of its own gets native fields, and the offsets and tables
    below are read on every write. It reads what ``view.observation`` reads for the
    seat: its own hand, the face-up straw and whether each face-down card is still
    there (never which card it is), the trick, the earlier tricks, the contract, the
    bidding, the points and the scoreboard; never another hand, nor the set-aside or
    undealt cards.
    """

    def __init__(self, codec: ChaiTeaJazzCodec) -> None:
        g = codec.game
        self.n: int = g.num_players
        self.sides: int = g.num_sides
        self.num_cards: int = codec.cards
        self.num_rows: int = codec.rows
        self.side_of: tuple[int, ...] = tuple(g.side_of)
        # card code -> its index among the distinct cards (-1: not in this deck)
        index = [-1] * cards.NUM_CODES
        for name, i in codec.card_index.items():
            index[g.code_of[name.upper()]] = i
        self.index: list[int] = index
        self.copies: float = 1.0 / codec.max_copies
        self.distinct: bool = codec.max_copies == 1
        # two players: the face-down count's entry after adding 0.2 once per card in
        # float32, as ``_fill`` adds them, so one write gives the same number
        sums = array("f", bytes(4))
        down_sums = [0.0]
        for _ in range(5):
            sums[0] += 0.2
            down_sums.append(sums[0])
        self.down_sums: list[float] = down_sums
        self.round_scale: int = max(1, g.rounds)
        self.per_trick: float = 1.0 / max(1, g.tricks)
        self.tricks: int = g.tricks
        self.max_debt: float = float(g.max_debt) or 1.0  # debt_steps=0: as in ``_fill``
        self.o_phase: int = codec.o_phase
        self.o_to_act: int = codec.o_to_act
        self.o_barrel: int = codec.o_barrel
        self.o_round: int = codec.o_round
        self.o_hand: int = codec.o_hand
        self.o_straw: int = codec.o_straw
        self.o_trick: int = codec.o_trick
        self.o_led: int = codec.o_led
        self.o_dir: int = codec.o_dir
        self.o_winning: int = codec.o_winning
        self.o_played: int = codec.o_played
        self.o_declarer: int = codec.o_declarer
        self.o_row: int = codec.o_row
        self.o_trump: int = codec.o_trump
        self.o_debt: int = codec.o_debt
        self.o_bid: int = codec.o_bid
        self.o_points: int = codec.o_points
        self.o_board: int = codec.o_board
        self.o_result: int = codec.o_result

    def write(self, state: ChaiTeaJazzFlow, seat: int, storage: Any) -> None:
        # through a memoryview of the float32 storage: its item assignment converts a
        # float directly, where the array's parses it with a format (about half the cost
        # of each of the fifty-odd entries set)
        out: Any = memoryview(storage)
        n = self.n
        index = self.index
        copies = self.copies
        out[self.o_phase + PHASE_SLOT[state.phase]] = 1.0
        cp = state.cp
        if isinstance(cp, int):
            out[self.o_to_act + (cp - seat) % n] = 1.0
        out[self.o_barrel + (state.barrel - seat) % n] = 1.0
        out[self.o_round] = (state.round_no + 1) / self.round_scale
        # a card of a distinct deck counts once: set, not read and added (the sum
        # of one copy is the copy), which saves a read per card on this hot path
        distinct = self.distinct
        o_hand = self.o_hand
        for c in state.hands[seat]:
            at = o_hand + index[c]
            if distinct:
                out[at] = copies
            else:
                out[at] += copies
        if n == 2:
            # the face-up cards, and of the face-down ones only whether they are there
            width = self.num_cards + 1
            for s in range(2):
                base = self.o_straw + (s - seat) % n * width
                up, down = state.up[s], state.down[s]
                downs = 0
                for i in range(5):
                    if up[i] >= 0:
                        out[base + index[up[i]]] = 1.0
                    if down[i] >= 0:
                        downs += 1
                if downs:
                    out[base + width - 1] = self.down_sums[downs]
        pick = state.pick
        if pick is not None and state.trick_no < self.tricks and state.phase == PLAY:
            o_trick, num_cards = self.o_trick, self.num_cards
            trick_cards, trick_seats = state.trick_cards, state.trick_seats
            for i in range(len(trick_cards)):
                at = o_trick + (trick_seats[i] - seat) % n * num_cards + index[trick_cards[i]]
                out[at] = 1.0
            if state.led >= 0:
                out[self.o_led + SUIT_SLOT[state.led]] = 1.0
            out[self.o_dir + DIRECTION_SLOT[state.order[state.trick_no]]] = 1.0
            if trick_cards:
                out[self.o_winning + (state.best_seat - seat) % n] = 1.0
        o_played = self.o_played
        for _, played, _ in state.tricks_log:
            for c in played:
                at = o_played + index[c]
                if distinct:
                    out[at] = copies
                else:
                    out[at] += copies
        max_debt = self.max_debt
        if pick is not None:
            out[self.o_declarer + (state.declarer - seat) % n] = 1.0
            out[self.o_row + pick.row] = 1.0
            trump = pick.play.trump
            if trump >= 0:
                out[self.o_trump + SUIT_SLOT[trump]] = 1.0
            if pick.debt:
                out[self.o_debt] = pick.debt / max_debt
            if state.bonus:
                out[self.o_debt + 1] = state.bonus / max_debt
        b = self.o_bid
        passed = state.passed
        for s in range(n):
            if passed[s]:
                out[b + (s - seat) % n] = 1.0
        rows = self.num_rows
        current = state.cb_pick
        if current is not None:
            out[b + n + (state.cb - seat) % n] = 1.0
            out[b + 2 * n + current.row] = 1.0
            out[b + 2 * n + rows] = current.debt / max_debt
        if state.forced:
            out[b + 2 * n + rows + 1] = 1.0
        if state.offer:
            out[b + 2 * n + rows + 2] = state.offer / max_debt
        points, won = state.points, state.tricks_won
        per_trick = self.per_trick
        o_points = self.o_points
        for s in range(n):
            at = o_points + (s - seat) % n
            if points[s]:
                out[at] = points[s] / 100.0
            if won[s]:
                out[at + n] = won[s] * per_trick
        sides = self.sides
        side = self.side_of[seat]
        o_board = self.o_board
        open_rows, row_score = state.open_rows, state.row_score
        for sd in range(sides):
            mine = (sd - side) % sides * 2
            opened = open_rows[sd]
            for r in range(rows):
                base = o_board + r * sides * 2 + mine
                if opened[r]:
                    out[base] = 1.0
                score = row_score[r][sd]
                if score:
                    out[base + 1] = score / 100.0
        game_points = state.game_points
        for sd in range(sides):
            if game_points[sd]:
                out[o_board + rows * sides * 2 + (sd - side) % sides] = game_points[sd] / 10.0
        places = state.places()
        if places:
            o_result = self.o_result
            for s in range(n):
                out[o_result + (s - seat) % n] = places[s] / n
