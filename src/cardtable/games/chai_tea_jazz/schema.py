"""The shapes of a Chai Tea Jazz view, as the type checker and the conformance suite read them.

Every field of ``docs/games/chai-tea-jazz.md``'s observation table is declared
here. Pairs such as ``[seat, card]`` stay JSON lists (``list[int | str]``),
since that is what the views have always held. The public view is a seat's
view with its seat-relative fields blanked (``engine.hints.without``), so it
shares every field but those three.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from cardtable.engine.schema import Words

PhaseName = Literal["deal", "pick", "offer", "accept", "play", "over"]
SuitLetter = Literal["C", "D", "H", "S"]
DirectionName = Literal["high", "low", "middle"]
# a contract's name: one of the registry's (``rules.registry.CONTRACTS``), read when a
# view is checked, so that a new contract is its module and one registry line
RuleName = Annotated[str, Words("cardtable.games.chai_tea_jazz.rules.registry", "names")]
# ``[seat, card]`` or ``[seat, "pick …"]``: a seat and a word, as a JSON pair
SeatAndText = list[int | str]


class StrawStackView(TypedDict):
    up: str | None
    down: bool


class CurrentBetView(TypedDict):
    seat: int
    pick: str
    debt: int


class BiddingView(TypedDict):
    log: list[SeatAndText]
    passed: list[bool]
    current: CurrentBetView | None
    forced: bool
    offer: int
    increment: int
    max_debt: int


class ContractView(TypedDict):
    declarer: int
    side: int
    row: int
    row_name: str
    play: str
    description: str
    rule: RuleName
    trump: SuitLetter | None
    directions: list[DirectionName]
    bet_debt: int
    barrel_offer: int


class TrickInPlayView(TypedDict):
    number: int
    of: int
    direction: DirectionName
    led: SuitLetter | None
    cards: list[SeatAndText]
    winning: int | None


class TrickView(TypedDict):
    leader: int
    cards: list[str]
    winner: int


class FinishedRoundView(TypedDict):
    round: int
    tricks: list[TrickView]
    last_trick: TrickView
    points: list[int]
    side_points: list[int]
    tricks_won: list[int]
    aside: list[SeatAndText]


class RowView(TypedDict):
    key: str
    name: str
    contract: str
    value: int
    avoid: bool
    meta: Literal["second"] | None
    open: list[bool]
    scores: list[int | None]
    order: list[int | None]
    game_points: list[int] | None


class ScoreboardView(TypedDict):
    rows: list[RowView]
    game_points: list[int]
    finish: list[int | None]
    totals: list[int]


class RoundSummaryView(TypedDict):
    round: int
    declarer: int
    side: int
    row: str
    contract: str
    captured: int
    last_trick: int
    bet_debt: int
    barrel_offer: int
    score: int
    match_point: int
    row_game_points: list[int] | None
    aside: list[SeatAndText]


class ResultView(TypedDict):
    ranking: list[int]
    places: list[int] | None
    returns: list[float]


class _TableView(TypedDict):
    """Every field but the observing seat's own: what the public view shares."""

    game: Literal["chai-tea-jazz"]
    players: int
    teams: bool
    sides: list[list[int]]
    round: int
    phase: PhaseName
    to_act: int | None
    barrel: int
    straw: list[list[StrawStackView]] | None
    aside_cards: int
    bidding: BiddingView
    contract: ContractView | None
    trick: TrickInPlayView | None
    tricks: list[TrickView]
    points: list[int]
    tricks_won: list[int]
    scoreboard: ScoreboardView
    rounds_played: list[RoundSummaryView]
    finished_round: FinishedRoundView | None
    result: ResultView | None


class Observation(_TableView):
    """What one seat sees: the table plus its seat, side and hand."""

    seat: int
    side: int
    hand: list[str]


class PublicObservation(_TableView):
    """What a spectator sees: the seat-relative fields are null."""

    seat: None
    side: None
    hand: None


__all__ = [
    "BiddingView",
    "ContractView",
    "DirectionName",
    "FinishedRoundView",
    "Observation",
    "PhaseName",
    "PublicObservation",
    "RoundSummaryView",
    "RowView",
    "RuleName",
    "TrickView",
]
