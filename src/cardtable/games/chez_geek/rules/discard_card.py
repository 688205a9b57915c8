"""``discard_card``: a room card of the named kind or tags goes to the discards.

A Cat never leaves its room, so it is never a target.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardtable.games.chez_geek.cards import EffectSyntax
from cardtable.games.chez_geek.core import Aim, EffectRule, Target
from cardtable.games.chez_geek.rules.common import matches, room_targets
from cardtable.games.chez_geek.zones import find

if TYPE_CHECKING:
    from cardtable.games.chez_geek.cards import Effect
    from cardtable.games.chez_geek.core import ChezGeekCore
    from cardtable.games.chez_geek.steps import Announced


def targets(st: ChezGeekCore, seat: int, e: Effect) -> list[Target]:
    return room_targets(st, seat, e.scope, lambda d: matches(d, e) and not d.cat)


def resolve(st: ChezGeekCore, play: Announced, t: int, e: Effect) -> bool:
    owner, i = find(st, play.uid)
    if owner < 0:
        return False  # the target left the room while the Whenever waited
    st.dirty = True
    gone = st.rooms[owner].pop(i)[0]
    st.discard.append(gone)
    st.log("leaves", gone, owner)  # said: a newcomer's Activity vanished from their room
    return False


RULE: Final[EffectRule] = EffectRule(
    "discard_card",
    syntax=EffectSyntax(frozenset({"card_kind", "tags", "scope"})),
    targets=targets,
    resolve=resolve,
    aim=Aim.ROOM_CARD,
)
