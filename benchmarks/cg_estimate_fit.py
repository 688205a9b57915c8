"""How well a Chez Geek position predicts the winner, in games of four heuristic bots.

Plays GAMES seeded games (seeds 5000 on), takes every turn start, and scores
estimates of each seat's chance of winning by the mean log-likelihood of the
real winner (higher is better; a uniform guess is log 1/4 = -1.386):
``interim_returns()``'s squared progress share, ``estimate.win_chances``
(the ``rollout`` bot's estimate, a softmax on the Slack still needed and turn
order) over a small grid of its constants, and a conditional logit on more
figures fitted on three quarters of the positions and scored on the rest.
Also prints how often the seat closest to its goal goes on to win.
Run: ``.venv/bin/python benchmarks/cg_estimate_fit.py [GAMES]`` (default 600).
"""

from __future__ import annotations

import itertools
import math
import sys
from collections import defaultdict

import numpy as np

from cardtable.bots.infoset import decide
from cardtable.engine.game import Marker
from cardtable.engine.registry import load_game
from cardtable.games.chez_geek.ai import estimate
from cardtable.games.chez_geek.ai.bots import HeuristicBot, expected
from cardtable.games.chez_geek.cards import Num
from cardtable.games.chez_geek.state import ChezGeekState

FIGURES = (
    "ratio",
    "needed",
    "hand_slack",
    "cancels",
    "whenevers",
    "hand",
    "unwanted",
    "things",
    "acts_now",
    "acts_next",
    "acts_third",
    "free_time",
    "income",
)


def mean_of(num: Num) -> float:
    return (num.a + num.b) / 2 if num.kind == "lowhigh" else expected(num)


def figures(st: ChezGeekState, s: int) -> list[float]:
    goal, slack = st.goal(s), st.slack_of(s)
    cards = [st.defs[st.slot_type[slot]] for slot in st.hands[s]]
    room = [st.defs[c[0]] for c in st.rooms[s]]
    order = (s - st.turn) % st.n
    job = st.jobdefs[st.job_of[s]]
    return [
        slack / goal,
        goal - slack,
        estimate.hand_slack(st, s),
        sum(c.cancel is not None for c in cards),
        sum(c.kind == "Whenever" and c.cancel is None for c in cards),
        len(cards),
        sum(c.unwanted for c in room),
        sum(c.kind == "Thing" for c in room),
        order == 0,
        order == 1,
        order == 2,
        mean_of(job.free_time),
        mean_of(job.income),
    ]


def positions(games: int) -> list[tuple[ChezGeekState, int]]:
    """(a copy of every turn start, the winner) over seeded heuristic games."""
    game = load_game("chez-geek", players=4)
    out = []
    for i in range(games):
        st = game.new_initial_state(seed=5000 + i)
        bots = [HeuristicBot(game, s) for s in range(4)]
        starts, last = [], -1
        while not st.is_terminal():
            if st.turns != last and all(j >= 0 for j in st.job_of):
                last = st.turns
                starts.append(st.clone())
            player = st.current_player()
            if player is Marker.CHANCE:
                st.apply_action(st.sample_chance())
                continue
            assert isinstance(player, int)
            st.apply_action(decide(bots[player], st, player))
        winner = st.returns().index(1.0)
        out += [(p, winner) for p in starts]
    return out


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    data = positions(games)
    print(f"{len(data)} positions from {games} games; uniform {math.log(0.25):.4f}")

    def score(chances: list[list[float]]) -> float:
        total = sum(math.log(max(1e-9, c[w])) for c, (_, w) in zip(chances, data, strict=True))
        return total / len(data)

    interim = [st.interim_returns() or [0.25] * 4 for st, _ in data]
    print(f"interim_returns (squared progress): {score(interim):.4f}")
    for hand, per_slack, per_seat in itertools.product([0, 0.25, 0.5], [0.05, 0.1, 0.2], [0, 0.1]):
        estimate.HAND_WEIGHT, estimate.PER_SLACK, estimate.PER_SEAT = hand, per_slack, per_seat
        chances = [estimate.win_chances(st) for st, _ in data]
        label = f"hand={hand} per_slack={per_slack} per_seat={per_seat}"
        print(f"win_chances {label}: {score(chances):.4f}")

    x = np.array([[figures(st, s) for s in range(4)] for st, _ in data], dtype=float)
    y = np.array([w for _, w in data])
    train = np.arange(len(y)) < int(0.75 * len(y))
    flat = x[train].reshape(-1, x.shape[2])
    z = (x - flat.mean(0)) / (flat.std(0) + 1e-9)
    w = np.zeros(x.shape[2])
    onehot = np.eye(4)[y[train]]
    for _ in range(400):  # gradient ascent on the conditional-logit log-likelihood
        u = z[train] @ w
        p = np.exp(u - u.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        w += 0.5 * np.einsum("nk,nkf->f", onehot - p, z[train]) / train.sum()
    u = z[~train] @ w
    p = np.exp(u - u.max(1, keepdims=True))
    p /= p.sum(1, keepdims=True)
    held = float(np.log(p[np.arange(len(p)), y[~train]]).mean())
    print(f"conditional logit on {len(FIGURES)} figures, held out: {held:.4f}")
    for name, weight in zip(FIGURES, w, strict=True):
        print(f"  {name:<11} {weight:+.3f} (per standard deviation)")

    by_ratio: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for st, winner in data:
        ratios = [st.goal_ratio(s) for s in range(4)]
        lead = max(range(4), key=lambda s: ratios[s])
        cell = by_ratio[min(9, int(10 * ratios[lead]))]
        cell[0] += 1
        cell[1] += winner == lead
    print("the seat closest to its goal: its progress, positions, how often it wins")
    for tenth, (count, won) in sorted(by_ratio.items()):
        print(f"  {tenth / 10:.1f}+  {count:>6}  {won / count:.3f}")


if __name__ == "__main__":
    main()
