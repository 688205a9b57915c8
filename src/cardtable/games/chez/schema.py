"""The shape of a Chez observation, declared for the type checker and the conformance suite.

The view is built in ``view`` as plain dicts on the hot path; these types make
mypy check that construction and let ``engine.schema.check_schema`` check every
view of the seeded conformance games, so the docs table
(``docs/games/chez.md``, "Observation fields"), the code and this module
cannot drift apart. Closed sets of words are ``Literal``s, except the play names,
which grow with the combos and so are read from the rules (``Words``); a test checks
that the roll purposes' labels are exactly their words.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from cardtable.engine.schema import Words

# what a play on the discard pile is called: a kind's label (``steps.PLAY_NAMES``), then
# each combo's, read from the registry (``rules.play_names``) when a view is checked
PlayName = Annotated[str, Words("cardtable.games.chez.rules", "play_names")]
# what a roll is for (``steps.RollPurpose`` labels)
RollFor = Literal["play", "joker pick-up", "plague", "betting man"]
Status = Literal["playing", "finished", "out"]


class CastleView(TypedDict):
    walls: int
    cards: list[str]


# ``for`` is a keyword, so this one is declared in the functional form
LastRoll = TypedDict(
    "LastRoll",
    {"seat": int, "for": RollFor, "dice": list[int], "results": list[int]},
)


class OverPrompt(TypedDict):
    step: Literal["over"]


class TurnPrompt(TypedDict):
    step: Literal["turn", "name"]
    seat: int


class JokerPrompt(TypedDict):
    step: Literal["joker"]
    seat: int
    stack: int


class WindowPrompt(TypedDict):
    step: Literal["window"]
    seat: int | None
    on: list[str]
    play: PlayName
    by: int
    target: int | None
    nopes: int
    aces_of_spades_only: bool


class TargetPrompt(TypedDict):
    step: Literal["target"]
    seat: int
    play: PlayName


class GivePrompt(TypedDict):
    step: Literal["give"]
    seat: int
    to: int
    left: int


class RollPrompt(TypedDict):
    step: Literal["roll"]
    seat: int
    dice: list[int]


class DrawPrompt(TypedDict):
    step: Literal["draw"]
    seat: int


# ``from`` is a keyword, so this one is declared in the functional form
TakePrompt = TypedDict("TakePrompt", {"step": Literal["take"], "seat": int, "from": int})


class ChancePrompt(TypedDict):
    """An automatic step on top (never seen at a decision point, kept for completeness)."""

    step: Literal["chance"]


Prompt = (
    OverPrompt
    | TurnPrompt
    | JokerPrompt
    | WindowPrompt
    | TargetPrompt
    | GivePrompt
    | RollPrompt
    | DrawPrompt
    | TakePrompt
    | ChancePrompt
)


class ChezObservation(TypedDict):
    """``observation(seat)``: the seat's own hand and everything public."""

    game: Literal["chez"]
    seat: int
    players: int
    hand: list[str]
    hand_sizes: list[int]
    top: str | None
    top_counts_as: list[str] | None
    discard: list[str]
    secondary: list[str]
    draw_pile: int
    turn: int
    direction: int
    to_act: int | None
    actions_left: int
    bonus_used: bool
    joker_stack: int
    plague: list[int]
    castles: list[CastleView | None]
    status: list[Status]
    places: list[int]
    finished_how: list[str | None] | None
    last_roll: LastRoll | None
    prompt: Prompt


class ChezPublicObservation(TypedDict):
    """``public_observation()``: a seat's view with its seat and hand blanked."""

    game: Literal["chez"]
    seat: None
    players: int
    hand: None
    hand_sizes: list[int]
    top: str | None
    top_counts_as: list[str] | None
    discard: list[str]
    secondary: list[str]
    draw_pile: int
    turn: int
    direction: int
    to_act: int | None
    actions_left: int
    bonus_used: bool
    joker_stack: int
    plague: list[int]
    castles: list[CastleView | None]
    status: list[Status]
    places: list[int]
    finished_how: list[str | None] | None
    last_roll: LastRoll | None
    prompt: Prompt


__all__ = [
    "CastleView",
    "ChezObservation",
    "ChezPublicObservation",
    "LastRoll",
    "PlayName",
    "Prompt",
    "RollFor",
    "Status",
]
