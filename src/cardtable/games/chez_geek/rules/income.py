"""``income``: Income gained or lost, this turn, for a few turns (on the table), or as a cost.

A Whenever that changes its own player's Income is offered on that player's
turn only; one on another player names that player. Income to come off a
turn that has no budget yet (not the turn player's, or before the Roll phase)
is owed to the next turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardtable.games.chez_geek.budget import change_budget, penalise
from cardtable.games.chez_geek.cards import EffectSyntax
from cardtable.games.chez_geek.core import Aim, EffectRule, Target

if TYPE_CHECKING:
    from cardtable.games.chez_geek.cards import Effect
    from cardtable.games.chez_geek.core import ChezGeekCore
    from cardtable.games.chez_geek.steps import Announced

# Income and Free Time: an amount, for how long, and whose (``self`` or ``other``)
SYNTAX: Final[EffectSyntax] = EffectSyntax(
    frozenset({"amount", "duration", "turns", "target"}),
    targets=("self", "other"),
    target_default="self",
)


def offered(st: ChezGeekCore, seat: int, e: Effect) -> bool:
    """This-turn Income and Free Time only matter on your own turn."""
    return e.target != "self" or seat == st.turn


def targets(st: ChezGeekCore, seat: int, e: Effect) -> list[Target] | None:
    if e.target == "other":
        return [(str(s), s, -1, -1) for s in range(st.n) if s != seat]
    return None


def resolve(st: ChezGeekCore, play: Announced, t: int, e: Effect) -> bool:
    return change_budget(st, play, t, e, income=True)


def stay(st: ChezGeekCore, seat: int, index: int, e: Effect) -> None:
    penalise(st, seat, 0, -e.amount)


def gives(e: Effect) -> tuple[int, int]:
    return (e.amount, 0)


RULE: Final[EffectRule] = EffectRule(
    "income",
    syntax=SYNTAX,
    offered=offered,
    targets=targets,
    resolve=resolve,
    stay=stay,
    gives=gives,
    budget=True,
    aim=Aim.OTHER_SEAT,
)
