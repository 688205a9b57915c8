"""One game between bots, driven only through the engine contract."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.bots.base import Bot
from cardtable.bots.infoset import decide
from cardtable.engine.game import Game, State


@dataclass(frozen=True)
class MatchResult:
    seed: int
    returns: tuple[float, ...]
    places: tuple[int, ...] | None
    length: int


def play_match(game: Game, bots: Sequence[Bot], seed: int, *, observe: bool = True) -> State:
    """Play one seeded game to the end; chance is resolved by the state's own RNG."""
    if len(bots) != game.num_players:
        raise ValueError(f"{game.name} with {game.num_players} players needs that many bots")
    state = game.new_initial_state(seed=seed)
    seats = range(game.num_players)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        seat = state.current_player()
        assert isinstance(seat, int)
        bot = bots[seat]
        action = decide(bot, state, seat)  # act(), or act_with() for information-set bots
        state.apply_action(action)
        if observe:
            for s in seats:
                bots[s].observe(state.observation(s))
    return state


def result_of(state: State, seed: int) -> MatchResult:
    places = state.places()
    return MatchResult(
        seed=seed,
        returns=tuple(state.returns()),
        places=tuple(places) if places is not None else None,
        length=state.move_number(),
    )
