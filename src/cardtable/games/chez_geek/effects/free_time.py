"""``free_time``: Free Time gained or lost, like ``income`` (see ``income.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.games.chez_geek.budget import change_budget, penalise
from cardtable.games.chez_geek.effects import income
from cardtable.games.chez_geek.effects.rule import EffectRule

if TYPE_CHECKING:
    from cardtable.games.chez_geek.cards import Effect
    from cardtable.games.chez_geek.state import ChezGeekState
    from cardtable.games.chez_geek.steps import Announced


def resolve(st: ChezGeekState, play: Announced, t: int, e: Effect) -> bool:
    return change_budget(st, play, t, e, income=False)


def stay(st: ChezGeekState, seat: int, index: int, e: Effect) -> None:
    penalise(st, seat, -e.amount, 0)


def gives(e: Effect) -> tuple[int, int]:
    return (0, e.amount)


RULE = EffectRule(
    "free_time",
    offered=income.offered,
    targets=income.targets,
    resolve=resolve,
    stay=stay,
    gives=gives,
    budget=True,
)
