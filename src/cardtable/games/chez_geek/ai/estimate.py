"""Each seat's chance of finishing a Chez Geek match first, from a full state.

Used by the ``rollout`` bot to score its rollouts: exact once the match is
over (first place, ties shared), an estimate when a rollout is cut
(``horizon``). The estimate counts Slack still in the hand (Things,
Activities and invited People at their mean value, an invited Person
discounted for the 1-2 "not home" roll) besides the Slack in the room, and
who acts next. Its constants were fitted to 600 games of four heuristic
bots (the winner against each seat's figures at every turn start, see
docs/bots.md): in such games the position predicts the winner only weakly,
so the estimate is deliberately flat. A search reads it on its own
determinizations only, whose hands were re-dealt from its seat's
information, so nothing hidden reaches the bot.
"""

from __future__ import annotations

import math

from cardtable.games.chez_geek.ai.bots import expected
from cardtable.games.chez_geek.cards import K_PERSON, K_WHENEVER
from cardtable.games.chez_geek.state import ChezGeekState

HAND_WEIGHT = 0.25  # a card's Slack in hand, against the same Slack already in the room
CALL_ODDS = 4 / 6  # an invited Person is home on 3-6
PER_SLACK = 0.1  # log-odds lost per point of Slack still needed
PER_SEAT = 0.1  # log-odds lost per seat still to act before this one's turn


def hand_slack(st: ChezGeekState, seat: int) -> float:
    """The mean Slack the seat's hand could add to its room (cancels and Whenevers: none)."""
    total = 0.0
    for slot in st.hands[seat]:
        card = st.defs[st.slot_type[slot]]
        if card.kind == K_WHENEVER or card.unwanted:
            continue
        value = expected(card.slack)
        total += value * CALL_ODDS if card.kind == K_PERSON and card.invited else value
    return total


def still_needed(st: ChezGeekState, seat: int) -> float:
    """Slack the seat still needs for its goal, counting part of its hand (0 at least)."""
    return max(0.0, st.goal(seat) - st.slack_of(seat) - HAND_WEIGHT * hand_slack(st, seat))


def win_chances(st: ChezGeekState) -> list[float]:
    """Per seat, its chance of coming first in the match; sums to 1.

    Over: 1 for the first place (shared by seats tied for it). Otherwise the
    current game goes to each seat in proportion to
    ``exp(-PER_SLACK * still_needed - PER_SEAT * seats before its turn)``; in a
    match of several games, later games are shared evenly and the chances are
    those of the most games expected, by the same softmax on games won.
    """
    n = st.n
    if st.over:
        places = st.places() or [1] * n
        firsts = [s for s in range(n) if places[s] == 1]
        return [1.0 / len(firsts) if s in firsts else 0.0 for s in range(n)]
    weights = [
        math.exp(-PER_SLACK * still_needed(st, s) - PER_SEAT * ((s - st.turn) % n))
        for s in range(n)
    ]
    total = sum(weights)
    current = [w / total for w in weights]
    if st.games == 1:
        return current
    later = max(0, st.games - sum(st.wins) - 1) / n
    expected_wins = [math.exp(st.wins[s] + current[s] + later) for s in range(n)]
    whole = sum(expected_wins)
    return [w / whole for w in expected_wins]
