"""The shape of Contest's views: what ``observation(seat)`` and ``public_observation()`` return.

Plain ``TypedDict`` types, so a view costs nothing extra to build and the type
checker reads every place one is built; the conformance suite checks seeded
games' views against them. Each field is described in ``docs/games/contest.md``.
Seats are 0 (Black) and 1 (White); pieces are their letters.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from cardtable.games.contest.phases import PhaseName
from cardtable.games.contest.pieces import PieceLetter, SeatName


class OwnSide(TypedDict):
    """The observing seat, as it knows itself."""

    card: PieceLetter | None  # its card in play; None outside the declare and call phases
    card_shown: bool
    table: list[PieceLetter]
    main_pile: int
    main_pile_known_bottom: list[PieceLetter]
    defeated: list[PieceLetter]
    banned: bool
    wrong_calls_in_a_row: int
    must_show_top_next_round: bool


class SeenCard(TypedDict):
    """One of the other seat's cards: what it was declared as, and its piece if seen."""

    declared: PieceLetter
    card: PieceLetter | None


class PublicSide(TypedDict):
    """A seat as its opponent knows it, without the opponent's own memory."""

    card: PieceLetter | None
    card_shown: bool
    table: list[SeenCard]
    main_pile: int
    defeated: list[SeenCard]
    banned: bool
    wrong_calls_in_a_row: int
    must_show_top_next_round: bool


class OpponentSide(TypedDict):
    """The other seat as the observing seat knows it (``known_cards``: how many of each
    piece of theirs it has seen)."""

    card: PieceLetter | None
    card_shown: bool
    table: list[SeenCard]
    main_pile: int
    defeated: list[SeenCard]
    known_cards: dict[PieceLetter, int]
    banned: bool
    wrong_calls_in_a_row: int
    must_show_top_next_round: bool


class LastRound(TypedDict):
    """The last finished duel."""

    round: int
    declared: list[PieceLetter]  # Black's, White's
    called_by: int | None
    revealed: list[PieceLetter] | None  # the true pieces after a reveal
    winner: int | None  # None: a tie


class Result(TypedDict):
    winner: int | None  # None: a draw
    reason: str


class ContestObservation(TypedDict):
    game: Literal["contest"]
    seat: int
    seat_name: SeatName
    round: int
    phase: PhaseName
    to_act: int | None
    first_declarer: int
    declared: list[PieceLetter | None]
    declared_round: int | None
    you: OwnSide
    opponent: OpponentSide
    consequence_taker: int | None
    last_round: LastRound | None
    result: Result | None


class ContestPublicObservation(TypedDict):
    """What every seat may know: both sides as each one's opponent sees it."""

    game: Literal["contest"]
    seat: None
    seat_name: None
    round: int
    phase: PhaseName
    to_act: int | None
    first_declarer: int
    declared: list[PieceLetter | None]
    declared_round: int | None
    consequence_taker: int | None
    last_round: LastRound | None
    result: Result | None
    sides: list[PublicSide]  # Black's, White's
