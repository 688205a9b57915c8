"""ChardZ Contest on the engine contract: the game, its settings and its bots.

Where each rule lives: ``flow`` (a round, phase by phase), ``rules/`` (one
module per consequence of a reveal, in the registry ``rules.CONSEQUENCES``, and
the call ban), ``view`` (what each seat sees), ``resample``, ``explain``
(refusals in words); the fields of a position are declared and copied in ``core``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from cardtable.engine.game import Game, GameInfo, Setting
from cardtable.engine.rules import Registry
from cardtable.games.contest.deals import parse_deal, parse_pile, standard_deal
from cardtable.games.contest.phases import PHASE_NAMES, Phase
from cardtable.games.contest.pieces import LETTER, SEAT_NAMES, STANDARD_PILE
from cardtable.games.contest.rules import CONSEQUENCES, Consequence, prompt
from cardtable.games.contest.schema import ContestObservation, ContestPublicObservation
from cardtable.games.contest.state import ContestState
from cardtable.games.contest.text_view import render


class ContestGame(Game):
    info = GameInfo(
        name="contest",
        title="ChardZ Contest",
        min_players=2,
        max_players=2,
        default_players=2,
        open_reactions=True,
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

    bots = {"heuristic": "cardtable.games.contest.ai.heuristic:HeuristicBot"}
    # the consequences a reveal offers (a test may give one game another registry)
    consequences: Registry[Consequence] = CONSEQUENCES
    default_bot = "heuristic"
    # levels offered to people (lobby, --bots hard): specs, rated in docs/bots.md
    bot_levels: ClassVar[dict[str, str]] = {
        "easy": "ismcts(iterations=100)",
        "medium": "heuristic",
        "hard": "ismcts(iterations=300, rollout=heuristic, rollout_epsilon=0.0, max_time=0.9)",
        # without ``max_actions=none`` the default work limit stopped it at about 400
        # iterations, level with hard (docs/bots.md, "The ladder, head to head")
        "expert": (
            "ismcts(iterations=1500, max_actions=none, rollout=heuristic, rollout_epsilon=0.0)"
        ),
    }
    observation_schema = ContestObservation
    public_schema = ContestPublicObservation

    def _check_settings(self) -> None:
        self.rules = parse_pile(self.settings["pile"])

    def new_initial_state(self, seed: int | None = None, deal: Any = None) -> ContestState:
        return ContestState(self, self.rules, seed, deal)

    def deck(self) -> Counter[str]:
        one: Counter[str] = Counter({LETTER[p]: n for p, n in enumerate(self.rules.counts) if n})
        return one + one

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def render(self, observation: dict[str, Any]) -> str:
        return render(observation, prompt(self.consequences))


__all__ = [
    "PHASE_NAMES",
    "ContestGame",
    "ContestState",
    "Phase",
    "parse_deal",
    "parse_pile",
    "standard_deal",
]
