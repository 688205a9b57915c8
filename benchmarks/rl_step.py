"""Per-step cost through the research adapters, beside the engine's own decision cost.

For each game at its default player count, over seeded random games:
- engine: one decision of the engine (``legal_actions``, a random choice,
  ``apply_action``, then the chance that follows), per decision;
- PettingZoo: ``observe`` of the agent to act (its tensor and mask), a random
  legal id from the mask, and ``step`` (chance resolved inside), per step;
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


def pettingzoo_step_us(name: str, budget: float) -> float:
    env = ctpz.raw_env(name)
    rng = np.random.default_rng(0)
    steps, spent, seed = 0, 0.0, 0
    while spent < budget:
        env.reset(seed=seed)
        seed += 1
        start = time.process_time()
        while not env.terminations[env.agent_selection]:
            obs = env.observe(env.agent_selection)
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        spent += time.process_time() - start
    return spent / steps * 1e6


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
        "| game | engine µs/decision | PettingZoo µs/step (tensor + mask) | ratio "
        "| OpenSpiel steps/s |"
    )
    print("|---|---|---|---|---|")
    for name in cardtable.available_games():
        engine = engine_decision_us(name, budget)
        pz = pettingzoo_step_us(name, budget)
        spiel = openspiel_steps_per_s(name, budget)
        print(
            f"| {name} | {engine:.1f} | {pz:.1f} | {pz / engine:.1f}× | {spiel:,.0f} |", flush=True
        )


if __name__ == "__main__":
    main()
