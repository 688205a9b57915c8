"""Every game beside its nearest OpenSpiel C++ game, timed in the same run.

Both sides are driven by the same Python loop: random play through the public
API, chance included (cardtable's chance is drawn by the state's own seeded
RNG, OpenSpiel's by the same weighted draw over ``chance_outcomes()``), so the
ratio says how far a game is from a compiled engine reached from Python. The
two sides alternate run by run and the median of each is printed, which keeps
the comparison fair when other work shares the machine.

Printed per pairing: µs per decision on each side and the ratio (target
≤ 1.0), games/s on one core, and the cost of ``clone()`` at decision points
spread over a game (median µs) on each side.

Then one ISMCTS decision of ``--iterations`` (1,000) iterations, as CPU time,
median over a few decision points of a seeded game: each of our games at its
default player count (cardtable's ISMCTS, action budget off, so exactly that
many iterations) beside OpenSpiel's C++ and Python ISMCTS with random
rollouts on Oh Hell (3 players, 12 tricks), with the targets: an absolute one in
ms, and the ratio to the C++ search in the same run beside its aim.

Also printed: which modules run compiled (``cardtable.compiled``), since an
install with ``CARDTABLE_PURE=1`` runs the same rules interpreted.

    python benchmarks/peers.py [--seconds 2] [--runs 5] [--game chez] [--iterations 1000]

Needs the ``rl`` extra (``open-spiel``), which ``dev`` installs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts as py_ismcts
from open_spiel.python.algorithms import mcts as py_mcts

from cardtable import load_game
from cardtable.bots.infoset import decide
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.compiled import MODULES, compiled_now
from ismcts import decision_points  # benchmarks/ismcts.py: the same decision points


@dataclass(frozen=True)
class Pairing:
    """One of our games at one player count and the OpenSpiel game it is compared with."""

    game: str
    players: int
    peer: str
    peer_params: dict[str, Any]

    @property
    def label(self) -> str:
        return f"{self.game} {self.players}p"

    @property
    def peer_label(self) -> str:
        params = ",".join(f"{k}={v}" for k, v in self.peer_params.items())
        return f"{self.peer}({params})"


# The nearest OpenSpiel game: trick-taking against Oh Hell (3 players, 12 tricks,
# the trick count of Chai Tea Jazz at 3); the shedding and hand-management games
# against Crazy Eights, OpenSpiel's only shedding game, at the same player count
# where it allows it (it takes 2 to 5 players).
PAIRINGS = [
    Pairing("contest", 2, "oh_hell", {"players": 3, "num_tricks_fixed": 12}),
    Pairing("chai-tea-jazz", 3, "oh_hell", {"players": 3, "num_tricks_fixed": 12}),
    Pairing("chez", 4, "crazy_eights", {"players": 4}),
    Pairing("chez", 8, "crazy_eights", {"players": 5}),
    Pairing("chez-geek", 4, "crazy_eights", {"players": 4}),
]


def run_ours(pairing: Pairing, seconds: float, seed: int) -> tuple[int, int, float]:
    game = load_game(pairing.game, players=pairing.players)
    rng = random.Random(seed)
    games = decisions = 0
    s = seed
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state(seed=s)
        s += 1
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - start


def peer_chance(state: Any, rng: random.Random) -> int:
    """The same weighted draw cardtable's ``sample_chance`` makes."""
    outcomes = state.chance_outcomes()
    r = rng.random()
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if r < acc:
            return int(outcome)
    return int(outcomes[-1][0])


def run_peer(pairing: Pairing, seconds: float, seed: int) -> tuple[int, int, float]:
    game = pyspiel.load_game(pairing.peer, pairing.peer_params)
    rng = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(peer_chance(state, rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - start


def decision_states(
    new_state: Callable[[int], Any],
    is_chance: Callable[[Any], bool],
    chance: Callable[[Any, random.Random], Any],
    count: int,
) -> list[Any]:
    """Decision points spread over several random games, for timing clone()."""
    found: list[Any] = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        state = new_state(seed)
        seed += 1
        step = 0
        while not state.is_terminal() and len(found) < count:
            if is_chance(state):
                state.apply_action(chance(state, rng))
                continue
            if step % 7 == 3:
                found.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            step += 1
    return found


def clone_cost_us(states: list[Any], repeats: int = 200) -> float:
    costs = []
    for state in states:
        start = time.perf_counter()
        for _ in range(repeats):
            state.clone()
        costs.append((time.perf_counter() - start) / repeats * 1e6)
    return statistics.median(costs)


def ours_states(pairing: Pairing, count: int) -> list[Any]:
    game = load_game(pairing.game, players=pairing.players)
    return decision_states(
        lambda seed: game.new_initial_state(seed=seed),
        lambda s: s.is_chance_node(),
        lambda s, _rng: s.sample_chance(),
        count,
    )


def peer_states(pairing: Pairing, count: int) -> list[Any]:
    game = pyspiel.load_game(pairing.peer, pairing.peer_params)
    return decision_states(
        lambda _seed: game.new_initial_state(), lambda s: s.is_chance_node(), peer_chance, count
    )


# one ISMCTS decision of 1,000 iterations, CPU ms (docs/performance.md)
ISMCTS_TARGET_MS = {"chai-tea-jazz": 150.0, "chez": 250.0, "chez-geek": 250.0}
# the same decision as a multiple of OpenSpiel's C++ ISMCTS in the same run (issue 38's aims)
ISMCTS_TARGET_RATIO = {"chai-tea-jazz": 2.0, "chez": 3.0, "chez-geek": 3.0, "contest": 3.0}
ISMCTS_PEER = ("oh_hell", {"players": 3, "num_tricks_fixed": 12})


def our_ismcts_ms(name: str, iterations: int, positions: int) -> float:
    """CPU ms per decision, after one untimed decision: the first search of a process
    fills the game's per-hand tables and the interned actions, a cost paid once and
    not per move (the peers get the same warm-up)."""
    costs = []
    points = decision_points(name, 42, positions)
    warm = points[-1]
    decide(ISMCTSBot(warm.game, warm.current_player(), seed=2, iterations=iterations), warm)
    for state in points:
        bot = ISMCTSBot(
            state.game, state.current_player(), seed=1, iterations=iterations, max_actions=None
        )
        start = time.process_time()
        decide(bot, state)
        costs.append(1000 * (time.process_time() - start))
    return statistics.median(costs)


def peer_decision_points(count: int) -> list[Any]:
    game = pyspiel.load_game(*ISMCTS_PEER)
    rng = random.Random(42)
    state = game.new_initial_state()
    found: list[Any] = []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            state.apply_action(peer_chance(state, rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.3:
            found.append(state.clone())
        state.apply_action(legal[rng.randrange(len(legal))])
    return found


def peer_ismcts_ms(iterations: int, positions: int) -> tuple[float, float]:
    """OpenSpiel's C++ and Python ISMCTS (random rollouts), CPU ms per decision."""
    game = pyspiel.load_game(*ISMCTS_PEER)
    cpp, python = [], []
    points = peer_decision_points(positions)
    for warm_up, state in [(True, points[-1])] + [(False, p) for p in points]:
        bot = pyspiel.ISMCTSBot(
            1,
            pyspiel.RandomRolloutEvaluator(1, 1),
            1.5,
            iterations,
            -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            False,
            False,
        )
        start = time.process_time()
        bot.step(state)
        cpp_ms = 1000 * (time.process_time() - start)
        evaluator = py_mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
        pybot = py_ismcts.ISMCTSBot(
            game, evaluator, 1.5, iterations, random_state=np.random.RandomState(1)
        )
        start = time.process_time()
        pybot.step(state)
        if not warm_up:
            cpp.append(cpp_ms)
            python.append(1000 * (time.process_time() - start))
    return statistics.median(cpp), statistics.median(python)


def print_ismcts(games: list[str], iterations: int, positions: int) -> None:
    cpp, python = peer_ismcts_ms(iterations, positions)
    peer = f"{ISMCTS_PEER[0]}(players=3,num_tricks_fixed=12)"
    print(
        f"\nISMCTS, {iterations} iterations, CPU ms per decision (median of {positions}, "
        "after one untimed decision)"
    )
    print(f"{peer}: C++ {cpp:.1f} ms, Python {python:.1f} ms")
    print(f"{'game':<18}{'ms':>8}{'ms target':>11}{'× C++':>8}{'aim':>6}")
    for name in games:
        ms = our_ismcts_ms(name, iterations, positions)
        target = ISMCTS_TARGET_MS.get(name)
        label = f"{target:.0f}" if target else "-"
        aim = ISMCTS_TARGET_RATIO.get(name)
        aim_label = f"{aim:.1f}" if aim else "-"
        print(f"{name:<18}{ms:>8.1f}{label:>11}{ms / cpp:>8.2f}{aim_label:>6}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per run and side")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--iterations", type=int, default=1000, help="ISMCTS iterations (0: none)")
    parser.add_argument("--positions", type=int, default=5, help="ISMCTS decision points")
    parser.add_argument("--no-ismcts", action="store_true", help="skip the ISMCTS section")
    args = parser.parse_args()
    pairings = [p for p in PAIRINGS if not args.game or p.game in args.game]
    running = compiled_now()
    print(f"compiled modules: {len(running)} of {len(MODULES)} listed run compiled")
    print(
        f"{'game':<18}{'µs/dec':>8}{'games/s':>9}{'clone µs':>10}  {'peer':<36}"
        f"{'µs/dec':>8}{'games/s':>9}{'clone µs':>10}{'ratio':>7}"
    )
    for pairing in pairings:
        ours: list[tuple[float, float]] = []
        peer: list[tuple[float, float]] = []
        for run in range(args.runs):
            g, d, t = run_ours(pairing, args.seconds, run * 10_000)
            ours.append((t / d * 1e6, g / t))
            g, d, t = run_peer(pairing, args.seconds, run * 10_000)
            peer.append((t / d * 1e6, g / t))
        our_us = statistics.median(x[0] for x in ours)
        peer_us = statistics.median(x[0] for x in peer)
        our_games = statistics.median(x[1] for x in ours)
        peer_games = statistics.median(x[1] for x in peer)
        our_clone = clone_cost_us(ours_states(pairing, 20))
        peer_clone = clone_cost_us(peer_states(pairing, 20))
        print(
            f"{pairing.label:<18}{our_us:>8.2f}{our_games:>9.0f}{our_clone:>10.2f}  "
            f"{pairing.peer_label:<36}{peer_us:>8.2f}{peer_games:>9.0f}{peer_clone:>10.2f}"
            f"{our_us / peer_us:>7.2f}",
            flush=True,
        )
    if not args.no_ismcts and args.iterations > 0:
        games = list(dict.fromkeys(p.game for p in pairings))
        print_ismcts(games, args.iterations, args.positions)


if __name__ == "__main__":
    main()
