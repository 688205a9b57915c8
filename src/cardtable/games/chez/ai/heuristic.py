"""The Chez heuristic bot: sheds risky cards, keeps Aces for what hurts it, avoids the Plague.

It sees only its observation and the legal actions, like any player:
* never picks up when it can play (no Plague risk), and sheds the most cards
  it can, preferring plays that hurt the others (Jokers, Jacks for extra
  actions, combos) and avoiding a lone 6 (half the time it hurts you);
* builds Castles (three or four cards gone at once, and a shield) and lays
  Siege with spare 10s;
* nopes only what hurts it: a 6 or Joker aimed at it as the next player, a
  King / Revolution / King-Queen aimed at it, and re-nopes a nope on its own
  play; it passes on everything else, keeping its Aces;
* aims swaps at whoever is closest to winning, gives back its worst card and
  names a black Ace with a True Transformation to block the next player.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.bots.base import Bot
from cardtable.engine.game import Action
from cardtable.games.chez import actions as act
from cardtable.games.chez.actions import Play
from cardtable.games.chez.cards import JOKER, RANK, parse_card
from cardtable.games.chez.rules import DISCARD
from cardtable.games.chez.schema import ChezObservation, TargetPrompt, WindowPrompt

# how much the bot likes getting rid of a single card of each value (index: rank, 0 Joker)
SHED_VALUE = (6, 2, 2, 2, 2, 2, -4, 3, 3, 3, 1, 5, 2, 1)
HURTS_NEXT = {"6", "Joker"}
# a King, and every combo that names a target (the Revolution, the Royal Court, the
# King-Queen), by the label the views give its play
HURTS_TARGET = {"King", *(rule.label for rule in DISCARD if rule.targeted)}


def _next_seat(obs: ChezObservation, seat: int) -> int:
    n: int = obs["players"]
    d: int = obs["direction"]
    q = (seat + d) % n
    while obs["status"][q] != "playing" and q != seat:
        q = (q + d) % n
    return q


class HeuristicBot(Bot[ChezObservation]):
    name = "heuristic"

    def act(self, observation: ChezObservation, legal: Sequence[Action]) -> Action:
        prompt = observation["prompt"]
        if prompt["step"] == "window":
            return self._react(observation, prompt, legal)
        if prompt["step"] == "target":
            return self._target(observation, prompt, legal)
        if prompt["step"] == "give":
            return self._give(legal)
        if prompt["step"] == "name":
            return act.name_top(1, False) if act.name_top(1, False) in legal else legal[0]
        if prompt["step"] == "joker":
            stacks = [a for a in legal if isinstance(a, act.Play)]
            return max(stacks, key=lambda a: len(a.cards)) if stacks else act.ACCEPT
        return self._turn(observation, legal)

    # ---- own turn -----------------------------------------------------------------------
    def _turn(self, obs: ChezObservation, legal: Sequence[Action]) -> Action:
        if act.CASTLE_TEN in legal:
            return act.CASTLE_TEN
        if act.CASTLE in legal:
            return act.CASTLE
        sieges = [a for a in legal if isinstance(a, act.Siege)]
        if sieges:
            return min(sieges, key=lambda a: obs["hand_sizes"][a.seat])
        plays = [a for a in legal if isinstance(a, act.Play)]
        if plays:
            return max(plays, key=lambda a: self._score(obs, a))
        bets = [a for a in legal if isinstance(a, act.Bet)]
        if bets and len(obs["hand"]) >= 9:
            return act.BET[7]
        if act.END in legal:
            return act.END
        return act.PICK if act.PICK in legal else legal[0]

    def _score(self, obs: ChezObservation, play: Play) -> float:
        cards = play.cards
        hand = len(obs["hand"])
        score = 10.0 * len(cards) + sum(SHED_VALUE[RANK[k]] for k in cards)
        if len(cards) == 4 and all(2 <= RANK[k] <= 5 for k in cards):
            score += 10 if hand - 4 == 0 else -12  # a Revolution risks two cards
        if (
            len(cards) == 2
            and RANK[cards[0]] + RANK[cards[1]] == 25
            and RANK[cards[0]] != RANK[cards[1]]
        ):
            # King-Queen: worth it only when someone holds fewer cards than we will
            others = [
                s
                for q, s in enumerate(obs["hand_sizes"])
                if q != obs["seat"] and obs["status"][q] == "playing" and s > 0
            ]
            score += 25 if others and min(others) < hand - 2 else -30
        if len(cards) == hand and any(RANK[k] in (6, 10, 11, 12, 13, 0) for k in cards):
            score -= 15  # you may not finish on a special card anyway
        if len(cards) == 1 and cards[0] == JOKER and hand > 1:
            score += 4
        return score

    # ---- reactions ----------------------------------------------------------------------
    def _react(self, obs: ChezObservation, prompt: WindowPrompt, legal: Sequence[Action]) -> Action:
        nopes = [a for a in legal if isinstance(a, act.Nope)]
        if not nopes:
            return act.PASS
        me = obs["seat"]
        by, what, chain = prompt["by"], prompt["play"], prompt["nopes"]
        hurts = False
        if by == me:
            hurts = chain % 2 == 1  # someone noped my play: nope back
        elif chain % 2 == 0:
            roll = obs["last_roll"]
            if what in HURTS_NEXT and _next_seat(obs, by) == me:
                hurts = what == "Joker" or bool(roll and sum(roll["results"]) % 2 == 0)
            elif what in HURTS_TARGET and prompt["target"] == me or what == "Two Red Sixes":
                hurts = True
        if not hurts:
            return act.PASS
        # spend the Ace of Spades last: it is the only answer to a Joker
        plain = [a for a in nopes if a.kind != parse_card("AS")]
        return plain[0] if plain and what != "Joker" else nopes[0]

    def _target(
        self, obs: ChezObservation, prompt: TargetPrompt, legal: Sequence[Action]
    ) -> Action:
        sizes = obs["hand_sizes"]
        targets = [a for a in legal if isinstance(a, act.Target)]
        if prompt["play"] == "Revolution":
            return max(targets, key=lambda a: sizes[a.seat])
        return min(targets, key=lambda a: sizes[a.seat])

    def _give(self, legal: Sequence[Action]) -> Action:
        gives = [a for a in legal if isinstance(a, act.Give)]
        return min(gives, key=lambda a: SHED_VALUE[RANK[a.kind]] * 20 - RANK[a.kind])
