"""``discard``: an unwanted Person's cost of a card from hand (with one of its tags).

The host may refuse (``pass``), which costs Free Time instead
(``people.refuse_cost``); ``or_any`` lets any card pay when none has the tags.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardtable.games.chez_geek.cards import EffectSyntax
from cardtable.games.chez_geek.core import EffectRule
from cardtable.games.chez_geek.steps import PersonCost

if TYPE_CHECKING:
    from cardtable.games.chez_geek.cards import Effect
    from cardtable.games.chez_geek.core import ChezGeekCore


def stay(st: ChezGeekCore, seat: int, index: int, e: Effect) -> None:
    st.stack.append(PersonCost(seat, e.tags, e.or_any))


RULE: Final[EffectRule] = EffectRule(
    "discard", syntax=EffectSyntax(frozenset({"tags", "or_any"})), stay=stay
)
