"""Income and Free Time taken or given: now, while the turn player has a budget, or owed.

A turn's budget exists from the end of its Roll phase (Call People, Free
Time, Discard); what comes off another seat, or before then, is owed to that
seat's next turn and shown in its view (``owed_income``, ``owed_free_time``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.games.chez_geek.phases import CALL, DISCARD, FREE

if TYPE_CHECKING:
    from cardtable.games.chez_geek.cards import Effect
    from cardtable.games.chez_geek.core import ChezGeekCore
    from cardtable.games.chez_geek.steps import Announced


def penalise(st: ChezGeekCore, seat: int, ft: int, income: int) -> None:
    """Lose Free Time or Income: now if it is that seat's turn and budget is set, else next."""
    if seat == st.turn and st.phase in (CALL, FREE, DISCARD):
        st.ft = max(0, st.ft - ft)
        st.income = max(0, st.income - income)
    else:
        st.pen_ft[seat] += ft
        st.pen_income[seat] += income


def change_budget(st: ChezGeekCore, play: Announced, t: int, e: Effect, *, income: bool) -> bool:
    """A Whenever's Income or Free Time change; ``True`` when it stays on the table for turns."""
    seat = play.seat
    who = play.target if e.target == "other" else seat
    if e.duration == "turns":
        st.table.append([t, who, e.turns, seat])
        return True
    if who == st.turn and st.phase >= CALL:
        if income:
            st.income = max(0, st.income + e.amount)
        else:
            st.ft = max(0, st.ft + e.amount)
    elif income:
        penalise(st, who, 0, -e.amount)
    else:
        penalise(st, who, -e.amount, 0)
    return False
