"""Information Set MCTS for any game on the engine contract, without peeking.

The algorithm is single-observer ISMCTS (Cowling, Powley & Whitehouse 2012):
each iteration draws one determinization of the searching seat's information
set, walks one tree of *actions* with it, and backs up the result. Because
different determinizations allow different actions, children carry an
availability count and are chosen by the subset-armed-bandit UCB
``mean + c * sqrt(ln(availability) / visits)``; every seat picks the child
that is best *for itself* (max^n), so the search works for any player count.

Choices that keep it game-agnostic and fair:

* **Only an ``InformationSet`` is searched.** The bot never holds the true
  state; determinizations come from ``State.resample`` through the handle
  (see ``cardtable.bots.infoset`` for why that is safe).
* **Chance is open-loop.** Chance nodes are sampled with the determinization's
  own RNG (re-seeded from the bot's RNG) and do not branch the tree. A shuffle
  or a draw has many outcomes, most of them hidden, and a tree keyed by them
  would only fragment the statistics.
* **Rank utility.** A rollout's value for a seat is its share of beaten
  opponents (1 for a win, 0 for last, ties count half), from ``places()`` when
  the game has a leaderboard, else from ``returns()``. It lies in [0, 1]
  whatever a game's score scale, so one exploration constant fits all games,
  and it aims at what the arena measures: finishing first.
* **Iterations, not seconds, by default.** A fixed iteration count makes a
  seeded simulation give the same result on any machine and any worker
  count; ``max_time`` is there for interactive play.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from cardtable.bots.base import Bot
from cardtable.bots.infoset import InformationSet
from cardtable.engine.errors import SettingError
from cardtable.engine.game import Action, Game, Marker, State


class Node:
    """An edge into the tree: the action that led here, by whom, and its statistics."""

    __slots__ = ("player", "children", "visits", "total", "avail")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat that chose the action leading here
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0  # sum of ``player``'s utilities
        self.avail = 1


def rank_utilities(state: State) -> list[float]:
    """Per seat: the share of other seats it finished ahead of (ties count half)."""
    places = state.places()
    n = state.game.num_players
    if n == 1:
        return [1.0]
    # a lower place is better; without places the higher return is
    key = [-p for p in places] if places is not None else list(state.returns())
    out = []
    for s in range(n):
        better = sum(1 for t in range(n) if t != s and key[s] > key[t])
        ties = sum(1 for t in range(n) if t != s and key[s] == key[t])
        out.append((better + 0.5 * ties) / (n - 1))
    return out


class InformationSetRequired(SettingError):
    """ISMCTS was asked to act through ``act`` alone, without its information set."""


class ISMCTSBot(Bot):
    """Search over determinizations of the seat's information set.

    Strength settings are class attributes so that registered variants
    (``ismcts-fast``, ``ismcts-strong``) are one-line subclasses, and can be
    overridden per instance by keyword.
    """

    name = "ismcts"
    wants_information_set = True
    iterations: int = 1000
    max_time: float | None = None
    exploration: float = 0.7

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        max_time: float | None = None,
        exploration: float | None = None,
    ) -> None:
        super().__init__(game, seat, seed)
        if iterations is not None:
            self.iterations = iterations
        if max_time is not None:
            self.max_time = max_time
        if exploration is not None:
            self.exploration = exploration
        if self.iterations < 1:
            raise SettingError("ismcts needs at least 1 iteration")
        self.last_root: Node | None = None

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        raise InformationSetRequired(
            f"{self.name} searches over its seat's information set; drive it with "
            "cardtable.bots.infoset.decide(bot, state) instead of bot.act(...)"
        )

    def act_with(
        self, info: InformationSet, observation: dict[str, Any], legal: Sequence[Action]
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        root = self.search(info, legal)
        self.last_root = root
        allowed = set(legal)
        best = max(
            (a for a in legal if a in root.children),
            key=lambda a: (root.children[a].visits, root.children[a].total),
            default=None,
        )
        if best is None or best not in allowed:
            return legal[self.rng.randrange(len(legal))]
        return best

    # ---- search ----------------------------------------------------------------------
    def search(self, info: InformationSet, legal: Sequence[Action]) -> Node:
        root = Node(info.seat)
        rng = self.rng
        deadline = None if self.max_time is None else time.perf_counter() + self.max_time
        for i in range(self.iterations):
            if deadline is not None and i % 8 == 0 and i and time.perf_counter() > deadline:
                break
            det = info.sample_determinization(rng)
            self._iterate(root, det, rng)
        return root

    def _iterate(self, root: Node, det: State, rng: random.Random) -> None:
        node = root
        path: list[Node] = []
        c = self.exploration
        expanded = False
        while not expanded:
            player = det.current_player()
            if player is Marker.TERMINAL:
                break
            if player is Marker.CHANCE:
                det.apply_action(det.sample_chance())
                continue
            assert isinstance(player, int)
            legal = det.legal_actions()
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = Node(player)
                children[action] = child
                for a in legal:
                    if a in children and a is not action:
                        children[a].avail += 1
                expanded = True
            else:
                best_value = -math.inf
                action = legal[0]
                for a in legal:
                    ch = children[a]
                    ch.avail += 1
                    value = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if value > best_value:
                        best_value = value
                        action = a
                child = children[action]
            det.apply_action(action)
            path.append(child)
            node = child
        self._rollout(det, rng)
        utility = rank_utilities(det)
        for n in path:
            n.visits += 1
            n.total += utility[n.player]

    @staticmethod
    def _rollout(det: State, rng: random.Random) -> None:
        """Uniformly random play to the end; chance from the determinization's RNG."""
        while True:
            player = det.current_player()
            if player is Marker.TERMINAL:
                return
            if player is Marker.CHANCE:
                det.apply_action(det.sample_chance())
            else:
                legal = det.legal_actions()
                det.apply_action(legal[rng.randrange(len(legal))])


class FastISMCTSBot(ISMCTSBot):
    """A quick opponent: a fifth of the default search."""

    name = "ismcts-fast"
    iterations = 200


class StrongISMCTSBot(ISMCTSBot):
    """For offline analysis: several seconds a move in long games."""

    name = "ismcts-strong"
    iterations = 5000


class TimedISMCTSBot(ISMCTSBot):
    """Interactive play: as many iterations as fit in half a second."""

    name = "ismcts-0.5s"
    iterations = 1_000_000
    max_time = 0.5
