"""``free_time``: Free Time gained or lost, like ``income`` (see ``income.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardtable.games.chez_geek.budget import change_budget, penalise
from cardtable.games.chez_geek.core import Aim, EffectRule
from cardtable.games.chez_geek.rules import income

if TYPE_CHECKING:
    from cardtable.games.chez_geek.cards import Effect
    from cardtable.games.chez_geek.core import ChezGeekCore
    from cardtable.games.chez_geek.steps import Announced


def resolve(st: ChezGeekCore, play: Announced, t: int, e: Effect) -> bool:
    return change_budget(st, play, t, e, income=False)


def stay(st: ChezGeekCore, seat: int, index: int, e: Effect) -> None:
    penalise(st, seat, -e.amount, 0)


def gives(e: Effect) -> tuple[int, int]:
    return (0, e.amount)


RULE: Final[EffectRule] = EffectRule(
    "free_time",
    syntax=income.SYNTAX,
    offered=income.offered,
    targets=income.targets,
    resolve=resolve,
    stay=stay,
    gives=gives,
    budget=True,
    aim=Aim.OTHER_SEAT,
)
