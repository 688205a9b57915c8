"""A heuristic Chez Geek bot: spends Income well, keeps cancels for big plays,
gets rid of unwanted People (preferably into the leader's room).

It sees only its observation and the legal actions; card definitions are
public (printed on the cards), so it reads them from the game's deck.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.bots.base import Bot
from cardtable.engine.game import Action, Game
from cardtable.games.chez_geek.actions import Call, CardAct, PassWord, Play, Send, Word
from cardtable.games.chez_geek.cards import K_PET, K_THING, K_WHENEVER, N_DICE, CardDef, JobDef, Num
from cardtable.games.chez_geek.game import ChezGeekGame
from cardtable.games.chez_geek.schema import ChezGeekObservation, PlayerView

BIG_PLAY = 3  # Slack worth spending a cancel on
CANCEL_KINDS = {"Call": "call", "Shopping trip": "shopping", "Activity": "activity"}


def expected(num: Num | None, bonus: int = 0) -> float:
    """Mean Slack of a card number (0 or less counts as nothing)."""
    if num is None:
        return 0.0
    if num.kind == N_DICE:
        if num.a == 1:
            return sum(max(0, v + num.b + bonus) for v in range(1, 7)) / 6
        return max(0.0, num.a * 3.5 + num.b + bonus)
    return float(num.a)


class HeuristicBot(Bot[ChezGeekObservation]):
    """Greedy on Slack per Free Time, thrifty with cancels, hostile to the leader."""

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int | None = None) -> None:
        super().__init__(game, seat, seed)
        if not isinstance(game, ChezGeekGame):
            raise TypeError(f"the Chez Geek bot plays Chez Geek, not {game.name}")
        self.deck = game.deck_def

    # ---- helpers -------------------------------------------------------------------
    def card(self, slug: str) -> CardDef:
        return self.deck.card_by_slug[slug]

    def leader(self, obs: ChezGeekObservation) -> int:
        """The other seat closest to its Slack Goal."""
        others = [p for p in obs["players"] if p["seat"] != self.seat]
        best = max(others, key=lambda p: (p["slack"] / max(1, p["goal"] or 1), -p["seat"]))
        return int(best["seat"])

    def job(self, obs: ChezGeekObservation) -> JobDef:
        """This seat's Job (dealt before any decision)."""
        slug = obs["players"][self.seat]["job"]
        assert slug is not None, "the Jobs are dealt before any decision"
        return self.deck.job_by_slug[slug]

    def value(self, card: CardDef, obs: ChezGeekObservation) -> float:
        job = self.job(obs)
        bonus = job.roll_bonus if job.roll_bonus_tag in card.tags else 0
        return expected(card.slack, bonus)

    # ---- the decision -------------------------------------------------------------
    def act(self, observation: ChezGeekObservation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        step = observation["prompt"]["step"] if observation["prompt"] else ""
        leader = self.leader(observation)
        best = max((self.score(a, observation, step, leader), i) for i, a in enumerate(legal))
        return legal[best[1]]

    def ranked(self, observation: ChezGeekObservation, legal: Sequence[Action]) -> list[Action]:
        """The legal actions, best first by this bot's scores (ties: the later action first).

        The first is what ``act`` plays; a search (``rollout``) tries the first few.
        """
        step = observation["prompt"]["step"] if observation["prompt"] else ""
        leader = self.leader(observation)
        scored = sorted(
            ((self.score(a, observation, step, leader), i) for i, a in enumerate(legal)),
            reverse=True,
        )
        return [legal[i] for _, i in scored]

    def score(self, a: Action, obs: ChezGeekObservation, step: str, leader: int) -> float:
        """How much this bot likes ``a``; ``leader`` is ``self.leader(obs)``, found once a move."""
        me = obs["players"][self.seat]
        if isinstance(a, (Word, PassWord)):
            return {
                "pass": 0.0,
                "done": 0.0 if step != "discard" else 5.0,
                "shop": 0.5 + self.shopping_value(obs),
                "checkout": 0.1,
                "dismiss": 0.5,
            }[a.word]
        if isinstance(a, Send):
            return 2.0 if a.seat == leader else 1.0
        if isinstance(a, Call):
            card = self.card(a.slug)
            if card.invited or card.kind == K_PET:
                return (3.0 + self.value(card, obs)) if a.seat == self.seat else -5.0
            return 3.0 if a.seat == leader else (0.5 if a.seat != self.seat else -9.0)
        if isinstance(a, CardAct):
            if a.verb == "pick":  # a Job, not a Life card
                job = self.deck.job_by_slug[a.slug]
                return -job.slack_goal + 0.5 * job.income.fixed_value()
            card = self.card(a.slug)
            if a.verb == "buy":
                return 1.0 + card.slack.a if card.slack else 1.0
            if a.verb == "do":
                return 0.8 + self.value(card, obs) - 0.2 * card.cost
            if a.verb == "discard":
                return 10.0 - self.keep_value(card, obs)
        if isinstance(a, Play):
            return self.play_score(a, obs, me, leader)
        return 0.0

    def shopping_value(self, obs: ChezGeekObservation) -> float:
        money = obs["income"]
        things = sorted(
            (self.card(s) for s in obs["hand"] if self.card(s).kind == K_THING),
            key=lambda c: -(c.slack.a if c.slack else 0),
        )
        total = 0.0
        for c in things:
            if c.cost <= money:
                money -= c.cost
                total += c.slack.a if c.slack else 0
        return total

    def keep_value(self, card: CardDef, obs: ChezGeekObservation) -> float:
        if card.kind == K_WHENEVER:
            return 4.0 if card.cancel is not None else 3.0
        if card.kind == K_THING:
            income: int = obs["income"]
            return 2.0 + (card.slack.a if card.slack else 0) - max(0, card.cost - income)
        if card.unwanted:
            return 3.5
        return 1.5 + self.value(card, obs)

    def play_score(self, a: Play, obs: ChezGeekObservation, me: PlayerView, leader: int) -> float:
        card = self.card(a.slug)
        prompt = obs["prompt"]
        if card.cancel is not None:
            answering = prompt.get("answering") if prompt else None
            if not answering:
                return -1.0
            by = answering["by"]
            if answering["play"] == "Whenever":
                # cancel a cancel only when it protects my own play
                stack = obs["stack"]
                if len(stack) >= 2 and stack[-2]["by"] == self.seat:
                    return 6.0
                return -1.0
            worth = sum(
                slack.fixed_value() if (slack := self.card(s).slack) else 0
                for s in answering["cards"]
            )
            them = obs["players"][by]
            if them["slack"] + worth >= (them["goal"] or 99):
                return 9.0
            return 2.0 if worth >= BIG_PLAY and by == leader else -1.0
        for e in card.effects:
            if e.kind == "income":
                return 1.5 if e.target == "self" and self.shopping_value(obs) < 3 else 0.2
            if e.kind == "free_time":
                if e.target == "other":
                    return 1.5 if a.tseat == leader else -0.5
                return 2.0 if obs["free_time"] == 0 else 1.0
            if e.kind == "draw":
                return 1.2
            if e.kind in ("take_thing", "discard_card"):
                gain = 1.0 if e.to == "room" and e.kind == "take_thing" else 0.0
                return (2.0 if a.tseat == leader else 0.5) + gain
            if e.kind == "slack":
                if e.amount > 0:
                    return 1.0 if a.tseat == self.seat else -2.0
                return 2.0 if a.tseat == leader else 0.3
            if e.kind == "move_person":
                return self.move_score(a, obs, leader)
        return 0.0

    def move_score(self, a: Play, obs: ChezGeekObservation, leader: int) -> float:
        _, _, rest = a.target.partition(":")
        slug = rest.split(">")[0].split("#")[0]
        card = self.card(slug)
        src, dest = a.tseat, a.dest
        if card.unwanted:
            if src == self.seat and dest == leader:
                return 4.0
            return 1.0 if dest == leader and src != self.seat else -2.0
        if dest == self.seat and src == leader:
            return 2.5
        return -2.0
