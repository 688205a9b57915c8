"""``draw``: its player draws cards, never above the Job's hand size."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardtable.games.chez_geek.cards import EffectSyntax
from cardtable.games.chez_geek.core import EffectRule
from cardtable.games.chez_geek.steps import Draw

if TYPE_CHECKING:
    from cardtable.games.chez_geek.cards import Effect
    from cardtable.games.chez_geek.core import ChezGeekCore
    from cardtable.games.chez_geek.steps import Announced


def resolve(st: ChezGeekCore, play: Announced, t: int, e: Effect) -> bool:
    seat = play.seat
    room_for = st.jobdefs[st.job_of[seat]].hand_size - len(st.hands[seat])
    if room_for > 0:
        st.stack.append(Draw(seat, min(e.amount, room_for)))
    return False


RULE: Final[EffectRule] = EffectRule(
    "draw", syntax=EffectSyntax(frozenset({"amount"}), amount=1), resolve=resolve
)
