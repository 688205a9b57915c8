"""Chez on the engine contract: metadata, settings, deck and explicit deals."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from cardtable.engine.game import GameInfo, Setting
from cardtable.engine.rules import Registry
from cardtable.games.chez.cards import deck_counter
from cardtable.games.chez.rules import DISCARD, FRONT, settings_of
from cardtable.games.chez.rules._shape import DiscardCombo, FrontCombo
from cardtable.games.chez.ruleset import ChezRuleset
from cardtable.games.chez.schema import ChezObservation, ChezPublicObservation
from cardtable.games.chez.state import ChezState
from cardtable.games.chez.view import render as render_view

NOPE_WINDOW = Setting(
    "nope_window",
    "everyone",
    "who a reaction window asks: 'everyone' still playing with cards (reveals nothing), "
    "or only 'ace-holders' (faster, but being asked shows you hold an Ace)",
    ("everyone", "ace-holders"),
    str,
)


def chez_info(discard: Registry[DiscardCombo], front: Registry[FrontCombo]) -> GameInfo:
    """The game's description, with a setting for each combo of these registries (a
    game class that names other registries describes itself with them)."""
    return GameInfo(
        name="chez",
        title="Chez",
        min_players=2,
        max_players=10,
        default_players=4,
        summary=(
            "Shed your hand first. Black top cards take lower or equal, red ones higher or "
            "equal; 6s, 10s, Jacks, Queens, Kings and Jokers bend the turn, combos and "
            "Castles bend it further, any Ace can nope a special out of turn, and picking "
            "up when you could play risks the Plague."
        ),
        settings=(*settings_of(discard, front), NOPE_WINDOW),
    )


# tests subclass it (a game that counts the plays it saw, a game with a toy combo)
@mypyc_attr(allow_interpreted_subclasses=True)
class ChezGame(ChezRuleset):
    info: ClassVar[GameInfo] = chez_info(DISCARD, FRONT)
    bots: ClassVar[dict[str, str]] = {"heuristic": "cardtable.games.chez.ai.heuristic:HeuristicBot"}
    default_bot: ClassVar[str] = "heuristic"
    observation_schema: ClassVar[Any] = ChezObservation
    public_schema: ClassVar[Any] = ChezPublicObservation
    # levels offered to people (lobby, --bots hard): specs, rated in docs/bots.md
    # (head to head, the heuristic came first in 18.2% of 400 games against three
    # ismcts(iterations=100): the short search is the stronger, so it is medium)
    bot_levels: ClassVar[dict[str, str]] = {
        "easy": "heuristic",
        "medium": "ismcts(iterations=100)",
        "hard": "ismcts(max_time=0.9)",
        # rollouts by the heuristic bot: more iterations of random rollouts gained nothing
        # over hard (docs/bots.md, "The ladder, head to head")
        "expert": "ismcts(iterations=2000, max_actions=none, rollout=heuristic)",
    }
    bot_level_notes: ClassVar[dict[str, str]] = {
        "easy": "the game's rule-of-thumb player: instant",
        "medium": "a short search: quick, and beats the rule-of-thumb player",
    }

    def new_initial_state(self, seed: int | None = None, deal: Any = None) -> ChezState:
        return ChezState(self, seed, deal)

    def deck(self) -> Counter[str]:
        return deck_counter(self.decks)

    def render(self, observation: dict[str, Any]) -> str:
        return render_view(observation)
