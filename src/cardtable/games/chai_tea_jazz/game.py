"""The Chai Tea Jazz game: its table (``tables``) with the states, schemas and bots.

The bots are named as "module:Class" strings, so the rules never import them.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardtable.engine.game import FileOption
from cardtable.games.chai_tea_jazz.schema import Observation, PublicObservation
from cardtable.games.chai_tea_jazz.state import ChaiTeaJazzState
from cardtable.games.chai_tea_jazz.tables import ChaiTeaJazzTables
from cardtable.games.chai_tea_jazz.view import render


class ChaiTeaJazzGame(ChaiTeaJazzTables):
    bots: ClassVar[dict[str, str]] = {
        "heuristic": "cardtable.games.chai_tea_jazz.ai.heuristic:HeuristicBot",
        "pimc": "cardtable.games.chai_tea_jazz.ai.pimc:PIMCBot",
        "searchpick": "cardtable.games.chai_tea_jazz.ai.search_pick:SearchPickBot",
    }
    # post-game analysis for ``cardtable analyze`` (double-dummy, every trick)
    analysis: ClassVar[str] = "cardtable.games.chai_tea_jazz.ai.analysis:report"
    # levels offered to people (lobby, --bots hard): specs, rated in docs/bots.md
    bot_levels: ClassVar[dict[str, str]] = {
        "easy": "ismcts(iterations=100)",
        "medium": "heuristic",
        "hard": "pimc(samples=6, depth=1)",
        "expert": "pimc(samples=20, depth=2, pick_samples=48)",
    }
    # the solver has no face-up straw (2 players) and no twin cards (6 players' double
    # deck): there pimc would be the heuristic bot, so ISMCTS plays the cards (docs/bots.md);
    # with two players 100 iterations already play as well as the heuristic, so ``easy``
    # searches less
    bot_levels_at: ClassVar[dict[int, dict[str, str]]] = {
        2: {
            "easy": "ismcts(iterations=25)",
            "hard": "ismcts(iterations=600)",
            "expert": "ismcts(iterations=2000, max_actions=none)",
        },
        # at 6 players ``expert`` picks its contract by rollouts and plays by ISMCTS:
        # more iterations alone were level with ``hard`` (docs/bots.md)
        6: {
            "hard": "ismcts(iterations=600)",
            "expert": "searchpick(iterations=2000)",
        },
    }
    default_bot = "heuristic"
    observation_schema: ClassVar[Any] = Observation
    public_schema: ClassVar[Any] = PublicObservation
    file_options = (
        FileOption("--setup", "setup", "a contract setup file (JSON/TOML) for Chai Tea Jazz"),
    )

    # the engine's ``State`` is invariant in its game, so a ``State[ChaiTeaJazzGame]``
    # is not a ``State[Game]`` to the checker, though every caller may use it as one
    def new_initial_state(  # type: ignore[override]
        self, seed: int | None = None, deal: Any = None
    ) -> ChaiTeaJazzState:
        return ChaiTeaJazzState(self, seed, deal)

    def render(self, observation: dict[str, Any]) -> str:
        return render(observation)
