"""``take_thing``: a Thing leaves another player's room, to the discards or to yours."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardtable.games.chez_geek.cards import K_THING, EffectSyntax
from cardtable.games.chez_geek.core import Aim, EffectRule, Target
from cardtable.games.chez_geek.rules.common import matches, room_targets
from cardtable.games.chez_geek.zones import find

if TYPE_CHECKING:
    from cardtable.games.chez_geek.cards import Effect
    from cardtable.games.chez_geek.core import ChezGeekCore
    from cardtable.games.chez_geek.steps import Announced


def targets(st: ChezGeekCore, seat: int, e: Effect) -> list[Target]:
    return room_targets(st, seat, "other", lambda d: d.kind == K_THING and matches(d, e))


def resolve(st: ChezGeekCore, play: Announced, t: int, e: Effect) -> bool:
    owner, i = find(st, play.uid)
    if owner < 0:
        return False  # the target left the room while the Whenever waited
    st.dirty = True
    entry = st.rooms[owner].pop(i)
    if e.to == "room":
        st.rooms[play.seat].append(entry)
        st.log("moves", entry[0], owner, play.seat)
    else:
        st.discard.append(entry[0])
        st.log("leaves", entry[0], owner)
    return False


RULE: Final[EffectRule] = EffectRule(
    "take_thing",
    syntax=EffectSyntax(frozenset({"tags", "to"})),
    targets=targets,
    resolve=resolve,
    aim=Aim.ROOM_CARD,
)
