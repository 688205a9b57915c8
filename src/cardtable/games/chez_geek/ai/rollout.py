"""Rollout policy improvement for Chez Geek: the heuristic's move unless search says better.

Why not ISMCTS here: in Chez Geek a tree search with random or cut rollouts
loses to the game's own heuristic bot (docs/bots.md), because a few turns of
random play say little about who reaches their Slack Goal first. This bot
keeps the heuristic as its base policy and improves it one decision at a
time (rollout policy improvement, as in Tesauro and Galperin's backgammon
rollouts): it tries the heuristic's few best-scored actions on deals drawn
from its seat's information set (``resample``, through the information-set
handle, so nothing hidden is read), plays each on with the heuristic at every
seat, and keeps the heuristic's own move unless another did clearly better.

Two things make few rollouts enough:

* **Common random numbers, keyed by event.** Every candidate is tried on the
  same determinization with the same chance (``Luck``): the draw pile in
  one shuffled order, and each seat's n-th die roll for each purpose fixed.
  One shared random stream would not do: as soon as two lines differ by one
  die roll every later draw and roll differs, and the outcomes of two
  candidates are as far apart as two random games (Chez Geek's heuristic
  games are that swingy: a seat at 90% of its Slack Goal goes on to win only
  about a third of them). Keyed chance keeps the two lines' luck the same,
  so the paired comparison measures what the action changed.
* **The opponents' own policy.** The other seats in a rollout are played by
  the heuristic from their sampled hands, a fair model of the table this bot
  is meant to beat, and of any rule-of-thumb player.

A rollout runs to the end of the game, or for ``horizon`` actions and is then
scored by ``estimate`` (each seat's chance to finish first).

The base policy is a setting (``policy``, default the heuristic; ``sandbag``,
the game's strongest rule-of-thumb bot, is the one issue 35 tries to improve
on), and so is the model of the other seats (``others``): improving on the
strongest policy rather than the heuristic is the point of a search level, and
the table's own bots are the fairest model of it. Both name a game bot that
ranks its moves (a ``HeuristicBot``).

Chez Geek's ``expert`` level is this bot over sandbag with rollouts cut after
150 actions and a gate of one standard error (``ChezGeekGame.bot_levels``):
cut lines are cheap enough for twice the deals, and two candidates' scores on
one deal differ far less than two whole games, so a looser gate finds gains
the strict one kept out (docs/notes/expert-search.md).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from cardtable.bots.base import game_bot_class, setting_names, settings_from
from cardtable.bots.infoset import InformationSet, SearchingBot
from cardtable.engine.errors import SettingError
from cardtable.engine.game import Action, Marker
from cardtable.games.chez_geek.actions import ROLLS
from cardtable.games.chez_geek.ai.bots import HeuristicBot
from cardtable.games.chez_geek.ai.estimate import win_chances
from cardtable.games.chez_geek.game import ChezGeekGame
from cardtable.games.chez_geek.schema import ChezGeekObservation
from cardtable.games.chez_geek.state import ChezGeekState
from cardtable.games.chez_geek.steps import Draw, Roll

DICE_PER_STREAM = 64  # rolls kept per seat and purpose; later rolls come from the state's RNG


class Luck:
    """One determinization's luck, replayed the same way for every candidate.

    ``draws`` is the draw pile in one shuffled order: a line takes the next card
    of it that its own pile still holds, so two lines that drew the same cards
    draw the same next one. ``dice[(seat, purpose)]`` are that seat's rolls
    for that purpose, in order. Each line keeps its own positions (``Line``).
    """

    def __init__(self, st: ChezGeekState, rng: random.Random) -> None:
        self.draws = [t for t, count in enumerate(st.pile) for _ in range(count)]
        rng.shuffle(self.draws)
        self.rng = rng
        self.dice: dict[tuple[int, int], list[int]] = {}

    def roll(self, key: tuple[int, int], k: int) -> int | None:
        rolls = self.dice.get(key)
        if rolls is None:
            rolls = self.dice[key] = [1 + self.rng.randrange(6) for _ in range(DICE_PER_STREAM)]
        return rolls[k] if k < len(rolls) else None


class Line:
    """Where one rollout is in its determinization's ``Luck``."""

    def __init__(self, luck: Luck) -> None:
        self.luck = luck
        self.next_draw = 0
        self.rolled: dict[tuple[int, int], int] = {}

    def outcome(self, st: ChezGeekState) -> Action:
        """The chance outcome at ``st``: keyed when it is a draw or a roll, else the RNG's."""
        top = st.stack[-1] if st.stack else None
        if type(top) is Draw and st.forced_pos >= len(st.forced):
            draws = self.luck.draws
            i = self.next_draw
            while i < len(draws) and st.pile[draws[i]] <= 0:
                i += 1
            if i < len(draws):
                self.next_draw = i + 1
                return st.game.draw_actions[draws[i]]
        elif type(top) is Roll:
            key = (top.seat, int(top.purpose))
            k = self.rolled.get(key, 0)
            value = self.luck.roll(key, k)
            if value is not None:
                self.rolled[key] = k + 1
                return ROLLS[value]
        return st.sample_chance()


def paired(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """Mean of ``x - y`` over paired samples, and its standard error (0 for one sample)."""
    n = len(xs)
    diffs = [x - y for x, y in zip(xs, ys, strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


@dataclass(frozen=True)
class RolloutSettings:
    """Every setting a ``rollout(...)`` spec may give, with its type and default."""

    samples: int = 8  # determinizations per decision, each tried with every candidate
    # more determinizations, up to this many, while an override looks better but not clearly
    max_samples: int = 32
    candidates: int = 4  # the heuristic's best-scored actions that are tried
    horizon: int = 0  # actions per rollout before it is scored (0: to the end)
    margin: float = 0.02  # how much better (chance to come first) an override must be ...
    z: float = 2.0  # ... beyond this many standard errors of the paired difference
    # seconds per decision (stops sampling early; not reproducible); 0: no limit
    max_time: float = 0.0
    # the game's bot (``ChezGeekGame.bots``) whose ranking gives the candidates and the
    # default move, and which plays this seat in the rollouts
    policy: str = "heuristic"
    # the game's bot that plays the other seats in the rollouts: the table's model
    others: str = "heuristic"


class RolloutBot(SearchingBot):
    """The heuristic, overridden where paired heuristic rollouts find a clearly better action."""

    name = "rollout"
    SETTINGS = setting_names(RolloutSettings)
    game: ChezGeekGame

    def __init__(
        self, game: ChezGeekGame, seat: int, seed: int | None = None, **settings: Any
    ) -> None:
        super().__init__(game, seat, seed)
        chosen = settings_from("rollout", RolloutSettings, settings)
        if chosen.samples < 1 or chosen.candidates < 1:
            raise SettingError("rollout needs samples >= 1 and candidates >= 1")
        if chosen.horizon < 0 or chosen.max_time < 0:
            raise SettingError("rollout's horizon and max_time are >= 0 (0: no limit)")
        self.samples = chosen.samples
        self.max_samples = chosen.max_samples
        self.candidates = chosen.candidates
        self.horizon: int | None = chosen.horizon or None
        self.margin = chosen.margin
        self.z = chosen.z
        self.max_time: float | None = chosen.max_time or None
        # the base policy (its first choice is the default move) and the rollout policy
        # at every seat; the game's rule-of-thumb bots keep no memory between moves
        self.heuristic = self.rule_bot(chosen.policy, seat, seed)
        self.policy = [
            self.rule_bot(chosen.policy if s == seat else chosen.others, s, None)
            for s in range(game.num_players)
        ]
        self.last_values: dict[Action, float] = {}
        self.last_samples = 0

    def rule_bot(self, name: str, seat: int, seed: int | None) -> HeuristicBot:
        """One of the game's rule-of-thumb bots (a ``HeuristicBot``: it ranks its moves)."""
        cls = game_bot_class(name, self.game)
        if cls is None or not issubclass(cls, HeuristicBot):
            raise SettingError(f"rollout's policy and others are rule-of-thumb bots, not {name!r}")
        return cls(self.game, seat, seed)

    def act_with(
        self, info: InformationSet, observation: ChezGeekObservation, legal: Sequence[Action]
    ) -> Action:
        ranked = self.heuristic.ranked(observation, legal)
        base = ranked[0]
        tried = ranked[: self.candidates]
        self.last_values = {}
        if len(tried) < 2:
            return base
        outcomes = self.evaluate(info, tried)
        self.last_values = {a: sum(v) / len(v) for a, v in outcomes.items()}
        return self.choose(outcomes, tried)

    def choose(self, outcomes: dict[Action, list[float]], tried: Sequence[Action]) -> Action:
        """The heuristic's move, unless another beat it clearly on the same deals.

        Clearly: by more than ``margin`` plus ``z`` standard errors of the paired
        differences (the same deal and luck for both), so that a few lucky
        rollouts do not overturn a sound rule of thumb.
        """
        base = tried[0]
        best, best_edge = base, 0.0
        for a in tried[1:]:
            mean, se = paired(outcomes[a], outcomes[base])
            edge = mean - self.margin - self.z * se
            if edge > best_edge:
                best, best_edge = a, edge
        return best

    def promising(self, outcomes: dict[Action, list[float]], tried: Sequence[Action]) -> bool:
        """Whether some action looks better than the heuristic's, but not yet clearly."""
        base = tried[0]
        for a in tried[1:]:
            mean, se = paired(outcomes[a], outcomes[base])
            if mean > self.margin and mean - self.margin - self.z * se <= 0:
                return True
        return False

    def evaluate(self, info: InformationSet, tried: Sequence[Action]) -> dict[Action, list[float]]:
        """Each action's chance of coming first on each sampled deal (the same deals for all).

        ``samples`` deals, then more up to ``max_samples`` while ``promising``.
        """
        deadline = None if self.max_time is None else time.perf_counter() + self.max_time
        outcomes: dict[Action, list[float]] = {a: [] for a in tried}
        drawn = 0
        limit = max(self.samples, self.max_samples)
        while drawn < limit:
            if deadline is not None and drawn and time.perf_counter() > deadline:
                break
            if drawn >= self.samples and not self.promising(outcomes, tried):
                break
            det = info.sample_determinization(self.rng)
            assert isinstance(det, ChezGeekState)  # this game's bot searches this game's states
            luck = Luck(det, random.Random(self.rng.getrandbits(64)))
            for a in tried:
                line = det.clone()  # the same deal and the same luck for every candidate
                line.apply_action(a)
                outcomes[a].append(self.play_out(line, Line(luck)))
            drawn += 1
        self.last_samples = drawn
        return outcomes

    def play_out(self, state: ChezGeekState, line: Line) -> float:
        """Play on with the heuristic at every seat; this seat's chance of coming first."""
        policy = self.policy
        left = self.horizon
        while True:
            player = state.current_player()
            if player is Marker.TERMINAL:
                break
            if left is not None:
                if left <= 0:
                    break
                left -= 1
            if player is Marker.CHANCE:
                state.apply_action(line.outcome(state))
                continue
            assert isinstance(player, int)
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
            else:
                seen = cast(ChezGeekObservation, state.observation(player))
                state.apply_action(policy[player].act(seen, legal))
        return win_chances(state)[self.seat]
