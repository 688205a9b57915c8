"""A worked training example: a linear softmax policy learns Contest against a bot.

REINFORCE with a running-mean baseline, in numpy, through the Gymnasium
environment (``cardtable.rl.gym``): the policy's logits are ``W @ tensor + b``
over the fixed action ids, illegal ids masked out. Every ``eval_every``
episodes the greedy policy plays ``eval_games`` fresh seeded games and its
win rate is recorded. Nothing here is tuned for strength; it shows the
adapters carrying a learner end to end.

Run: ``python -m cardtable.rl.train [EPISODES] [--plot PATH]`` (see ``main``).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cardtable.rl.gym import CardtableEnv

GAME = "contest"
SETTINGS: dict[str, Any] = {"pile": "KQRNBPPP", "max_rounds": 60}


@dataclass
class LinearPolicy:
    weights: np.ndarray
    bias: np.ndarray

    @classmethod
    def zeros(cls, inputs: int, actions: int) -> LinearPolicy:
        return cls(np.zeros((actions, inputs)), np.zeros(actions))

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.weights @ x + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        e = np.exp(logits)
        return e / e.sum()


@dataclass
class Curve:
    episodes: list[int] = field(default_factory=list)
    win_rate: list[float] = field(default_factory=list)


def evaluate(env: CardtableEnv, policy: LinearPolicy, games: int, seed: int) -> float:
    """Greedy play over ``games`` seeded games: the share won (a draw counts half)."""
    score = 0.0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        done, reward = False, 0.0
        while not done:
            p = policy.probabilities(obs["observation"], obs["action_mask"])
            obs, reward, done, _, _ = env.step(int(np.argmax(p)))
        score += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
    return score / games


def train(
    episodes: int,
    *,
    opponents: Sequence[str] = ("heuristic",),
    eval_every: int = 100,
    eval_games: int = 100,
    learning_rate: float = 0.05,
    seed: int = 0,
    game: str = GAME,
    settings: dict[str, Any] | None = None,
) -> tuple[LinearPolicy, Curve]:
    env = CardtableEnv(game, opponents=opponents, **(SETTINGS if settings is None else settings))
    eval_env = CardtableEnv(
        game, opponents=opponents, **(SETTINGS if settings is None else settings)
    )
    rng = np.random.default_rng(seed)
    policy = LinearPolicy.zeros(env.codec.layout.size, env.codec.num_actions)
    baseline = 0.0
    curve = Curve()
    curve.episodes.append(0)
    curve.win_rate.append(evaluate(eval_env, policy, eval_games, seed=10**6))
    for episode in range(1, episodes + 1):
        obs, _ = env.reset(seed=seed * 10**6 + episode)
        steps: list[tuple[np.ndarray, np.ndarray, int]] = []
        done, reward = False, 0.0
        while not done:
            x, mask = obs["observation"], obs["action_mask"]
            p = policy.probabilities(x, mask)
            action = int(rng.choice(len(p), p=p))
            steps.append((x, p, action))
            obs, reward, done, _, _ = env.step(action)
        advantage = reward - baseline
        baseline += 0.02 * (reward - baseline)
        for x, p, action in steps:
            grad = -p
            grad[action] += 1.0  # d log softmax / d logits
            step = learning_rate * advantage / len(steps)
            policy.weights += step * np.outer(grad, x)
            policy.bias += step * grad
        if episode % eval_every == 0:
            curve.episodes.append(episode)
            curve.win_rate.append(evaluate(eval_env, policy, eval_games, seed=10**6))
    return policy, curve


def plot(curve: Curve, path: str, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5, 3.2), dpi=100)
    ax.plot(curve.episodes, curve.win_rate, marker="o")
    ax.set_xlabel("training episodes")
    ax.set_ylabel("win rate vs heuristic (greedy)")
    ax.set_ylim(0, 1)
    ax.set_title(title, fontsize=9)
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("episodes", type=int, nargs="?", default=3000)
    parser.add_argument("--eval-every", type=int, default=250)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", default=None, help="write the win-rate curve as a PNG here")
    args = parser.parse_args(argv)
    _, curve = train(
        args.episodes, eval_every=args.eval_every, eval_games=args.eval_games, seed=args.seed
    )
    for episodes, rate in zip(curve.episodes, curve.win_rate, strict=True):
        print(f"episodes {episodes:6d}  win rate vs heuristic {rate:.3f}")
    if args.plot:
        shown = ", ".join(f"{k}={v}" for k, v in SETTINGS.items())
        plot(curve, args.plot, f"REINFORCE, linear policy: {GAME} ({shown})")
        print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
