"""The call ban: two wrong reveal calls in a row cost the next round's call.

"Two consecutive rounds in which they called": rounds in which a player did
not call do not break the streak, a right call resets it, and serving the ban
resets it too. The flow asks ``may_call`` when it opens the calls, tells
``after_reveal`` how each call went and ``at_round_start`` when a round begins.
"""

from __future__ import annotations

from cardtable.games.contest.core import ContestCore

WRONG_CALLS_FOR_A_BAN = 2


def may_call(state: ContestCore, seat: int) -> bool:
    return not state.banned[seat]


def after_reveal(state: ContestCore, caller: int, right: bool) -> None:
    """Count a wrong call towards a ban of the caller's next round; a right call resets."""
    if right:
        state.wrong_streak[caller] = 0
        return
    state.wrong_streak[caller] += 1
    if state.wrong_streak[caller] >= WRONG_CALLS_FOR_A_BAN:
        state.ban_next[caller] = True
        state.wrong_streak[caller] = 0


def at_round_start(state: ContestCore) -> None:
    """A ban earned last round is served in this one."""
    state.banned = state.ban_next
    state.ban_next = [False, False]
