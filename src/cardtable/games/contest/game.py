"""ChardZ Contest rules on the engine contract.

Every physical card is an id 0..15 per seat (its place in the shuffled pile),
so where each card is can be followed from public actions alone; only which
piece an id is may be hidden. That makes the resampler exact: re-deal the
pieces of the ids a seat has never seen.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from typing import Any, ClassVar, Self

from cardtable.engine.errors import BadDealError, MalformedActionError, SettingError
from cardtable.engine.game import Action, Game, GameInfo, Marker, Setting, State, check_seat
from cardtable.games.contest import actions as act
from cardtable.games.contest.pieces import (
    COUNTS,
    DECLARABLE,
    KING,
    LETTERS,
    NAMES,
    PILE_SIZE,
    SEAT_NAMES,
    STANDARD_PILE,
    VALUES,
    full_pile,
    piece_of_letter,
)
from cardtable.games.contest.text_view import render

DEAL, DECLARE_FIRST, DECLARE_SECOND, CALL_SECOND, CALL_FIRST, CONSEQUENCE, OVER = range(7)
PHASE_NAMES = (
    "deal",
    "declare-first",
    "declare-second",
    "call-second",
    "call-first",
    "consequence",
    "over",
)
CHANCE = Marker.CHANCE
TERMINAL = Marker.TERMINAL


class ContestGame(Game):
    info = GameInfo(
        name="contest",
        title="ChardZ Contest",
        min_players=2,
        max_players=2,
        default_players=2,
        summary=(
            "A head-to-head bluffing duel. Each player holds sixteen chess-piece cards "
            "face down; every round both declare their top card (bluffing allowed), the "
            "higher declaration wins, and either may call for a reveal, which costs the "
            "bluffer or the false accuser a consequence. Find the opponent's King or "
            "defeat all sixteen of their cards to win."
        ),
        settings=(
            Setting(
                "max_rounds",
                500,
                "rounds (tie-breaks included) after which the game is a draw",
                kind=int,
                minimum=1,
                maximum=10_000,
            ),
            Setting(
                "pile",
                STANDARD_PILE,
                "the cards in each pile, as letters with one King: the standard sixteen, "
                "or a tiny variant for exact methods such as 'KQP' (only pieces in the "
                "pile may be declared)",
                kind=str,
                max_size=64,
            ),
        ),
    )

    bots = {"heuristic": "cardtable.games.contest.bots:HeuristicBot"}
    default_bot = "heuristic"
    # levels offered to people (lobby, --bots hard): specs, rated in docs/bots.md
    bot_levels: ClassVar[dict[str, str]] = {
        "easy": "ismcts(iterations=100)",
        "medium": "heuristic",
        "hard": "ismcts(iterations=300, rollout=heuristic, rollout_epsilon=0.0, max_time=0.9)",
        "expert": "ismcts(iterations=1500, rollout=heuristic, rollout_epsilon=0.0)",
    }

    def _check_settings(self) -> None:
        self.counts, self.declarable = parse_pile(self.settings["pile"])
        self.pile_size = sum(self.counts)

    def new_initial_state(self, seed: int | None = None, deal: Any = None) -> ContestState:
        return ContestState(self, seed, deal)

    def deck(self) -> Counter[str]:
        one = Counter({LETTERS[p]: n for p, n in enumerate(self.counts) if n})
        return one + one

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def render(self, observation: dict[str, Any]) -> str:
        return render(observation)


def parse_pile(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ``pile`` setting to piece counts and the pieces that may be declared."""
    pieces = [piece_of_letter(c) for c in text.strip()]
    if any(p is None for p in pieces) or pieces.count(KING) != 1 or len(pieces) < 2:
        raise SettingError(
            f"setting pile={text!r} must be letters of {LETTERS} with exactly one K and at "
            f"least one other piece, for example {STANDARD_PILE!r} or 'KQP'"
        )
    counts = tuple(pieces.count(p) for p in range(len(LETTERS)))
    return counts, tuple(p for p in DECLARABLE if counts[p])


def parse_deal(
    deal: Any, counts: tuple[int, ...] = COUNTS, size: int = PILE_SIZE
) -> list[list[int]]:
    """``{"black": [...16 letters top first], "white": [...]}`` to piece lists."""
    if not isinstance(deal, dict) or set(deal) != {"black", "white"}:
        raise BadDealError(
            'a Contest deal is {"black": [16 cards], "white": [16 cards]}, top first'
        )
    piles = []
    for seat_key in ("black", "white"):
        cards = deal[seat_key]
        if not isinstance(cards, list) or len(cards) != size:
            raise BadDealError(f"the {seat_key} pile must hold {size} cards")
        pile = []
        for card in cards:
            piece = piece_of_letter(card) if isinstance(card, str) else None
            if piece is None:
                raise BadDealError(f"{card!r} in the {seat_key} pile is not one of {LETTERS}")
            pile.append(piece)
        for piece, n in enumerate(counts):
            if pile.count(piece) != n:
                raise BadDealError(
                    f"the {seat_key} pile has {counts[piece]} {NAMES[piece]}(s); it needs {n}"
                )
        piles.append(pile)
    return piles


class ContestState(State):
    game: ContestGame

    def __init__(self, game: ContestGame, seed: int | None, deal: Any) -> None:
        super().__init__(game, seed, deal)
        self.max_rounds: int = game.settings["max_rounds"]
        size = self.size = game.pile_size
        self.counts = game.counts
        self.piece: list[list[int]] = [[-1] * size, [-1] * size]
        self.main: list[deque[int]] = [deque(range(size)), deque(range(size))]
        self.defeated: list[list[int]] = [[], []]
        # what each defeated card was declared as when it lost, parallel to ``defeated``
        self.defeated_as: list[list[int]] = [[], []]
        self.table: list[list[int]] = [[], []]
        self.table_as: list[list[int]] = [[], []]
        self.known: list[list[set[int]]] = [[set(), set()], [set(), set()]]
        self.dealt = 0
        self.deal_left = [list(self.counts), list(self.counts)]
        self.round = 0
        self.first = 0
        self.phase = DEAL
        self.cp: int | Marker = CHANCE
        # the declarations of round ``declared_round`` (0-based; -1: none yet), kept after
        # the round until the next round's first declaration
        self.declared: list[int] = [-1, -1]
        self.declared_round = -1
        self.shown_now = [False, False]
        self.show_next = [False, False]
        self.wrong_streak = [0, 0]
        self.banned = [False, False]
        self.ban_next = [False, False]
        self.taker = -1
        self.winner: int | None = None
        self.end_reason = ""
        self.last_round: dict[str, Any] | None = None
        self.events: list[tuple[Any, ...]] = []
        if deal is not None:
            self.piece = parse_deal(deal, self.counts, size)
            self.dealt = 2 * size
            self._start_round()

    # ---- contract --------------------------------------------------------------
    def current_player(self) -> int | Marker:
        return self.cp

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase in (DECLARE_FIRST, DECLARE_SECOND):
            return [act.DECLARE[p] for p in self.game.declarable]
        if phase in (CALL_SECOND, CALL_FIRST):
            return act.CALL_CHOICES
        return act.CONSEQUENCE_CHOICES

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase != DEAL:
            return []
        seat, pos = divmod(self.dealt, self.size)
        left = self.size - pos
        deal = act.DEAL[seat]
        return [(deal[p], n / left) for p, n in enumerate(self.deal_left[seat]) if n]

    def _apply(self, action: Action) -> None:
        phase = self.phase
        if phase == DEAL:
            assert isinstance(action, act.Deal), "legal at a deal: Deal outcomes only"
            seat, pos = divmod(self.dealt, self.size)
            self.piece[seat][pos] = action.piece
            self.deal_left[seat][action.piece] -= 1
            self.dealt += 1
            if self.dealt == 2 * self.size:
                self._start_round()
        elif phase == DECLARE_FIRST:
            assert isinstance(action, act.Declare), "legal at a declaration: Declare only"
            self.declared = [-1, -1]
            self.declared_round = self.round
            self.declared[self.first] = action.piece
            self.phase = DECLARE_SECOND
            self.cp = 1 - self.first
        elif phase == DECLARE_SECOND:
            assert isinstance(action, act.Declare), "legal at a declaration: Declare only"
            second = 1 - self.first
            self.declared[second] = action.piece
            self._open_calls()
        elif phase == CALL_SECOND:
            if action is act.CALL or action == act.CALL:
                self._reveal(1 - self.first)
            elif not self.banned[self.first]:
                self.phase = CALL_FIRST
                self.cp = self.first
            else:
                self._settle_by_declarations()
        elif phase == CALL_FIRST:
            if action is act.CALL or action == act.CALL:
                self._reveal(self.first)
            else:
                self._settle_by_declarations()
        elif phase == CONSEQUENCE:
            self._take_consequence(action == act.SHOW_PILE)

    def _parse(self, text: str) -> Action:
        words = text.split()
        if len(words) == 1:
            word = words[0]
            lower = word.lower()
            if lower == "call":
                return act.CALL
            if lower == "pass":
                return act.PASS
            if lower == "pile":
                return act.SHOW_PILE
            if lower == "top":
                return act.SHOW_TOP
            piece = piece_of_letter(word)
            if piece is not None:
                return act.DECLARE[piece]
        elif len(words) == 3 and words[0].lower() == "deal" and words[1] in ("0", "1"):
            piece = piece_of_letter(words[2])
            if piece is not None:
                return act.DEAL[int(words[1])][piece]
        raise MalformedActionError(
            text,
            "not a Contest action; write a piece to declare (Q R N B P), call, pass, pile or top",
            self.where(),
        )

    def _why_illegal(self, action: Action) -> str:
        phase = self.phase
        declaring = phase in (DECLARE_FIRST, DECLARE_SECOND)
        if declaring and isinstance(action, act.Declare) and action.piece == KING:
            return "a King is never declared; declare Q, R, N, B or P"
        declarable = self.game.declarable
        if declaring and isinstance(action, act.Declare) and action.piece not in declarable:
            allowed = " ".join(LETTERS[p] for p in declarable)
            return f"only pieces in the pile may be declared: {allowed}"
        if phase == DEAL:
            return "the piles are being dealt; only deal outcomes apply"
        if isinstance(action, act.Call) and phase in (DECLARE_FIRST, DECLARE_SECOND):
            return "a reveal can only be called once both players have declared"
        wanted = {
            DECLARE_FIRST: "declare a piece (Q R N B P)",
            DECLARE_SECOND: "declare a piece (Q R N B P)",
            CALL_SECOND: "call or pass",
            CALL_FIRST: "call or pass",
            CONSEQUENCE: "choose a consequence: pile or top",
        }[phase]
        if not isinstance(self.cp, int):
            return "the game is over"
        return f"now {SEAT_NAMES[self.cp]} must {wanted}"

    def is_reaction_window(self) -> bool:
        return self.phase in (CALL_SECOND, CALL_FIRST)

    def returns(self) -> list[float]:
        if self.phase != OVER or self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def _copy(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.piece = [self.piece[0][:], self.piece[1][:]]
        other.main = [self.main[0].copy(), self.main[1].copy()]
        other.defeated = [self.defeated[0][:], self.defeated[1][:]]
        other.defeated_as = [self.defeated_as[0][:], self.defeated_as[1][:]]
        other.table = [self.table[0][:], self.table[1][:]]
        other.table_as = [self.table_as[0][:], self.table_as[1][:]]
        other.known = [[k.copy() for k in row] for row in self.known]
        other.deal_left = [self.deal_left[0][:], self.deal_left[1][:]]
        other.declared = self.declared[:]
        other.shown_now = self.shown_now[:]
        other.show_next = self.show_next[:]
        other.wrong_streak = self.wrong_streak[:]
        other.banned = self.banned[:]
        other.ban_next = self.ban_next[:]
        other.events = self.events[:]
        return other

    def cards(self) -> Counter[str]:
        total: Counter[str] = Counter()
        size = self.size
        for seat in (0, 1):
            undealt = size - max(0, min(size, self.dealt - seat * size))
            placed = Counter(p for p in self.piece[seat] if p >= 0)
            for p, n in enumerate(self.counts):
                if not n:
                    continue
                total[LETTERS[p]] += placed[p] + (n - placed[p] if undealt else 0)
            zones = len(self.main[seat]) + len(self.defeated[seat]) + len(self.table[seat])
            if (
                zones != size
                or len(set(self.main[seat]) | set(self.defeated[seat]) | set(self.table[seat]))
                != size
            ):
                total["<misplaced>"] += 1
        return total

    def resample(self, seat: int, rng: random.Random) -> Self:
        check_seat(self, seat)
        other = self.clone()
        for owner in (0, 1):
            known = self.known[seat][owner]
            pool = Counter(dict(enumerate(self.counts)))
            for i in known:
                pool[self.piece[owner][i]] -= 1
            free = [p for p, n in pool.items() for _ in range(n)]
            rng.shuffle(free)
            pieces = other.piece[owner]
            for i in range(self.size):
                if pieces[i] >= 0 and i not in known:
                    pieces[i] = free.pop()
            placed = Counter(p for p in pieces if p >= 0)
            other.deal_left[owner] = [n - placed[p] for p, n in enumerate(self.counts)]
        other.reseed(rng)
        if self.deal is not None:
            other.deal = {
                key: [LETTERS[p] for p in other.piece[s]]
                for s, key in enumerate(("black", "white"))
            }
        else:
            size = self.size
            dealt = min(self.dealt, 2 * size)
            other.rewrite_outcomes(
                (i, act.DEAL[i // size][other.piece[i // size][i % size]])
                for i in range(dealt)
            )
        return other

    # ---- flow ------------------------------------------------------------------
    def _end(self, winner: int | None, reason: str) -> None:
        self.winner = winner
        self.end_reason = reason
        self.phase = OVER
        self.cp = TERMINAL
        self.events.append(("end", winner, reason))

    def _start_round(self) -> None:
        if self.round >= self.max_rounds:
            self._end(None, f"the {self.max_rounds}-round limit was reached")
            return
        empty = [not self.main[0], not self.main[1]]
        if empty[0] and empty[1]:
            self._end(None, "both Main Piles ran out")
            return
        if empty[0] or empty[1]:
            loser = 0 if empty[0] else 1
            self._end(1 - loser, f"{SEAT_NAMES[loser]} had to draw from an empty Main Pile")
            return
        self.banned = self.ban_next
        self.ban_next = [False, False]
        self.shown_now = [False, False]
        for s in (0, 1):
            card = self.main[s].popleft()
            self.table[s].append(card)
            self.known[s][s].add(card)
            if self.show_next[s]:
                self.show_next[s] = False
                self.shown_now[s] = True
                self.known[1 - s][s].add(card)
                self.events.append(("shown-top", s, self.piece[s][card]))
        for s in (0, 1):
            if self.shown_now[s] and self.piece[s][self.table[s][-1]] == KING:
                self._end(1 - s, f"{SEAT_NAMES[s]}'s King was shown as the top card")
                return
        self.phase = DECLARE_FIRST
        self.cp = self.first

    def _open_calls(self) -> None:
        second = 1 - self.first
        if not self.banned[second]:
            self.phase = CALL_SECOND
            self.cp = second
        elif not self.banned[self.first]:
            self.phase = CALL_FIRST
            self.cp = self.first
        else:
            self._settle_by_declarations()

    def _record_round(self, caller: int | None, winner: int | None) -> None:
        self.table_as[0].append(self.declared[0])
        self.table_as[1].append(self.declared[1])
        self.last_round = {
            "round": self.round + 1,
            "declared": [LETTERS[self.declared[0]], LETTERS[self.declared[1]]],
            "called_by": caller,
            "revealed": (
                [LETTERS[self.piece[s][self.table[s][-1]]] for s in (0, 1)]
                if caller is not None
                else None
            ),
            "winner": winner,
        }

    def _settle_by_declarations(self) -> None:
        v0 = VALUES[self.declared[0]]
        v1 = VALUES[self.declared[1]]
        winner = None if v0 == v1 else (0 if v0 > v1 else 1)
        self._record_round(None, winner)
        self.events.append(("duel", tuple(self.declared), None, winner))
        self._move_cards(winner)
        if self.phase != OVER:
            self._next_round()

    def _reveal(self, caller: int) -> None:
        cards = [self.table[0][-1], self.table[1][-1]]
        pieces = [self.piece[0][cards[0]], self.piece[1][cards[1]]]
        for s in (0, 1):
            self.known[1 - s][s].add(cards[s])
        accused = 1 - caller
        bluffed = pieces[accused] != self.declared[accused]
        kings = [pieces[0] == KING, pieces[1] == KING]
        winner = None
        if not kings[0] and not kings[1] and VALUES[pieces[0]] != VALUES[pieces[1]]:
            winner = 0 if VALUES[pieces[0]] > VALUES[pieces[1]] else 1
        self._record_round(caller, winner)
        self.events.append(("duel", tuple(self.declared), caller, tuple(pieces)))
        if kings[0] and kings[1]:
            self._end(None, "both Kings were revealed in the same duel")
            return
        if kings[0] or kings[1]:
            loser = 0 if kings[0] else 1
            self._end(1 - loser, f"{SEAT_NAMES[loser]}'s King was revealed")
            return
        if bluffed:
            self.wrong_streak[caller] = 0
            self.taker = accused
        else:
            self.wrong_streak[caller] += 1
            if self.wrong_streak[caller] >= 2:
                self.ban_next[caller] = True
                self.wrong_streak[caller] = 0
            self.taker = caller
        self._move_cards(winner)
        if self.phase == OVER:
            return
        self.phase = CONSEQUENCE
        self.cp = self.taker

    def _move_cards(self, winner: int | None) -> None:
        if winner is None:
            return  # a tie: the cards stay on the table for the tie-break round
        loser = 1 - winner
        self.main[winner].extend(self.table[winner])
        self.defeated[loser].extend(self.table[loser])
        self.defeated_as[loser].extend(self.table_as[loser])
        for s in (0, 1):
            self.table[s] = []
            self.table_as[s] = []
        if len(self.defeated[loser]) == self.size:
            self._end(winner, f"all of {SEAT_NAMES[loser]}'s cards are defeated")

    def _take_consequence(self, show_pile: bool) -> None:
        taker = self.taker
        self.taker = -1
        if show_pile:
            pile = self.defeated[taker]
            self.known[1 - taker][taker].update(pile)
            self.events.append(("shown-pile", taker, tuple(self.piece[taker][i] for i in pile)))
            if any(self.piece[taker][i] == KING for i in pile):
                self._end(1 - taker, f"{SEAT_NAMES[taker]}'s King was in the shown Defeated Pile")
                return
        else:
            self.show_next[taker] = True
            self.events.append(("will-show-top", taker))
        self._next_round()

    def _next_round(self) -> None:
        self.round += 1
        self.first = 1 - self.first
        self._start_round()

    # ---- views -----------------------------------------------------------------
    def _letter_if_known(self, seat: int, owner: int, card: int) -> str | None:
        return LETTERS[self.piece[owner][card]] if card in self.known[seat][owner] else None

    def observation(self, seat: int) -> dict[str, Any]:
        check_seat(self, seat)
        opp = 1 - seat
        mine = self.known[seat][seat]
        tail: list[str] = []
        for card in reversed(self.main[seat]):
            if card not in mine:
                break
            tail.append(LETTERS[self.piece[seat][card]])
        tail.reverse()
        in_round = self.phase in (DECLARE_FIRST, DECLARE_SECOND, CALL_SECOND, CALL_FIRST)
        declared = [LETTERS[d] if d >= 0 else None for d in self.declared]
        opp_known = Counter(LETTERS[self.piece[opp][c]] for c in self.known[seat][opp])
        return {
            "game": "contest",
            "seat": seat,
            "seat_name": SEAT_NAMES[seat],
            "round": self.round + 1,
            "phase": PHASE_NAMES[self.phase],
            "to_act": self.cp if isinstance(self.cp, int) else None,
            "first_declarer": self.first,
            "declared": declared,
            "declared_round": self.declared_round + 1 if self.declared_round >= 0 else None,
            "you": {
                "card": (
                    LETTERS[self.piece[seat][self.table[seat][-1]]]
                    if in_round and self.table[seat]
                    else None
                ),
                "card_shown": self.shown_now[seat] and in_round,
                "table": [LETTERS[self.piece[seat][c]] for c in self.table[seat]],
                "main_pile": len(self.main[seat]),
                "main_pile_known_bottom": tail,
                "defeated": [LETTERS[self.piece[seat][c]] for c in self.defeated[seat]],
                "banned": self.banned[seat],
                "wrong_calls_in_a_row": self.wrong_streak[seat],
                "must_show_top_next_round": self.show_next[seat],
            },
            "opponent": {
                "card": (
                    self._letter_if_known(seat, opp, self.table[opp][-1])
                    if in_round and self.table[opp]
                    else None
                ),
                "card_shown": self.shown_now[opp] and in_round,
                "table": [
                    {"declared": LETTERS[d], "card": self._letter_if_known(seat, opp, c)}
                    for c, d in zip(self.table[opp], self.table_as[opp], strict=False)
                ],
                "main_pile": len(self.main[opp]),
                "defeated": [
                    {"declared": LETTERS[d], "card": self._letter_if_known(seat, opp, c)}
                    for c, d in zip(self.defeated[opp], self.defeated_as[opp], strict=True)
                ],
                "known_cards": dict(sorted(opp_known.items())),
                "banned": self.banned[opp],
                "wrong_calls_in_a_row": self.wrong_streak[opp],
                "must_show_top_next_round": self.show_next[opp],
            },
            "consequence_taker": self.taker if self.phase == CONSEQUENCE else None,
            "last_round": self.last_round,
            "result": (
                {"winner": self.winner, "reason": self.end_reason} if self.phase == OVER else None
            ),
        }

    def public_observation(self) -> dict[str, Any]:
        """Both sides as each opponent sees them, without what only one seat knows.

        A card either seat can name of the other's was revealed or shown to the
        table (the public log says so); the owner's private knowledge of its own
        pile stays out, and so does ``known_cards`` (a seat's memory, seat-relative).
        """
        views = [self.observation(0), self.observation(1)]
        sides = []
        for seat in (0, 1):
            side = dict(views[1 - seat]["opponent"])
            side.pop("known_cards")
            sides.append(side)
        public = {k: v for k, v in views[0].items() if k not in ("you", "opponent")}
        public["seat"] = None
        public["seat_name"] = None
        public["sides"] = sides
        return public

    def public_log(self) -> list[str]:
        lines = []
        for event in self.events:
            kind = event[0]
            if kind == "duel":
                _, declared, caller, outcome = event
                said = f"Black declares {NAMES[declared[0]]}, White declares {NAMES[declared[1]]}"
                if caller is None:
                    won = "tie" if outcome is None else f"{SEAT_NAMES[outcome]} wins the round"
                    lines.append(f"{said}; no reveal; {won}.")
                else:
                    shown = f"Black had {NAMES[outcome[0]]}, White had {NAMES[outcome[1]]}"
                    lines.append(f"{said}; {SEAT_NAMES[caller]} calls a reveal: {shown}.")
            elif kind == "shown-top":
                lines.append(
                    f"{SEAT_NAMES[event[1]]} plays with the top card shown: {NAMES[event[2]]}."
                )
            elif kind == "shown-pile":
                names = ", ".join(NAMES[p] for p in event[2]) or "nothing"
                lines.append(f"{SEAT_NAMES[event[1]]} shows the Defeated Pile: {names}.")
            elif kind == "will-show-top":
                lines.append(f"{SEAT_NAMES[event[1]]} will show the next top card.")
            elif kind == "end":
                who = "draw" if event[1] is None else f"{SEAT_NAMES[event[1]]} wins"
                lines.append(f"Game over ({who}): {event[2]}.")
        return lines


def standard_deal(rng: random.Random) -> dict[str, list[str]]:
    """A shuffled explicit deal, for tests and puzzles."""
    piles = {}
    for key in ("black", "white"):
        pile = full_pile()
        rng.shuffle(pile)
        piles[key] = [LETTERS[p] for p in pile]
    return piles
