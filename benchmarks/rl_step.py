"""Per-step cost through the research adapters, beside the engine's own decision cost.

For each game at its default player count, over seeded random games:
- engine: one decision of the engine (``legal_actions``, a random choice,
  ``apply_action``, then the chance that follows), per decision;
- PettingZoo, per step, twice over the same games: first with the agent's
  random pick (``observe`` of the agent to act, its tensor and mask; a
  uniformly random legal id from the mask; ``step``, chance resolved inside),
  then the environment alone (the same seed replayed with the ids the first
  pass picked, read from a list: ``observe`` and ``step`` only). The pick is
  the difference. It reads the legal ids off a ``bool`` view of the int8 mask
  (``mask.view(np.bool_).nonzero()[0]``) and draws one with ``random.Random``:
  ``np.flatnonzero`` on the int8 mask itself takes a slow path in numpy, about 5
  µs over Chez Geek's 2,614 ids, more than the environment's own observe;
- OpenSpiel: steps per second of a random playout of the registered OpenSpiel
  game (every action counts, chance included), which also keeps the
  perfect-recall digests of every seat.
Times are CPU time of this process (robust when other work shares the machine).
Run: ``.venv/bin/python benchmarks/rl_step.py [SECONDS_PER_FIGURE]``.
"""

from __future__ import annotations

import random
import sys
import time

import numpy as np

import cardtable
from cardtable.rl import openspiel as cos
from cardtable.rl import pettingzoo as ctpz


def engine_decision_us(name: str, budget: float) -> float:
    game = cardtable.load_game(name)
    rng = random.Random(0)
    decisions, spent, seed = 0, 0.0, 0
    while spent < budget:
        state = game.new_initial_state(seed=seed)
        seed += 1
        state.resolve_chance()
        start = time.process_time()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            state.resolve_chance()
            decisions += 1
        spent += time.process_time() - start
    return spent / decisions * 1e6


def pettingzoo_step_us(name: str, budget: float) -> tuple[float, float]:
    """µs per step with the agent's random pick, and of the environment alone (same games)."""
    env = ctpz.raw_env(name)
    rng = random.Random(0)
    as_bool = np.dtype(np.bool_)
    steps, with_pick, alone, seed = 0, 0.0, 0.0, 0
    while with_pick + alone < 2 * budget:
        picked: list[int] = []
        env.reset(seed=seed)
        start = time.process_time()
        while not env.terminations[env.agent_selection]:
            obs = env.observe(env.agent_selection)
            legal = obs["action_mask"].view(as_bool).nonzero()[0]
            action = int(legal[rng.randrange(len(legal))])
            picked.append(action)
            env.step(action)
        with_pick += time.process_time() - start
        env.reset(seed=seed)
        ids = iter(picked)
        start = time.process_time()
        while not env.terminations[env.agent_selection]:
            obs = env.observe(env.agent_selection)
            env.step(next(ids))
        alone += time.process_time() - start
        steps += len(picked)
        seed += 1
    return with_pick / steps * 1e6, alone / steps * 1e6


def openspiel_steps_per_s(name: str, budget: float) -> float:
    game = cos.load(name)
    rng = random.Random(0)
    steps, spent = 0, 0.0
    while spent < budget:
        start = time.process_time()
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        spent += time.process_time() - start
    return steps / spent


def main() -> None:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    print(
        "| game | engine µs/decision | PettingZoo µs/step, with a random pick "
        "| environment alone (observe + step) | the pick | alone / engine | OpenSpiel steps/s |"
    )
    print("|---|---|---|---|---|---|---|")
    for name in cardtable.available_games():
        engine = engine_decision_us(name, budget)
        pz, env = pettingzoo_step_us(name, budget)
        spiel = openspiel_steps_per_s(name, budget)
        print(
            f"| {name} | {engine:.1f} | {pz:.1f} | {env:.1f} | {pz - env:.1f} "
            f"| {env / engine:.1f}× | {spiel:,.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
