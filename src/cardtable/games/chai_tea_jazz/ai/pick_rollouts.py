"""Picking a contract by rollouts: which row, trump and bid this hand plays best.

Why: the solver says nothing about the picking phase, so ``pimc`` picked with
the heuristic's one-line estimate of the points a hand captures, the same
pick at every level; more samples for the card play then changed little
(``expert`` and ``hard`` were level with four players). A contract's worth
depends on the rows every seat still has to play and on what the others will
bid, which a rollout sees and a per-hand estimate does not.

How: the heuristic ranks the picks (its own estimate); its first
``candidates`` and, where legal, passing are tried. Each of ``samples`` deals
drawn from the seat's information set (``resample``: nothing hidden is read)
is played on after every candidate to the end of the round by heuristic bots
at every seat, each from its own observation of the sampled deal, and scored
by ``interim_returns()`` for this seat (game points so far plus the open rows
projected). Every candidate meets the same deals (common random numbers), so
the differences between them are paired; the heuristic's own choice is kept
unless another beats it by more than ``margin`` game points on average.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from cardtable.bots.infoset import InformationSet
from cardtable.engine.errors import SettingError
from cardtable.engine.game import Action
from cardtable.games.chai_tea_jazz import actions as act
from cardtable.games.chai_tea_jazz.ai.heuristic import HeuristicBot
from cardtable.games.chai_tea_jazz.schema import Observation
from cardtable.games.chai_tea_jazz.state import ChaiTeaJazzState


@dataclass(frozen=True)
class PickSettings:
    """The picking settings every bot that picks by rollouts takes (``pimc``, ``searchpick``)."""

    # deals rolled out per candidate pick (0: the heuristic picks)
    pick_samples: int = 0
    pick_candidates: int = 4  # the heuristic's best picks tried, besides its choice and passing
    pick_margin: float = 0.0  # game points a candidate must gain over the heuristic's choice


def check_pick_settings(kind: str, chosen: PickSettings, least_samples: int = 0) -> None:
    """Refuse picking settings out of range, naming them and the bot."""
    if chosen.pick_samples < least_samples or chosen.pick_candidates < 0 or chosen.pick_margin < 0:
        raise SettingError(
            f"{kind} needs pick_samples >= {least_samples}, pick_candidates >= 0, pick_margin >= 0"
        )


def candidates_of(
    heuristic: HeuristicBot, observation: Observation, legal: Sequence[Action], count: int
) -> list[Action]:
    """The heuristic's choice first, then its best-estimated picks, then passing.

    The Joker row is tried only when the heuristic picks it or no other row is
    open: a rollout to the end of the round scores the row it fills, not the
    freedom the Joker row would have kept for a later hand.
    """
    chosen = heuristic.act(observation, legal)
    game = heuristic.game
    picks = [a for a in legal if isinstance(a, act.Pick)]
    other_rows = any(not game.rows[a.row].is_joker for a in picks)
    out = [chosen]
    for _, a in heuristic.ranked_picks(observation, legal):
        if len(out) > count:
            break
        assert isinstance(a, act.Pick)
        if a not in out and not (other_rows and game.rows[a.row].is_joker):
            out.append(a)
    for a in (act.PASS, act.ACCEPT):
        if a in legal and a not in out:
            out.append(a)
    return out


def round_value(state: ChaiTeaJazzState, seat: int, bots: list[HeuristicBot]) -> float:
    """Play ``state`` to the end of its round with ``bots``; this seat's interim return."""
    while not state.is_terminal() and not state.is_chance_node():
        player = state.current_player()
        assert isinstance(player, int)
        legal = state.legal_actions()
        if len(legal) == 1:
            choice = legal[0]
        else:
            choice = bots[player].act(cast(Observation, state.observation(player)), legal)
        state.apply_action(choice)
    values = state.interim_returns()
    assert values is not None
    return values[seat]


def pick_by_rollouts(
    info: InformationSet,
    heuristic: HeuristicBot,
    observation: Observation,
    legal: Sequence[Action],
    rng: random.Random,
    settings: PickSettings,
) -> tuple[Action, dict[Action, float]]:
    """The pick to make and each candidate's mean interim return over the sampled deals."""
    samples = settings.pick_samples
    tried = candidates_of(heuristic, observation, legal, settings.pick_candidates)
    if len(tried) == 1:
        return tried[0], {}
    game = heuristic.game
    seat = heuristic.seat
    bots = [HeuristicBot(game, s) for s in range(game.num_players)]
    totals = dict.fromkeys(tried, 0.0)
    for _ in range(samples):
        deal = info.sample_determinization(rng)
        assert isinstance(deal, ChaiTeaJazzState)
        for a in tried:
            line = deal.clone()
            line.apply_action(a)
            totals[a] += round_value(line, seat, bots)
    means = {a: t / samples for a, t in totals.items()}
    best = max(tried, key=lambda a: means[a])  # the first of equals: the heuristic's
    own = tried[0]
    return (best if means[best] > means[own] + settings.pick_margin else own), means
