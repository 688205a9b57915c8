"""Each seat's chance of finishing a Chez Geek match first, from a full state.

Used by the ``rollout`` bot to score its rollouts: exact once the match is
over (first place, ties shared), an estimate when a rollout is cut. The
estimate counts what ``interim_returns`` leaves out: Slack still in the
hand (Things, Activities and invited People, at their mean value, an
invited Person discounted for the 1-2 "not home" roll), half-weighted since
Free Time and Income limit how much of it gets played. A search reads it on
its own determinizations only, whose hands were re-dealt from its seat's
information, so nothing hidden reaches the bot.
"""

from __future__ import annotations

from cardtable.games.chez_geek.bots import expected
from cardtable.games.chez_geek.state import ChezGeekState

HAND_WEIGHT = 0.5  # a card's Slack in hand, against the same Slack already in the room
CALL_ODDS = 4 / 6  # an invited Person is home on 3-6
SHARPNESS = 3.0  # how steeply the estimated share favours the seat closest to its goal


def hand_slack(st: ChezGeekState, seat: int) -> float:
    """The mean Slack the seat's hand could add to its room (cancels and Whenevers: none)."""
    total = 0.0
    for slot in st.hands[seat]:
        card = st.defs[st.slot_type[slot]]
        if card.kind == "Whenever" or card.unwanted:
            continue
        value = expected(card.slack)
        total += value * CALL_ODDS if card.kind == "Person" and card.invited else value
    return total


def progress(st: ChezGeekState, seat: int) -> float:
    """How far the seat is towards its Slack Goal, counting half its hand (0 to about 1)."""
    goal = st.goal(seat)
    if not goal:
        return 0.0
    have = st.slack_of(seat) + HAND_WEIGHT * hand_slack(st, seat)
    return max(0.0, min(1.0, have / goal))


def win_chances(st: ChezGeekState) -> list[float]:
    """Per seat, its chance of coming first in the match; sums to 1.

    Over: 1 for the first place (shared by seats tied for it). Otherwise the
    games still to play are shared in proportion to ``progress ** SHARPNESS``
    for the current game and evenly for later ones, added to the games won,
    and the seat with most games expected takes the lion's share in the same
    proportion.
    """
    n = st.n
    if st.over:
        places = st.places() or [1] * n
        firsts = [s for s in range(n) if places[s] == 1]
        return [1.0 / len(firsts) if s in firsts else 0.0 for s in range(n)]
    weights = [progress(st, s) ** SHARPNESS for s in range(n)]
    total = sum(weights)
    current = [w / total for w in weights] if total > 0 else [1.0 / n] * n
    if st.games == 1:
        return current
    later = max(0, st.games - sum(st.wins) - 1) / n
    expected_wins = [(st.wins[s] + current[s] + later) ** SHARPNESS for s in range(n)]
    whole = sum(expected_wins)
    return [w / whole for w in expected_wins]
