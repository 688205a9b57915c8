"""Why an action is not legal now, in words (the engine's ``IllegalActionError`` message).

Read only when an action is refused, so it is plain code over the state's
fields, kept apart from the rules that decide what is legal.
"""

from __future__ import annotations

from cardtable.engine.game import Action
from cardtable.games.chai_tea_jazz import actions as act
from cardtable.games.chai_tea_jazz.flow import ChaiTeaJazzFlow
from cardtable.games.chai_tea_jazz.phases import Phase


def why_illegal(state: ChaiTeaJazzFlow, action: Action) -> str:
    """The reason ``action`` is refused in ``state`` (it is not among the legal actions)."""
    game = state.game
    phase = state.phase
    if phase == Phase.DEAL:
        if isinstance(action, act.Deal):
            return f"{action.text} has already been dealt"
        return "the cards are being dealt; only deal outcomes apply"
    seat = state.cp
    if not isinstance(seat, int):
        return "the game is over"
    who = game.seat_name(seat)
    if phase == Phase.PLAY:
        if not isinstance(action, act.PlayCard):
            return f"the tricks are being played; {who} must play a card"
        if action.card not in state.playable(seat) or (
            game.num_players == 2 and action.card in state.down[seat]
        ):
            return f"{who} does not hold {action.text}"
        if state.led == state.trump:
            return f"trump was led; {who} must play trump"
        return f"{who} must follow suit ({'CDHS'[state.led]})"
    if phase == Phase.OFFER:
        return f"{who} must accept the Barrel offer or pass"
    if isinstance(action, act.PlayCard):
        return "the contract is still being picked"
    if isinstance(action, act.Pick):
        row = game.rows[action.row]
        if not state.open_rows[game.side_of[seat]][action.row]:
            return f"{who} has already completed the {row.name} row"
        if (state.forced or phase == Phase.ACCEPT) and action.debt:
            return "this pick takes no Bet Debt"
        if state.cb_pick is not None and not state.forced and phase == Phase.PICK:
            need = state.cb_pick.debt + game.increment
            if need > game.max_debt:
                return f"the Bet Debt is at its maximum ({game.max_debt}); {who} may only pass"
            return f"a new pick must raise the Bet Debt to at least {need} (debt {need})"
        return "the first pick of a round takes no Bet Debt"
    if isinstance(action, act.Offer):
        if not game.settings["passing_the_barrel"]:
            return "offers are only made in the Passing the Barrel variant"
        return "only the Barrel holder, forced to pick, may offer, and only more than before"
    if action is act.PASS and state.forced:
        return f"everyone passed: {who} holds the Barrel and must pick"
    return "not legal now"
