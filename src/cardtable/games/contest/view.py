"""What each seat sees (``observation``), what everyone sees, and the public log in words."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, cast

from mypy_extensions import mypyc_attr

from cardtable.engine.game import check_seat
from cardtable.games.contest.core import ContestCore, RoundResult
from cardtable.games.contest.phases import CONSEQUENCE, IN_ROUND, OVER, PHASE_NAMES
from cardtable.games.contest.pieces import (
    KING,
    LETTER,
    NAMES,
    SEAT_NAMES,
    VALUES,
    Piece,
    PieceLetter,
    duel_winner,
)
from cardtable.games.contest.schema import (
    ContestObservation,
    ContestPublicObservation,
    LastRound,
    OpponentSide,
    OwnSide,
    PublicSide,
    Result,
    SeenCard,
)


def _last_round(last: RoundResult | None) -> LastRound | None:
    if last is None:
        return None
    # unpacked as a tuple: cheaper than reading the fields by name, compiled or not
    number, declared, called_by, revealed, winner = last
    return {
        "round": number,
        "declared": [LETTER[declared[0]], LETTER[declared[1]]],
        "called_by": called_by,
        "revealed": [LETTER[revealed[0]], LETTER[revealed[1]]] if revealed is not None else None,
        "winner": winner,
    }


# the pieces (as plain ints: they index lists) in the alphabetical order of their
# letters, the order of ``known_cards``
_ALPHABETICAL: tuple[int, ...] = tuple(int(p) for p in sorted(Piece, key=lambda p: LETTER[p]))


@mypyc_attr(allow_interpreted_subclasses=True)  # see ContestCore
class ContestView(ContestCore):
    def _seen(self, seat: int, owner: int, cards: list[int], said: list[int]) -> list[SeenCard]:
        """``owner``'s cards as ``seat`` knows them: each one's declaration, its piece if seen.

        A card of this round has no declaration recorded until its duel is settled, so
        on the table it is left out until then.
        """
        known, pieces = self.known[seat][owner], self.piece[owner]
        return [
            {"declared": LETTER[said[i]], "card": LETTER[pieces[c]] if c in known else None}
            for i, c in enumerate(cards[: len(said)])
        ]

    def _opponent_card(self, seat: int, owner: int, in_round: bool) -> PieceLetter | None:
        """``owner``'s card in play, if ``seat`` has seen it (a ``top`` consequence)."""
        table = self.table[owner]
        if in_round and table and table[-1] in self.known[seat][owner]:
            return LETTER[self.piece[owner][table[-1]]]
        return None

    def _known_cards(self, seat: int, owner: int) -> dict[PieceLetter, int]:
        """How many of each of ``owner``'s pieces ``seat`` has seen, by letter."""
        counts = [0] * len(LETTER)
        pieces = self.piece[owner]
        for card in self.known[seat][owner]:
            counts[pieces[card]] += 1
        return {LETTER[p]: counts[p] for p in _ALPHABETICAL if counts[p]}

    def _own_side(self, seat: int, in_round: bool) -> OwnSide:
        pieces = self.piece[seat]
        tail: list[PieceLetter] = [LETTER[p] for p in reversed(self.known_tail(seat))]
        table = self.table[seat]
        return {
            "card": LETTER[pieces[table[-1]]] if in_round and table else None,
            "card_shown": self.shown_now[seat] and in_round,
            "table": [LETTER[pieces[c]] for c in table],
            "main_pile": len(self.main[seat]),
            "main_pile_known_bottom": tail,
            "defeated": [LETTER[pieces[c]] for c in self.defeated[seat]],
            "banned": self.banned[seat],
            "wrong_calls_in_a_row": self.wrong_streak[seat],
            "must_show_top_next_round": self.show_next[seat],
        }

    def _opponent_side(self, seat: int, opp: int, in_round: bool) -> OpponentSide:
        return {
            "card": self._opponent_card(seat, opp, in_round),
            "card_shown": self.shown_now[opp] and in_round,
            "table": self._seen(seat, opp, self.table[opp], self.table_as[opp]),
            "main_pile": len(self.main[opp]),
            "defeated": self._seen(seat, opp, self.defeated[opp], self.defeated_as[opp]),
            "known_cards": self._known_cards(seat, opp),
            "banned": self.banned[opp],
            "wrong_calls_in_a_row": self.wrong_streak[opp],
            "must_show_top_next_round": self.show_next[opp],
        }

    def _public_side(self, owner: int, in_round: bool) -> PublicSide:
        """``owner`` as its opponent sees it: only what was shown to the table."""
        opp = 1 - owner
        return {
            "card": self._opponent_card(opp, owner, in_round),
            "card_shown": self.shown_now[owner] and in_round,
            "table": self._seen(opp, owner, self.table[owner], self.table_as[owner]),
            "main_pile": len(self.main[owner]),
            "defeated": self._seen(opp, owner, self.defeated[owner], self.defeated_as[owner]),
            "banned": self.banned[owner],
            "wrong_calls_in_a_row": self.wrong_streak[owner],
            "must_show_top_next_round": self.show_next[owner],
        }

    def _declared(self) -> list[PieceLetter | None]:
        return [LETTER[d] if d >= 0 else None for d in self.declared]

    def _result(self) -> Result | None:
        if self.phase is not OVER:
            return None
        return {"winner": self.winner, "reason": self.end_reason}

    def observation(self, seat: int) -> dict[str, Any]:
        # built and checked as a ContestObservation; the engine's contract names a plain
        # dict, which a TypedDict is not to the type checker
        return cast("dict[str, Any]", self.view(seat))

    def public_observation(self) -> dict[str, Any]:
        return cast("dict[str, Any]", self.public_view())

    def view(self, seat: int) -> ContestObservation:
        """What ``seat`` may know now (``observation`` as its declared type)."""
        check_seat(self, seat)
        in_round = self.phase in IN_ROUND
        return {
            "game": "contest",
            "seat": seat,
            "seat_name": SEAT_NAMES[seat],
            "round": self.round + 1,
            "phase": PHASE_NAMES[self.phase],
            "to_act": self.cp if isinstance(self.cp, int) else None,
            "first_declarer": self.first,
            "declared": self._declared(),
            "declared_round": self.declared_round + 1 if self.declared_round >= 0 else None,
            "you": self._own_side(seat, in_round),
            "opponent": self._opponent_side(seat, 1 - seat, in_round),
            "consequence_taker": self.taker if self.phase is CONSEQUENCE else None,
            "last_round": _last_round(self.last_round),
            "result": self._result(),
        }

    def information_digest(self, seat: int) -> Hashable:
        """``view(seat)`` as one tuple of the same values, for a search's tree keys.

        Why: a search keys a node on the seat's information, and building the view
        and then a hashable image of it was a fifth of a Contest search. The digest
        holds the view's values in its order, with a piece's number for its letter
        and the phase for its name (each letter and name stands for one of them), so
        two states have equal digests exactly when the seat's views are equal;
        ``tests/engine/test_engine_digests.py`` checks both ways over re-deals.
        """
        check_seat(self, seat)
        in_round = self.phase in IN_ROUND
        opp = 1 - seat
        pieces = self.piece[seat]
        tail = self.known_tail(seat)
        table = self.table[seat]
        own = (
            pieces[table[-1]] if in_round and table else None,
            self.shown_now[seat] and in_round,
            tuple([pieces[c] for c in table]),
            len(self.main[seat]),
            tuple(tail),
            tuple([pieces[c] for c in self.defeated[seat]]),
            self.banned[seat],
            self.wrong_streak[seat],
            self.show_next[seat],
        )
        counts = [0] * len(LETTER)
        theirs = self.piece[opp]
        for card in self.known[seat][opp]:
            counts[theirs[card]] += 1
        other = (
            self._opponent_card(seat, opp, in_round),
            self.shown_now[opp] and in_round,
            self._seen_digest(seat, opp, self.table[opp], self.table_as[opp]),
            len(self.main[opp]),
            self._seen_digest(seat, opp, self.defeated[opp], self.defeated_as[opp]),
            tuple(counts),
            self.banned[opp],
            self.wrong_streak[opp],
            self.show_next[opp],
        )
        cp = self.cp
        return (
            seat,
            self.round,
            self.phase,
            cp if isinstance(cp, int) else None,
            self.first,
            tuple(self.declared),
            self.declared_round,
            own,
            other,
            self.taker if self.phase is CONSEQUENCE else None,
            self.last_round,
            (self.winner, self.end_reason) if self.phase is OVER else None,
        )

    def _seen_digest(
        self, seat: int, owner: int, cards: list[int], said: list[int]
    ) -> tuple[tuple[int, int | None], ...]:
        """``_seen`` as pairs of numbers: each card's declaration, its piece if seen."""
        known, pieces = self.known[seat][owner], self.piece[owner]
        return tuple(
            [(said[i], pieces[c] if c in known else None) for i, c in enumerate(cards[: len(said)])]
        )

    def public_view(self) -> ContestPublicObservation:
        """Both sides as each opponent sees them, without what only one seat knows.

        A card either seat can name of the other's was revealed or shown to the
        table (the public log says so); the owner's private knowledge of its own
        pile stays out, and so does ``known_cards`` (a seat's memory, seat-relative).
        """
        in_round = self.phase in IN_ROUND
        return {
            "game": "contest",
            "seat": None,
            "seat_name": None,
            "round": self.round + 1,
            "phase": PHASE_NAMES[self.phase],
            "to_act": self.cp if isinstance(self.cp, int) else None,
            "first_declarer": self.first,
            "declared": self._declared(),
            "declared_round": self.declared_round + 1 if self.declared_round >= 0 else None,
            "consequence_taker": self.taker if self.phase is CONSEQUENCE else None,
            "last_round": _last_round(self.last_round),
            "result": self._result(),
            "sides": [self._public_side(0, in_round), self._public_side(1, in_round)],
        }

    def public_log(self) -> list[str]:
        lines = []
        for event in self.events:
            kind = event[0]
            if kind == "duel":
                _, declared, caller, outcome = event
                said = f"Black declares {NAMES[declared[0]]}, White declares {NAMES[declared[1]]}"
                if caller is None:
                    won = "a tie" if outcome is None else f"{SEAT_NAMES[outcome]} wins the round"
                    lines.append(f"{said}; no reveal; {won}.")
                else:
                    shown = f"Black had {NAMES[outcome[0]]}, White had {NAMES[outcome[1]]}"
                    # the true cards decide the round; a revealed King ends the game instead
                    # (the end's own line says so)
                    won = ""
                    if KING not in (outcome[0], outcome[1]):
                        best = duel_winner(VALUES[outcome[0]], VALUES[outcome[1]])
                        won = "; a tie" if best is None else f"; {SEAT_NAMES[best]} wins the round"
                    lines.append(f"{said}; {SEAT_NAMES[caller]} calls a reveal: {shown}{won}.")
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
                who = "A draw" if event[1] is None else f"{SEAT_NAMES[event[1]]} wins"
                lines.append(f"Game over. {who}: {event[2]}.")
        return lines
