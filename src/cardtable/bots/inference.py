"""Opponent-model inference for determinizations: which deals explain what others did?

``resample`` draws hidden cards uniformly among those consistent with what the
seat *saw*, but not with what the other seats *did*: a Contest player who
declared a Queen holds a Queen more often than the pool of unseen cards
suggests. ISMCTS learns opponents' policies for decisions inside its own tree,
but not for decisions made before the search began, and in bluffing games
those are the ones that matter most (should I call that Queen?).

This module weighs a determinization by how well a model of the other seats
(the game's own ``heuristic`` bot, found through ``Game.bots`` - nothing here
knows a game) explains their last few decisions: each decision the model
would have made the same way keeps weight 1, each it would not have made
keeps ``mismatch`` (opponents are not the model). Rejection sampling with
those weights gives determinizations drawn in proportion to the model's
likelihood, still from the seat's information only: the determinization is
replayed from its own (resampled) record and the model sees, at each replayed
decision, only the deciding seat's observation in that determinization.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable

from cardtable.bots.base import Bot
from cardtable.engine.game import Action, State

ModelFactory = Callable[[int], Bot]  # seat -> a fresh model bot for that seat


def last_decisions(det: State, seat: int, count: int) -> list[tuple[State, Action]]:
    """The last ``count`` decisions of seats other than ``seat``: (state before, action)."""
    game = det.game
    replay = game.new_initial_state(seed=None, deal=det.deal)
    found: deque[tuple[State, Action]] = deque(maxlen=count)
    for action in det.history():
        player = replay.current_player()
        if isinstance(player, int) and player != seat and len(replay.legal_actions()) > 1:
            found.append((replay.clone(), action))
        replay.apply_action(action)
    return list(found)


def likelihood(det: State, seat: int, model: ModelFactory, count: int, mismatch: float) -> float:
    """Product over the other seats' last ``count`` decisions: 1 where the model agrees,
    ``mismatch`` where it does not. A fresh model bot per decision: no memory to carry."""
    weight = 1.0
    for state, action in last_decisions(det, seat, count):
        player = state.current_player()
        assert isinstance(player, int)
        bot = model(player)
        if bot.act(state.observation(player), state.legal_actions()) != action:
            weight *= mismatch
    return weight


def sample_weighted(
    draw: Callable[[random.Random], State],
    seat: int,
    model: ModelFactory,
    rng: random.Random,
    *,
    count: int,
    mismatch: float,
    tries: int,
) -> State:
    """One determinization by rejection sampling; after ``tries`` refusals the last is kept."""
    det: State | None = None
    for _ in range(tries):
        det = draw(rng)
        if rng.random() < likelihood(det, seat, model, count, mismatch):
            return det
    assert det is not None
    return det
