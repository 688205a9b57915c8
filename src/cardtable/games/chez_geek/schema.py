"""The shape of what a Chez Geek seat and a spectator see, for the type checker and the tests.

``view.py`` builds these dictionaries and is annotated with them, so mypy
checks every key and value where the view is made; the conformance suite
checks every view of its seeded games against them at run time. Each field is
documented in ``docs/games/chez-geek.md`` (the observation-fields table).
Closed sets of words (phases, steps, kinds of play, roll purposes) are
``Literal`` types, written out once here beside the enums that produce them
(``tests/chez_geek/test_cg_schema.py`` checks that the two agree).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

PhaseLabel = Literal["setup", "draw", "roll", "call-people", "free-time", "discard"]
StepLabel = Literal[
    "deal-job",
    "draw",
    "roll",
    "pick-job",
    "call-people",
    "free-time",
    "shopping",
    "whenever-window",
    "send-person",
    "person-cost",
    "discard",
    "play",
]
PlayLabel = Literal["Call", "Shopping trip", "Activity", "Whenever"]
RollPurposeLabel = Literal["income", "free-time", "get-rid-of-person", "call", "slack"]


class MatchView(TypedDict):
    game: int
    games: int
    wins: list[int]


class RoomCardView(TypedDict):
    card: str
    slack: int
    tokens: bool


class PlayerView(TypedDict):
    seat: int
    job: str | None
    slack: int
    goal: int | None
    hand: int
    room: list[RoomCardView]
    owed_free_time: int
    owed_income: int


class TableEntryView(TypedDict):
    card: str
    on: int
    turns: int
    by: int


class StackPlayView(TypedDict):
    play: PlayLabel
    by: int
    cards: list[str]
    target: int | None
    cancelled: bool


class AnsweringView(TypedDict):
    play: PlayLabel
    by: int
    cards: list[str]


class PromptView(TypedDict):
    step: StepLabel
    seat: int
    answering: NotRequired[AnsweringView]
    asked: NotRequired[int | None]
    cart: NotRequired[list[str]]
    purpose: NotRequired[RollPurposeLabel]
    card: NotRequired[str]
    tags: NotRequired[list[str]]


class ResultView(TypedDict):
    wins: list[int]
    places: list[int] | None
    last_winner: int
    reason: str


class ChezGeekObservation(TypedDict):
    """``observation(seat)``: everything public plus the seat's own hand."""

    game: Literal["chez-geek"]
    seat: int
    match: MatchView
    turn: int
    phase: PhaseLabel
    to_act: int | None
    income: int
    free_time: int
    players: list[PlayerView]
    hand: list[str]
    draw_pile: int
    discard: list[str]
    table: list[TableEntryView]
    stack: list[StackPlayView]
    prompt: PromptView | None
    log: list[str]
    result: ResultView | None


class ChezGeekPublicView(TypedDict):
    """``public_observation()``: a seat's view with its seat and hand blanked."""

    game: Literal["chez-geek"]
    seat: None
    match: MatchView
    turn: int
    phase: PhaseLabel
    to_act: int | None
    income: int
    free_time: int
    players: list[PlayerView]
    hand: None
    draw_pile: int
    discard: list[str]
    table: list[TableEntryView]
    stack: list[StackPlayView]
    prompt: PromptView | None
    log: list[str]
    result: ResultView | None
