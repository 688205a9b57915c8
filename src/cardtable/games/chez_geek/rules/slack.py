"""``slack``: tokens change a room card's Slack (a Cat's too); as a cost, its own Slack.

A card with a printed Slack above 0 whose Slack falls to 0 or less is
discarded.
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
    return room_targets(st, seat, e.scope, lambda d: matches(d, e))


def resolve(st: ChezGeekCore, play: Announced, t: int, e: Effect) -> bool:
    owner, i = find(st, play.uid)
    if owner < 0:
        return False  # the target left the room while the Whenever waited
    st.dirty = True
    room = st.rooms[owner]
    old = room[i]
    entry = room[i] = (old[0], old[1] + e.amount, 1, old[3])
    printed = st.defs[entry[0]].slack
    if printed is not None and printed.fixed_value() > 0 and entry[1] <= 0:
        st.discard.append(room.pop(i)[0])
        st.log("fizzles", entry[0], owner)
    return False


def stay(st: ChezGeekCore, seat: int, index: int, e: Effect) -> None:
    room = st.rooms[seat]
    entry = room[index]
    room[index] = (entry[0], entry[1] + e.amount, 1, entry[3])
    st.dirty = True


RULE: Final[EffectRule] = EffectRule(
    "slack",
    syntax=EffectSyntax(frozenset({"amount", "card_kind", "tags", "scope"})),
    targets=targets,
    resolve=resolve,
    stay=stay,
    aim=Aim.ROOM_CARD,
)
