"""The tiny variant of each game, and the size of its game tree.

The variants are ordinary settings of the games (docs/rl.md lists their tree
sizes). Contest's and Chai Tea Jazz's are small enough to walk whole and
solve; Chez's and Chez Geek's are the smallest their settings allow, still far
too large to walk (a shedding game and a race whose length has no bound), so
their size is estimated with Knuth's estimator: along a uniformly random path from the
root, the products of the branching factors add up to an unbiased estimate of
the number of histories.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

import cardtable
from cardtable.engine.game import Game, Marker

# one Under row: with one card each and no Bet Debt, the tree stays small enough to
# walk whole (60,425 histories; one Trump row, with its four trump suits, has 212,849)
ONE_ROW = json.dumps([{"name": "Under", "contract": "under", "value": 1}])

TINY: dict[str, dict[str, Any]] = {
    "contest": {"players": 2, "pile": "KQP", "max_rounds": 1},
    "chai-tea-jazz": {"players": 4, "ranks": 1, "debt_steps": 0, "setup": ONE_ROW},
    "chez": {"players": 2},
    "chez-geek": {"players": 2, "turn_limit": 1},
}


def load_tiny(name: str) -> Game:
    settings = dict(TINY[name])
    players = settings.pop("players")
    return cardtable.load_game(name, players, **settings)


def count_histories(game: Game, limit: int = 2_000_000) -> int | None:
    """Every history of the game, walked whole; ``None`` past ``limit``."""
    stack = [game.new_initial_state(seed=0)]
    seen = 0
    while stack:
        state = stack.pop()
        seen += 1
        if seen > limit:
            return None
        if state.current_player() is Marker.TERMINAL:
            continue
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            stack.append(child)
    return seen


def estimate_histories(game: Game, probes: int, seed: int = 0) -> tuple[int, int]:
    """Knuth's estimate of the number of histories: (mean, standard error) over probes.

    Exact integers: the products overflow floats in the larger games.
    """
    rng = random.Random(seed)
    estimates = []
    for i in range(probes):
        state = game.new_initial_state(seed=seed + i)
        product, total = 1, 1
        while state.current_player() is not Marker.TERMINAL:
            legal = state.legal_actions()
            product *= len(legal)
            total += product
            state.apply_action(legal[rng.randrange(len(legal))])
        estimates.append(total)
    mean = sum(estimates) // probes
    if probes < 2:
        return mean, 0
    variance = sum((e - mean) ** 2 for e in estimates) // (probes - 1)
    return mean, math.isqrt(variance // probes)


def scientific(n: int) -> str:
    """A big integer as ``1.3e22`` (floats overflow past 1e308)."""
    digits = str(n)
    return f"{digits[0]}.{digits[1:2] or '0'}e{len(digits) - 1}"
