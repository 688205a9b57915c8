"""Steps per second of the vectorised environment beside PettingZoo's loop, in one run.

For each game at its default player count, every side plays seeded random
games with the same policy, a uniformly random legal id from the mask:
- PettingZoo agent_iter/last: the loop docs/rl.md shows (``ctpz.env`` with
  PettingZoo's order wrapper, ``agent_iter``, ``last``);
- PettingZoo observe/step: ``observe`` of the agent to act, a random legal id
  from its mask, ``step`` on the bare ``raw_env`` — the lean loop of
  ``rl_step.py``, and the baseline of the ratios;
- vector: ``VectorEnv(game, B)``, one random legal id per row from the
  ``[B, A]`` mask in one numpy expression, ``step`` of the batch (finished
  games restart inside), for each ``B`` asked.
A step is one decision of one game on every side. The sides are timed in
alternating slices (``--rounds`` of each), so load on the machine falls on
both alike, and the figure is the median of the slices. Times are CPU time of
this process.
Run: ``.venv/bin/python benchmarks/rl_vector.py [--seconds S] [--rounds R] [--vector B ...]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

import cardtable
from cardtable.rl import pettingzoo as ctpz
from cardtable.rl.vector import VectorEnv

# the PettingZoo loops read the legal ids off a bool view of the int8 mask, as rl_step.py
# does: ``np.flatnonzero`` on the int8 mask takes numpy's slow path (5.5 µs over Chez
# Geek's 2,614 ids against 0.7 µs), which a benchmark of the environment should not pay
AS_BOOL = np.dtype(np.bool_)


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal id per row of a ``[B, A]`` mask, from its legal ids only.

    Why not ``argmax`` of random keys over the mask: that draws ``B * A`` numbers, and
    Chez Geek's table has 2,614 ids, so the policy would cost more than the step. Why
    the flat indices split by hand: ``np.nonzero`` of a 2-D mask takes numpy's general
    path, 197 µs for Chez's ``[64, 1805]`` against 13 µs for the same cells read flat
    (in the same row-major order, so the picks are the same).
    """
    flat = mask.ravel().nonzero()[0]
    rows, cols = np.divmod(flat, mask.shape[1])
    counts = np.bincount(rows, minlength=len(mask))
    starts = np.cumsum(counts) - counts
    picked: np.ndarray = cols[starts + (rng.random(len(mask)) * counts).astype(np.intp)]
    return picked


class PettingZooLoop:
    """One AEC environment played on from slice to slice, starting a new game when one ends."""

    def __init__(self, name: str) -> None:
        self.env = ctpz.raw_env(name)
        self.rng = random.Random(0)
        self.seed = 0
        self.env.reset(seed=self.seed)

    def steps_per_s(self, budget: float) -> float:
        env, rng = self.env, self.rng
        steps = 0
        start = time.process_time()
        while True:
            for _ in range(100):
                if env.terminations[env.agent_selection]:
                    self.seed += 1
                    env.reset(seed=self.seed)
                obs = env.observe(env.agent_selection)
                legal = obs["action_mask"].view(AS_BOOL).nonzero()[0]
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
            spent = time.process_time() - start
            if spent >= budget:
                return steps / spent


class AgentIterLoop:
    """PettingZoo's documented loop: ``env()`` (the order wrapper), ``agent_iter`` and ``last``.

    Each game also hands every seat its final observation and reward (a step of ``None``);
    only decisions count as steps, as on the other sides.
    """

    def __init__(self, name: str) -> None:
        self.env = ctpz.env(name)
        self.rng = random.Random(0)
        self.seed = 0

    def steps_per_s(self, budget: float) -> float:
        env, rng = self.env, self.rng
        steps = 0
        start = time.process_time()
        while True:
            env.reset(seed=self.seed)
            self.seed += 1
            for _ in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = obs["action_mask"].view(AS_BOOL).nonzero()[0]
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
            spent = time.process_time() - start
            if spent >= budget:
                return steps / spent


class VectorLoop:
    """One vector environment played on from slice to slice (it restarts games itself)."""

    def __init__(self, name: str, num_envs: int) -> None:
        self.venv = VectorEnv(name, num_envs)
        self.rng = np.random.default_rng(0)
        _, self.mask, _ = self.venv.reset(seed=0)

    def steps_per_s(self, budget: float) -> float:
        venv, rng, mask = self.venv, self.rng, self.mask
        batches = 0
        start = time.process_time()
        while True:
            for _ in range(max(1, 100 // venv.num_envs)):
                actions = random_legal(mask, rng)
                _, mask, _, _, _ = venv.step(actions)
                batches += 1
            spent = time.process_time() - start
            if spent >= budget:
                self.mask = mask
                return batches * venv.num_envs / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per slice")
    parser.add_argument("--rounds", type=int, default=5, help="slices of each side per game")
    parser.add_argument(
        "--vector", type=int, nargs="+", default=[1, 16, 256], metavar="B", help="batch sizes"
    )
    args = parser.parse_args()
    sizes = args.vector
    head = " | ".join(f"vector B={b} steps/s | ratio" for b in sizes)
    print(
        "| game | PettingZoo agent_iter/last steps/s | PettingZoo observe/step steps/s "
        f"(µs/step) | {head} |"
    )
    print("|---|---|---|" + "---|---|" * len(sizes))
    for name in cardtable.available_games():
        iterated = AgentIterLoop(name)
        pz = PettingZooLoop(name)
        vectors = [VectorLoop(name, b) for b in sizes]
        iter_rates: list[float] = []
        pz_rates: list[float] = []
        vec_rates: list[list[float]] = [[] for _ in sizes]
        for _ in range(args.rounds):
            iter_rates.append(iterated.steps_per_s(args.seconds))
            pz_rates.append(pz.steps_per_s(args.seconds))
            for rates, loop in zip(vec_rates, vectors, strict=True):
                rates.append(loop.steps_per_s(args.seconds))
        base = statistics.median(pz_rates)
        cells = " | ".join(
            f"{statistics.median(r):,.0f} | {statistics.median(r) / base:.2f}×" for r in vec_rates
        )
        print(
            f"| {name} | {statistics.median(iter_rates):,.0f} | {base:,.0f} ({1e6 / base:.1f}) "
            f"| {cells} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
