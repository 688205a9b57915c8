"""A search's verdict on each decision of one seat, for games with no exact analyser.

Why a search, and from the seat's information only: a review that knew the
hidden cards would call lucky guesses good and careful plays bad. At every
decision of the seat the reviewer builds the seat's information set (what it
saw then), searches it with the game's strongest searching bot, and compares
the action played with the one the search prefers.

The value of an action is the search's mean utility: the expected share of the
other seats the reviewed seat finishes ahead of (ties count half), so with
two players it is the chance to win. When the action played is not the one
preferred, each of the two is searched again alone, with the same number of
iterations (at least 400), so they compare on the same footing (a wide first
search may have tried the played one only a few times, or, widened, not at
all). Each mean is of utilities in [0, 1], so its
standard error is at most 0.5/√visits; the margin printed is 1.96 times the
difference's bound, a conservative 95% interval.

Marks, the same in every game: ``good`` when the loss is within the margin
or under 0.03; ``inaccuracy`` when it is beyond the margin and under 0.10;
``mistake`` from 0.10 (a tenth of the other seats, or of a two-player game's
win chance).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from cardtable.bots.infoset import InformationSet
from cardtable.bots.ismcts import ISMCTSBot, Node
from cardtable.bots.registry import make_bot
from cardtable.engine.errors import SettingError
from cardtable.engine.game import Action, State

SMALL = 0.03
MISTAKE = 0.10
PAIR_ITERATIONS = 400


@dataclass(frozen=True)
class Verdict:
    """One decision of the reviewed seat, in the record's move numbers."""

    index: int  # the action's index in the record
    move: int
    played: str
    preferred: str
    options: int
    value: float  # the expected share after the action played (the chance-to-win line)
    loss: float  # preferred minus played, 0 when they are the same
    margin: float  # half-width of the loss's conservative 95% interval
    mark: str
    visits: int = 0  # the searches behind ``value``: its own 95% margin is 0.98/sqrt(visits)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def mark(loss: float, margin: float) -> str:
    if loss <= max(margin, SMALL):
        return "good"
    return "mistake" if loss >= MISTAKE else "inaccuracy"


def _mean(root: Node[Action], action: Action) -> tuple[float, int]:
    n = root.visits.get(action, 0)
    return (root.total[action] / n if n else 0.0), n


def _alone(bot: ISMCTSBot, info: InformationSet, action: Action) -> tuple[float, int]:
    """The mean utility of one action, over at least ``PAIR_ITERATIONS`` iterations."""
    floor, bot.min_iterations = bot.min_iterations, max(bot.min_iterations, PAIR_ITERATIONS)
    try:
        return _mean(bot.search(info, [action]), action)
    finally:
        bot.min_iterations = floor


def _preferred(root: Node[Action], legal: Sequence[Action]) -> Action:
    best = legal[0]
    for a in legal:
        if (root.visits[a], root.total[a]) > (root.visits[best], root.total[best]):
            best = a
    return best


def reviewer_spec(game: Any) -> str:
    """The game's strongest searching level (its ``expert``), else its review search.

    Why a review needs an ISMCTS search: it reads the value of every action at the root,
    which a level that only picks a move (PIMC, the rollout bot) does not give.
    """
    spec = str(game.level_specs().get("expert", ""))
    if spec.startswith("ismcts"):
        return spec
    return str(game.review_spec or "ismcts(iterations=1000)")


def make_reviewer(game: Any, seat: int, spec: str | None = None, seed: int = 0) -> ISMCTSBot:
    """The searching bot that reviews ``seat`` (``spec``, else the game's expert search)."""
    bot = make_bot(spec or reviewer_spec(game), game, seat, seed)
    if not isinstance(bot, ISMCTSBot):
        raise SettingError(f"the reviewer must be a searching bot (ismcts...), not {spec!r}")
    return bot


def is_decision(state: State, seat: int) -> bool:
    """A decision worth reviewing: the seat's, with more than one legal action."""
    if state.is_chance_node() or state.current_player() != seat:
        return False
    return len(state.legal_actions()) > 1


def review_decision(bot: ISMCTSBot, state: State, index: int, played_text: str) -> Verdict:
    """The verdict on the action ``played_text`` at ``state`` (the record's action ``index``).

    Why a function of one decision: the server reviews a game one decision per
    task in its bot workers, so people's bots wait for at most one of them.
    """
    seat = bot.seat
    legal = list(state.legal_actions())
    played = next(a for a in legal if str(a) == played_text)
    info = InformationSet(state, seat)
    root = bot.search(info, legal)
    best = _preferred(root, legal)
    move = state.move_number()
    if best == played:
        value, n = _mean(root, played)
        return Verdict(index, move, str(played), str(best), len(legal), value, 0.0, 0.0, "good", n)
    # each action alone, with the same number of iterations whatever the bot's
    # action budget (a search over both would give the worse one few visits)
    v_best, n_best = _alone(bot, info, best)
    v_played, n_played = _alone(bot, info, played)
    loss = max(0.0, v_best - v_played)
    margin = 1.96 * math.sqrt(0.25 / max(1, n_best) + 0.25 / max(1, n_played))
    return Verdict(
        index,
        move,
        str(played),
        str(best),
        len(legal),
        v_played,
        loss,
        margin,
        mark(loss, margin),
        n_played,
    )


def review(
    states: Sequence[State],
    seat: int,
    spec: str | None = None,
    seed: int = 0,
    step: Callable[[], object] | None = None,
) -> list[Verdict]:
    """The verdicts on every decision of ``seat`` with more than one legal action.

    ``states[i]`` is the state before the record's action ``i`` (``replay_states``).
    ``step`` is called once per state looked at (a progress bar).
    """
    bot = make_reviewer(states[0].game, seat, spec, seed)
    actions = states[-1].history()
    out: list[Verdict] = []
    for i, state in enumerate(states[:-1]):
        if step is not None:
            step()
        if is_decision(state, seat):
            out.append(review_decision(bot, state, i, str(actions[i])))
    return out
