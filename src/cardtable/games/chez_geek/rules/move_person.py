"""``move_person``: a Person (not a Cat) moves from any room to another it may enter."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardtable.games.chez_geek import people
from cardtable.games.chez_geek.core import Aim, EffectRule, Target
from cardtable.games.chez_geek.rules.common import seats
from cardtable.games.chez_geek.zones import find, may_enter, room_ref

if TYPE_CHECKING:
    from cardtable.games.chez_geek.cards import Effect
    from cardtable.games.chez_geek.core import ChezGeekCore
    from cardtable.games.chez_geek.steps import Announced


def targets(st: ChezGeekCore, seat: int, e: Effect) -> list[Target]:
    found: list[Target] = []
    defs = st.defs
    n = st.n
    for s in seats(st, seat, e.scope):
        for i, c in enumerate(st.rooms[s]):
            d = defs[c[0]]
            if not d.is_person or d.cat:
                continue
            ref = room_ref(st, s, i)
            for dest in range(n):
                if dest != s and may_enter(st, d, dest):
                    found.append((f"{ref}>{dest}", s, c[3], dest))
    return found


def resolve(st: ChezGeekCore, play: Announced, t: int, e: Effect) -> bool:
    owner, i = find(st, play.uid)
    if owner < 0:
        return False  # the target left the room while the Whenever waited
    if may_enter(st, st.defs[st.rooms[owner][i][0]], play.dest):
        people.send(st, play.uid, play.dest)  # arriving, an unwanted Person costs its new host
    return False


RULE: Final[EffectRule] = EffectRule(
    "move_person", targets=targets, resolve=resolve, aim=Aim.ROOM_PERSON
)
