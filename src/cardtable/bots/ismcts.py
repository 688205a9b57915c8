"""Information Set MCTS for any game on the engine contract, without peeking.

Each iteration draws one determinization of the searching seat's information
set, walks a tree whose nodes are *information sets of the seat to act* (as
OpenSpiel's ISMCTS does), expands one node, finishes the game with random
play and backs the result up. A node is keyed by the acting seat and its
information state in the determinization (every observation it had along the
path, see ``_iterate``), so an opponent's node in the search
knows that opponent's (sampled) cards - it does not play as if blind, which
an action-keyed single-observer tree would assume - while nothing the
searching seat does not know reaches *its* own nodes. Every seat picks the
UCB1-best action for itself (max^n), so any player count works, and since by
contract a seat's legal actions depend only on its information, all
determinizations reaching a node agree on its actions (no availability
counts needed).

Choices that keep it game-agnostic and fair:

* **Only an ``InformationSet`` is searched.** The bot never holds the true
  state; determinizations come from ``State.resample`` through the handle
  (see ``cardtable.bots.infoset`` for why that is safe).
* **Chance is resolved, not branched on.** Chance nodes are sampled with the
  bot's own RNG (a determinization lives for one iteration); the observation
  keys (or the game's ``information_digest``) then separate what a seat can
  tell apart and merge what it cannot.
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
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from cardtable.bots.base import Bot, game_bot, game_bot_class
from cardtable.bots.inference import sample_weighted
from cardtable.bots.infoset import InformationSet, SearchingBot, decide
from cardtable.bots.infoset import InformationSetRequired as InformationSetRequired
from cardtable.engine.draws import below, shuffle
from cardtable.engine.errors import SettingError
from cardtable.engine.game import Action, Game, Marker, State

# the markers as statics (an enum member is an attribute lookup by name each time)
_CHANCE: Final = Marker.CHANCE
_TERMINAL: Final = Marker.TERMINAL

WIDEN_BASE: Final = 2

# a node's actions: the game's actions in a search; a node takes any hashable values
A = TypeVar("A", bound=Hashable)


def information_key(value: object) -> Hashable:
    """An observation as a hashable value, equal for two observations exactly when
    their ``repr`` is (the tree's node keys were hashes of ``repr``, which is slower).

    Containers are tagged by kind and keep their order (a dict's key order too), and
    booleans are tagged and anything else is its ``repr``, so ``True``, ``1`` and
    ``1.0`` stay apart as in their ``repr``.
    """
    if type(value) is str or type(value) is int or value is None:
        return value
    if type(value) is dict:
        out: list[Hashable] = ["d"]
        for k, v in value.items():
            out.append(information_key(k))
            out.append(information_key(v))
        return tuple(out)
    if type(value) is list:
        return ("l", *[information_key(v) for v in value])
    if type(value) is tuple:
        return ("t", *[information_key(v) for v in value])
    if type(value) is bool:
        return ("b", value)
    return ("r", repr(value))  # a float (``-0.0`` apart from ``0.0``) or anything else


class Node(Generic[A]):
    """One information set of the seat to act: per-action visit counts and utility sums.

    ``order`` is set when the node has more actions than the widening threshold:
    the actions in the order they are let in (progressive widening).
    """

    __slots__ = ("player", "visits", "total", "order", "seen")

    def __init__(self, player: int, legal: Sequence[A]) -> None:
        self.player = player
        self.visits: dict[A, int] = dict.fromkeys(legal, 0)
        self.total: dict[A, float] = dict.fromkeys(legal, 0.0)
        self.order: list[A] | None = None
        self.seen = 0

    def widen(self, order: list[A]) -> None:
        self.order = order

    def select(self, legal: Sequence[A], c: float, rng: random.Random) -> A:
        """An untried action first (at random), else the UCB1 maximum.

        A widened node considers only its first ``2 + sqrt(visits)`` actions in
        ``order``: with a hundred legal moves (Chez combinations, Chez Geek's
        hands) plain UCB1 would spend the whole budget trying each once.
        """
        visits = self.visits
        if self.order is not None:
            self.seen += 1
            allowed = WIDEN_BASE + int(math.sqrt(self.seen))
            if allowed < len(self.order):
                # the order was drawn in the determinization that made the node; another
                # that reaches it need not allow all of it (information states are told
                # apart at the seat's own decisions only: a Chez hand's original cards)
                now = set(legal)
                let_in = [a for a in self.order[:allowed] if a in now]
                if let_in:
                    legal = let_in
        untried = [a for a in legal if not visits.get(a)]
        if untried:
            return untried[below(rng, len(untried))]
        n_all = 0
        for a in legal:
            n_all += visits[a]
        log_n = math.log(n_all)
        total = self.total
        best = legal[0]
        best_value = -math.inf
        for a in legal:
            n = visits[a]
            value = total[a] / n + c * math.sqrt(log_n / n)
            if value > best_value:
                best_value = value
                best = a
        return best


def rank_utilities(state: State) -> list[float]:
    """Per seat: the share of other seats it finished ahead of (ties count half).

    From ``places()`` when the game is over and has a leaderboard, from
    ``returns()`` when it is over, and otherwise from the optional
    ``interim_returns()`` hook (see ``interim_of``).
    """
    n = state.game.num_players
    places = state.places() if state.is_terminal() else None
    if places is not None:
        key = [-float(p) for p in places]  # a lower place is better
    elif state.is_terminal():
        key = list(state.returns())
    else:
        key = interim_of(state) or [0.0] * n
    return rank_shares(key)


def rank_shares(key: Sequence[float]) -> list[float]:
    n = len(key)
    if n == 1:
        return [1.0]
    out = []
    for s in range(n):
        better = sum(1 for t in range(n) if t != s and key[s] > key[t])
        ties = sum(1 for t in range(n) if t != s and key[s] == key[t])
        out.append((better + 0.5 * ties) / (n - 1))
    return out


# a rollout's budget of actions when it plays to the end
_ENDLESS: Final = 1 << 60


def interim_of(state: State) -> list[float] | None:
    """A running score per seat (higher is better) from the optional hook, if the game has it.

    ``State.interim_returns()`` is an optional engine hook (``None`` by default):
    a game whose rollouts are long (many deals per game) implements it so that
    rollouts can stop after ``rollout_limit`` actions and be scored from the
    game so far.
    """
    hook = getattr(state, "interim_returns", None)
    if not callable(hook):
        return None
    values = hook()
    return [float(v) for v in values] if values is not None else None


class _Fresh:
    """Determinization ``i``: a fresh ``resample`` (a class, not a closure: compiled).

    Its chance is drawn from the search's own generator: the determinization
    lives for one iteration, and seeding a generator of its own cost as much as
    re-dealing the cards.
    """

    def __init__(self, info: InformationSet, rng: random.Random) -> None:
        self.info = info
        self.rng = rng

    def __call__(self, i: int) -> State:
        det = self.info.sample_determinization(self.rng)
        det.rng = self.rng
        return det


class _Pooled:
    """Determinization ``i``: a copy of pool entry ``i`` (in turn), with its own chance RNG."""

    def __init__(self, pool: list[State], rng: random.Random) -> None:
        self.pool = pool
        self.rng = rng

    def __call__(self, i: int) -> State:
        pool = self.pool
        det = pool[i % len(pool)].clone()
        det.rng = random.Random(self.rng.getrandbits(64))
        return det


class _Model:
    """The inference model of seat ``s``: the game's heuristic bot, seeded from ``rng``."""

    def __init__(
        self,
        make: Callable[[str, Game, int, int], Bot],
        game: Game,
        name: str,
        rng: random.Random,
    ) -> None:
        self.make = make
        self.game = game
        self.name = name
        self.rng = rng

    def __call__(self, s: int) -> Bot:
        return self.make(self.name, self.game, s, self.rng.getrandbits(32))


# a plain class (its methods compiled): tests and tools may wrap a bot's methods
@mypyc_attr(native_class=False)
class ISMCTSBot(SearchingBot):
    """Search over determinizations of the seat's information set.

    Strength settings are class attributes so that registered variants
    (``ismcts-fast``, ``ismcts-strong``) are one-line subclasses, and can be
    overridden per instance by keyword.
    """

    name = "ismcts"
    SETTINGS = (
        "iterations",
        "max_actions",
        "min_iterations",
        "max_time",
        "exploration",
        "rollout",
        "rollout_epsilon",
        "rollout_limit",
        "inference",
        "inference_depth",
        "inference_mismatch",
        "inference_tries",
        "pool_size",
        "widen",
    )
    iterations: int = 1000
    # a deterministic work limit: actions simulated over all iterations of one decision,
    # so long games (hundreds of actions per rollout) still move in well under a second
    max_actions: int | None = 40_000
    min_iterations: int = 32
    max_time: float | None = None
    exploration: float = 0.7
    rollout: str = "random"  # or "heuristic": the game's own heuristic bot plays rollouts
    rollout_epsilon: float = 0.1
    rollout_limit: int | None = 80  # used only with a game's ``interim_returns()``
    inference: str | None = None  # or "heuristic": weigh deals by the game's heuristic bot
    inference_depth: int = 2
    inference_mismatch: float = 0.15
    inference_tries: int = 10
    pool_size: int = 64
    # nodes with more legal actions than this are widened progressively (None: never)
    widen: int | None = 12

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int | None = None,
        **settings: Any,
    ) -> None:
        super().__init__(game, seat, seed)
        for key, value in settings.items():
            if key not in self.SETTINGS:
                valid = ", ".join(self.SETTINGS)
                raise SettingError(f"unknown ismcts setting {key!r}; valid settings: {valid}")
            setattr(self, key, value)
        if self.rollout not in ("random", "heuristic"):
            raise SettingError(f"rollout {self.rollout!r}: choose 'random' or 'heuristic'")
        policy = "heuristic" if self.rollout == "heuristic" else None
        self._policy_name = policy if policy in game.bots else None
        if self.inference not in (None, "heuristic"):
            raise SettingError(f"inference {self.inference!r}: choose None or 'heuristic'")
        model = self.inference
        self._inference_model = model if model in game.bots else None
        self._widen_policy = "heuristic" if "heuristic" in game.bots else None
        # the policy bots' classes looked up once: finding a class by its module path
        # (``game_bot``) cost about 13 µs, at every widened node and every rollout
        self._widen_class = (
            game_bot_class(self._widen_policy, game) if self._widen_policy is not None else None
        )
        self._policy_class = (
            game_bot_class(self._policy_name, game) if self._policy_name is not None else None
        )
        self.last_iterations = 0
        if self.iterations < 1:
            raise SettingError("ismcts needs at least 1 iteration")
        self.last_root: Node[Action] | None = None

    def act_with(
        self, info: InformationSet, observation: dict[str, Any], legal: Sequence[Action]
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        root = self.search(info, legal)
        self.last_root = root
        # the most visited action, then the best total; the first of equals (as ``max``)
        visits, total = root.visits, root.total
        best = legal[0]
        best_key = (visits[best], total[best])
        for a in legal:
            key = (visits[a], total[a])
            if key > best_key:
                best, best_key = a, key
        return best

    # ---- search ----------------------------------------------------------------------
    def search(self, info: InformationSet, legal: Sequence[Action]) -> Node[Action]:
        """Run the iterations; the root's statistics say how good each action is.

        ``legal`` may be some of the seat's legal actions: the root then tries
        only those (``cardtable.bots.review`` values one action at a time).
        """
        root: Node[Action] = Node(info.seat, legal)
        tree: dict[tuple[int, int], Node[Action]] = {}
        rng = self.rng
        deadline = None if self.max_time is None else time.perf_counter() + self.max_time
        budget = self.max_actions
        spent = 0
        draw = self._sampler(info, rng)
        self.last_iterations = 0
        for i in range(self.iterations):
            if deadline is not None and i % 8 == 0 and i and time.perf_counter() > deadline:
                break
            if budget is not None and spent >= budget and i >= self.min_iterations:
                break
            det = draw(i)
            spent += self._iterate(root, tree, det, rng)
            self.last_iterations = i + 1
        return root

    def _sampler(self, info: InformationSet, rng: random.Random) -> Callable[[int], State]:
        """Determinization ``i`` of this search.

        Plain: a fresh ``resample`` each iteration. With ``inference``: a pool of
        ``pool_size`` determinizations weighted by how well the game's heuristic
        bot explains the other seats' last ``inference_depth`` decisions (see
        ``cardtable.bots.inference``), reused in turn, each use a fresh copy with
        its own chance RNG.
        """
        if self.inference is None or self._inference_model is None:
            return _Fresh(info, rng)
        model = _Model(game_bot, self.game, self._inference_model, rng)
        pool = [
            sample_weighted(
                info.sample_determinization,
                info.seat,
                model,
                rng,
                count=self.inference_depth,
                mismatch=self.inference_mismatch,
                tries=self.inference_tries,
            )
            for _ in range(min(self.pool_size, self.iterations))
        ]
        return _Pooled(pool, rng)

    def _iterate(
        self,
        root: Node[Action],
        tree: dict[tuple[int, int], Node[Action]],
        det: State,
        rng: random.Random,
    ) -> int:
        """Select down the tree of information states, expand one, roll out, back up.

        A node is keyed by the acting seat and that seat's *information state*:
        a running hash of the observations it had at each of its decisions since
        the root (the history before the root is the same in every
        determinization). An observation alone is not enough: Contest's shows no
        history, so two different histories would share one node. Hashing only at
        the seat's own decisions costs one observation per step, as keying on the
        current observation did; what a seat saw only between its decisions and
        saw vanish before its next one is not told apart (observing every seat at
        every step made a decision 2.5 times slower).
        """
        c = self.exploration
        start = det.move_number()
        path: list[tuple[Node[Action], Action]] = []
        node: Node[Action] | None = root
        seen = [0] * det.game.num_players
        while True:
            player = det.current_player()
            if player is _TERMINAL:
                break
            if player is _CHANCE:
                det.apply_action(det.sample_chance())
                continue
            assert isinstance(player, int)
            legal = det.legal_actions()
            if len(legal) == 1 and node is not root:
                det.apply_action(legal[0])  # nothing to decide, nothing to learn
                continue
            if node is None:
                digest = det.information_digest(player)
                if digest is None:
                    digest = information_key(det.observation(player))
                seen[player] = hash((seen[player], digest))
                key = (player, seen[player])
                node = tree.get(key)
                if node is None:
                    node = Node(player, legal)
                    tree[key] = node
                    self._maybe_widen(node, det, player, legal, rng)
                    break  # expanded: the rollout starts here
            elif node is root:
                if len(legal) != len(root.visits):
                    # a search asked about some of the actions only (a review valuing one)
                    legal = [a for a in legal if a in root.visits]
                if root.order is None and not root.seen:
                    self._maybe_widen(root, det, player, legal, rng)
            action = node.select(legal, c, rng)
            path.append((node, action))
            det.apply_action(action)
            node = None
        interim = self._rollout(det, rng)
        utility = rank_utilities(det) if interim is None else rank_shares(interim)
        for nd, a in path:
            nd.visits[a] = nd.visits.get(a, 0) + 1
            nd.total[a] = nd.total.get(a, 0.0) + utility[nd.player]
        return det.move_number() - start

    def _maybe_widen(
        self,
        node: Node[Action],
        det: State,
        player: int,
        legal: Sequence[Action],
        rng: random.Random,
    ) -> None:
        """Give a node with many actions its widening order: the game's heuristic move
        first (when the game has one), the rest shuffled."""
        if self.widen is None or len(legal) <= self.widen:
            return
        order = list(legal)
        shuffle(rng, order)
        make = self._widen_class
        if make is not None:
            bot = make(self.game, player, rng.getrandbits(32))
            preferred = decide(bot, det, player)
            order.remove(preferred)
            order.insert(0, preferred)
        node.widen(order)

    def _rollout(self, det: State, rng: random.Random) -> list[float] | None:
        """Play on; chance from the determinization's RNG.

        ``rollout = "random"``: uniformly random actions (any game, fastest).
        ``rollout = "heuristic"``: the game's own ``heuristic`` bot at every seat,
        each seeing only its seat's observation in the determinization, with a
        random action ``rollout_epsilon`` of the time so that rollouts vary.
        With ``rollout_limit`` and a game offering ``interim_returns()``, the
        rollout stops after that many actions and is scored from the game so far:
        it then returns that score (``interim_returns``), else ``None``.
        """
        bots = self._rollout_bots(rng)
        eps = self.rollout_epsilon
        limit = self.rollout_limit
        steps = 0
        # ``below``'s draw written out with ``getrandbits`` looked up once (see
        # ``engine.draws.shuffle``): the same numbers, one lookup per rollout, not per move
        bits = rng.getrandbits
        runs = bots is None and det.plays_random_runs
        while True:
            player = det.current_player()
            if player is _TERMINAL:
                return None
            if limit is not None and steps >= limit:
                interim = interim_of(det)
                if interim is not None:
                    return interim
                limit = None  # the game has no estimate: play to the end
            if runs:
                # the stretches the game plays in its own loop, the same actions and draws
                played = det.random_run(bits, _ENDLESS if limit is None else limit - steps)
                if played:
                    steps += played
                    continue
            if limit is not None:
                steps += 1
            if player is _CHANCE:
                det.apply_action(det.sample_chance())
                continue
            legal = det.legal_actions()
            if bots is None or len(legal) == 1 or rng.random() < eps:
                n = len(legal)
                if not n:
                    # the draw below would loop for ever: a game's bug, said as one
                    raise RuntimeError(
                        f"{det.game.name}: a rollout reached a decision with no legal action"
                    )
                k = n.bit_length()
                j = bits(k)
                while j >= n:
                    j = bits(k)
                det.apply_action(legal[j])
            else:
                assert isinstance(player, int)
                det.apply_action(decide(bots[player], det, player))

    def _rollout_bots(self, rng: random.Random) -> list[Bot] | None:
        make = self._policy_class
        if self.rollout == "random" or make is None:
            return None
        game = self.game
        seed = rng.getrandbits(32)
        return [make(game, s, seed + s) for s in range(game.num_players)]


@mypyc_attr(native_class=False)  # bots are subclassed by users and tests
class FastISMCTSBot(ISMCTSBot):
    """A quick opponent: a fifth of the default search."""

    name = "ismcts-fast"
    iterations = 200


@mypyc_attr(native_class=False)  # bots are subclassed by users and tests
class StrongISMCTSBot(ISMCTSBot):
    """For offline analysis: several seconds a move in long games."""

    name = "ismcts-strong"
    iterations = 5000


@mypyc_attr(native_class=False)  # bots are subclassed by users and tests
class InferringISMCTSBot(ISMCTSBot):
    """Determinizations weighted by the game's heuristic bot as a model of the others."""

    name = "ismcts-infer"
    inference: str | None = "heuristic"


@mypyc_attr(native_class=False)  # bots are subclassed by users and tests
class HeuristicRolloutISMCTSBot(ISMCTSBot):
    """Rollouts by the game's own heuristic bot: fewer, better-informed iterations.

    Random rollouts make every opponent a blunderer, so in games where one
    blunder ends the game (Contest: a revealed King) they misjudge positions;
    the heuristic plays the rollouts sensibly at several times the cost per
    iteration. Games without a heuristic bot fall back to random rollouts.
    """

    name = "ismcts-h"
    iterations = 300
    rollout = "heuristic"
    rollout_epsilon = 0.0


@mypyc_attr(native_class=False)  # bots are subclassed by users and tests
class TimedISMCTSBot(ISMCTSBot):
    """Interactive play: as many iterations as fit in half a second."""

    name = "ismcts-0.5s"
    iterations = 1_000_000
    max_time: float | None = 0.5
