"""``cancel``: a Whenever that cancels the play its reaction window is for.

It answers a Call, a Shopping trip, an Activity, another Whenever, any play
of Free Time (TV cards), or any play of a card with a tag; a cancelled play
never happened (``plays.resolve``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from cardtable.games.chez_geek.cards import CANCEL_TARGETS, EffectSyntax
from cardtable.games.chez_geek.core import EffectRule
from cardtable.games.chez_geek.steps import P_ACTIVITY, P_CALL, P_SHOP, P_WHENEVER, Announced

if TYPE_CHECKING:
    from cardtable.games.chez_geek.cards import Effect
    from cardtable.games.chez_geek.core import ChezGeekCore


def answers(st: ChezGeekCore, e: Effect, play: Announced) -> bool:
    """Whether this cancel can cancel the announced ``play``."""
    pk = play.play_kind
    target = e.target
    if target == "call":
        return pk == P_CALL
    if target == "shopping":
        return pk == P_SHOP
    if target == "activity":
        return pk == P_ACTIVITY
    if target == "free_time":
        return pk in (P_SHOP, P_ACTIVITY)
    if target == "whenever":
        return pk == P_WHENEVER
    return any(e.tag in st.defs[st.slot_type[s]].tags for s in play.slots)


def resolve(st: ChezGeekCore, play: Announced, t: int, e: Effect) -> bool:
    cast(Announced, st.stack[play.ref]).cancelled = True
    return False


RULE: Final[EffectRule] = EffectRule(
    "cancel",
    syntax=EffectSyntax(frozenset({"target", "tag"}), targets=CANCEL_TARGETS),
    resolve=resolve,
)
