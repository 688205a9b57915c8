"""Why an action is refused: a reason a person can act on, naming what would be right."""

from __future__ import annotations

from collections import Counter

from cardtable.engine.game import Action, Marker
from cardtable.games.chez import actions as act
from cardtable.games.chez.cards import NAME
from cardtable.games.chez.playability import PLAYABLE, describe_key
from cardtable.games.chez.view import ChezView

_CHANCE_TYPES = (act.Draw, act.Take, act.Roll)
_STEP_NEEDS = {
    "window": "a reaction window is open: P{seat} may pass or nope with an Ace",
    "target": "P{seat} must choose a target (target P<n>)",
    "give": "P{seat} must give back a card from their original hand (give <card>)",
    "name": "P{seat} must name the top card's value and colour (name 7 red)",
    "joker": "P{seat} faces a Joker stack: accept, or stack a Joker",
}


def why_illegal(state: ChezView, action: Action) -> str:
    cp = state.current_player()
    if isinstance(action, _CHANCE_TYPES):
        if cp is Marker.CHANCE:
            return f"{action} is not a possible outcome here"
        return "that is a chance outcome; players do not choose it"
    if cp is Marker.CHANCE:
        return "chance decides next (a draw, a blind take or a die roll)"
    prompt = state._prompt()
    step = prompt["step"]
    if step in _STEP_NEEDS:
        # each of these steps is decided by the seat to act
        return _STEP_NEEDS[step].format(seat=cp)
    if isinstance(action, act.Play):
        return _why_not_play(state, action)
    if action is act.END:
        return "you must use your action first (play, or pick)"
    if action is act.PICK:
        return "you have no action left: take your bonus action or end your turn"
    if state.bonus_used:
        return "your bonus action is used"
    if action in (act.CASTLE, act.CASTLE_TEN):
        return "a Castle needs a 7, 8 and 9 (and a 10 for two walls), one Castle each"
    if isinstance(action, act.Siege):
        return "Siege needs a 10 in your hand and a Castle in front of that player"
    if isinstance(action, act.Bet):
        return "The Betting Man needs two Jokers"
    return "not possible in your turn now"


def _why_not_play(state: ChezView, play: act.Play) -> str:
    if not state.actions_left:
        return "you have no action left: take your bonus action or end your turn"
    held = Counter(state.kind[c] for c in state.hands[state.turn])
    wanted = Counter(play.cards)
    missing = [NAME[k] for k, n in wanted.items() if held[k] < n]
    if missing:
        return f"you do not hold {' '.join(missing)}"
    first = play.cards[0]
    if not PLAYABLE[state.topkey][first]:
        return (
            f"{NAME[first]} cannot go onto {describe_key(state.topkey)}: onto black play "
            "lower or equal, onto red higher or equal"
        )
    if len(play.cards) > 1:
        return (
            "not a combo that is switched on, or its middle cards are not the lowest copies "
            "(combos list only their first and last choice; see the legal actions)"
        )
    return "not playable now"
