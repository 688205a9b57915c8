"""The one match loop: play a state to the end, asking a chooser at every decision.

Simulations, the arena, ``cardtable play`` and per-game studies all run games
through ``run_match``; what differs between them is only who chooses (bots,
a person at the terminal) and who is told afterwards. Chance is resolved by
the state's own seeded RNG. The server drives its tables with clocks and
reaction windows of its own, but asks its bots through the same ``decide``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.bots.base import Bot
from cardtable.bots.infoset import decide
from cardtable.engine.game import Action, Game, State

Chooser = Callable[[State, int], Action]


def run_match(
    state: State, choose: Chooser, *, after: Callable[[State], None] | None = None
) -> State:
    """Play ``state`` on to the end: ``choose(state, seat)`` at each decision, then ``after``."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        seat = state.current_player()
        if not isinstance(seat, int):
            raise AssertionError(f"no seat to decide at {state.where()}")
        state.apply_action(choose(state, seat))
        if after is not None:
            after(state)
    return state


def bots_choose(bots: Sequence[Bot] | dict[int, Bot]) -> Chooser:
    """A chooser that asks the seat's bot (``act``, or ``act_with`` for searching bots)."""
    return lambda state, seat: decide(bots[seat], state, seat)


def bots_observe(bots: Sequence[Bot] | dict[int, Bot]) -> Callable[[State], None]:
    """Tell every bot its seat's observation after each decision."""
    seated = list(bots.items()) if isinstance(bots, dict) else list(enumerate(bots))

    def observe(state: State) -> None:
        for seat, bot in seated:
            bot.observe(state.observation(seat))

    return observe


def play_match(game: Game, bots: Sequence[Bot], seed: int, *, observe: bool = True) -> State:
    """One seeded game between bots, one per seat."""
    if len(bots) != game.num_players:
        raise ValueError(f"{game.name} with {game.num_players} players needs that many bots")
    state = game.new_initial_state(seed=seed)
    return run_match(state, bots_choose(bots), after=bots_observe(bots) if observe else None)
