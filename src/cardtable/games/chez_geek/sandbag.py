"""A Chez Geek bot for a table of heuristic bots: the heuristic, with the leader tax in mind.

Why: every ``heuristic`` bot aims its attacks at the seat closest to its
Slack Goal (``HeuristicBot.leader``: the highest Slack-to-goal ratio among
the others). Evicted unwanted People are sent there (about 19 sends a game),
new ones are called there, Things are stolen from it, Get a Life and Spilled
Drink land on it, and its plays worth 3 Slack or more are cancelled. Over
300 games of four heuristic bots a seat lost 1.14 Slack on average during
an opponent's turn when it was that opponent's target, 0.16 when it was not,
against a gain of 3.8 on its own turn. So the idea tried here first was to
*sandbag*: hold Slack gains back while they would make this seat the clear
leader, and burst to the goal in one turn.

**Holding back loses** (``hold=true``; figures in docs/bots.md): 7–18% first
places against three heuristic bots, whatever the margin, the ratio it starts
at, or the kinds of card held. A Chez Geek turn is capped by its Free Time
and its Income, so Slack not taken this turn is mostly lost, not banked, and
a held card takes a place in the hand that a fresh card would have had: the
heuristic discards down to one card every turn and draws five, and a bot
that keeps two or three cards more (``cancel_keep`` far above the rest,
measured as "keep every cancel") drops to 16–24%. Card flow is worth more
than the attacks a lead draws. So ``hold`` is off by default, kept for the
record and for tests.

What does help, measured one at a time (docs/bots.md), and is on by default:

* **Discard down to one card, keep a cancel** (``discard_all``,
  ``cancel_keep``): the most new cards each turn, and the one card kept is a
  cancel if there is one, the only card that works on the others' turns.
* **Cancel near-finishing plays** (``near``): any play that would bring
  another seat within ``near`` Slack of its goal, not only the leader's plays
  worth 3 or more and plays that reach the goal (the heuristic's rules).
* **Cancel attacks on this seat** (``defend``): an unwanted Person called into
  its room (Nobody Home), a Whenever that would take, spoil or discard its
  cards or its Free Time (Not So Fast). The leader is attacked three times a
  round; its kept cancel is worth most there.
* **Aim attacks at the biggest card** (``aim``): of the leader's room cards, a
  Whenever takes or spoils the one with the most Slack.

Off by default, measured no better (within a point, docs/bots.md): aiming
at the seat with the least Slack to go (``target``) instead of the
heuristic's ratio leader, and keeping a card worth ``keep_slack`` Slack for
next turn besides the cancel. Kept as settings so that the figures can be
rerun.

It reads only its own observation (its hand, the rooms, Slack and Jobs that
are public, the stack of announced plays) and the card definitions printed
on the cards.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from cardtable.bots.base import apply_settings
from cardtable.engine.errors import SettingError
from cardtable.engine.game import Action, Game
from cardtable.games.chez_geek.actions import Call, CardAct, Play, Word
from cardtable.games.chez_geek.bots import HeuristicBot
from cardtable.games.chez_geek.cards import CardDef, JobDef

HOLD = -0.5  # the score of a held-back play: below ``done`` (0), above a harmful play
NOT_HOME = 2  # a Call roll of 1-2: not home (people.py)


class SandbagBot(HeuristicBot):
    """The heuristic, discarding for card flow, cancelling near-finishes and attacks on itself.

    With ``hold``: also holds Slack back while a gain would make it the clear leader.
    """

    name = "sandbag"
    SETTINGS = (
        "hold",
        "margin",
        "start",
        "reach",
        "race",
        "max_held",
        "discard_all",
        "cancel_keep",
        "near",
        "defend",
        "aim",
        "target",
        "keep_slack",
        "soon",
    )
    # holding back (off by default: it loses, see the module docstring)
    hold: bool = False
    margin: float = 0.0  # lead in Slack-to-goal ratio over the best other seat tolerated
    start: float = 0.0  # hold back only once a gain would take this seat past this ratio
    reach: float = 0.0  # burst when this turn's potential reaches goal - reach
    race: int = 3  # stop holding back when another seat needs this much Slack or less
    max_held: int = 9  # hold back no more cards than this at once
    # what helps
    discard_all: bool = True  # discard down to one card in the Discard phase
    cancel_keep: float = 3.0  # added to a cancel's keep value in the Discard phase
    near: int = 2  # cancel any play that brings its seat within this of its goal (-1: off)
    defend: float = 5.0  # score of a cancel that stops an attack on this seat (0: off)
    aim: float = 0.1  # per point of Slack of the room card an attack takes or spoils
    target: str = "ratio"  # whom attacks go to: highest Slack ratio, or "needed": least Slack to go
    soon: float = 1.0  # with target "soon": Slack counted per seat before another's turn
    keep_slack: float = 99.0  # keep through the Discard phase a card worth this much next turn

    def __init__(self, game: Game, seat: int, seed: int | None = None, **settings: Any) -> None:
        super().__init__(game, seat, seed)
        apply_settings(self, "sandbag", self.SETTINGS, settings)
        if self.margin < 0 or self.race < 0 or self.max_held < 0:
            raise SettingError("sandbag needs margin, race and max_held >= 0")
        if self.target not in ("ratio", "needed", "soon"):
            raise SettingError("sandbag's target is ratio, needed or soon")
        self.held: set[str] = set()  # cards held back this turn, kept through the Discard phase

    # ---- the position ----------------------------------------------------------------
    def leader(self, obs: dict[str, Any]) -> int:
        """The other seat attacks go to: by ``target``, the ratio leader or the nearest finish.

        Why a choice: the game is won by the first to reach its goal, and a seat
        with a big goal can be nearer that than the ratio leader (``needed``);
        ``soon`` also counts how many turns come before that seat's.
        """
        if self.target == "ratio":
            return super().leader(obs)
        n = len(obs["players"])
        turn = int(obs["turn"])

        def key(p: dict[str, Any]) -> tuple[float, float]:
            needed = float((p["goal"] or 99) - p["slack"])
            if self.target == "soon":  # seats whose turn comes sooner count nearer
                needed += self.soon * ((p["seat"] - turn - 1) % n)
            return (needed, -p["slack"] / max(1, p["goal"] or 1))

        others = [p for p in obs["players"] if p["seat"] != self.seat]
        return int(min(others, key=key)["seat"])

    def job(self, obs: dict[str, Any]) -> JobDef:
        return self.deck.job_by_slug[obs["players"][self.seat]["job"]]

    def best_other_ratio(self, obs: dict[str, Any]) -> float:
        return max(
            float(p["slack"]) / max(1, p["goal"] or 1)
            for p in obs["players"]
            if p["seat"] != self.seat
        )

    def racing(self, obs: dict[str, Any]) -> bool:
        """Another seat is so close to its goal that holding back would hand it the game."""
        return any(
            (p["goal"] or 99) - p["slack"] <= self.race
            for p in obs["players"]
            if p["seat"] != self.seat
        )

    def can_play(self, card: CardDef, job: JobDef) -> bool:
        return not any(t in card.tags for t in job.cannot_play)

    def turn_potential(self, obs: dict[str, Any]) -> float:
        """The Slack this seat can expect to add in the rest of its turn, from its hand.

        Calls (until the Call People phase ends): Pets in full, invited People at
        their chance of being home. Free Time: the best set of Activities and at
        most one Shopping trip its Free Time and Income allow (Change in Couch,
        Narcolepsy and Compliment counted). Requirements are read from the
        cards: a Nookie needs an invited Person in the room (or one being
        called), an Activity needing a tag needs it in the room or among the
        Things in hand, a Job's Activity that Job.
        """
        me = obs["players"][self.seat]
        if obs["turn"] != self.seat:
            return 0.0
        job = self.job(obs)
        phase = obs["phase"]
        playable = [c for c in map(self.card, obs["hand"]) if self.can_play(c, job)]
        total = 0.0
        room = [self.card(c["card"]) for c in me["room"]]
        invited_here = any(c.invited for c in room)
        room_tags: set[str] = set()
        for c in room:
            room_tags |= c.tags
        if phase in ("draw", "roll", "call-people"):
            home = min(1.0, (6 - NOT_HOME + job.call_bonus) / 6)
            for c in playable:
                if c.kind == "Pet":
                    total += self.value(c, obs)
                elif c.invited:
                    total += home * self.value(c, obs)
                    invited_here = True
        if phase not in ("draw", "roll", "call-people", "free-time"):
            return total
        own = [
            e
            for c in playable
            if c.kind == "Whenever"
            for e in c.effects
            if e.target != "other" and e.amount > 0
        ]
        ft = int(obs["free_time"]) + sum(1 for e in own if e.kind == "free_time")
        income = int(obs["income"]) + sum(e.amount for e in own if e.kind == "income")
        total += sum(e.amount for e in own if e.kind == "slack")
        if ft <= 0:
            return total
        things = sorted(
            (c for c in playable if c.kind == "Thing"), key=lambda c: -(c.slack.a if c.slack else 0)
        )
        for c in things:
            room_tags |= c.tags  # bought first, they meet an Activity's tag
        acts = [
            c
            for c in playable
            if c.kind == "Activity"
            and (not c.requires.invited_person or invited_here)
            and all(t in room_tags for t in c.requires.tags_in_room)
            and (not c.requires.jobs or job.name in c.requires.jobs or job.slug in c.requires.jobs)
        ]
        acts.sort(key=lambda c: -self.value(c, obs))
        acts = acts[:ft]
        best = 0.0
        for k in range(len(acts) + 1):
            for chosen in itertools.combinations(acts, k):
                cost = sum(c.cost for c in chosen)
                if cost > income:
                    continue
                value = sum(self.value(c, obs) for c in chosen)
                if k < ft:  # a Free Time left for one Shopping trip
                    money = income - cost
                    for c in things:
                        if c.cost <= money:
                            money -= c.cost
                            value += c.slack.a if c.slack else 0
                best = max(best, value)
        return total + best

    def bursting(self, obs: dict[str, Any]) -> bool:
        """Whether this turn can take the seat to its goal (less ``reach``)."""
        me = obs["players"][self.seat]
        goal: int = me["goal"] or 99
        slack: int = me["slack"]
        return slack + self.turn_potential(obs) >= goal - self.reach

    def too_far_ahead(self, obs: dict[str, Any], gain: float) -> bool:
        """Whether ``gain`` more Slack would make this seat the clear leader, and it may wait."""
        if gain <= 0:
            return False
        me = obs["players"][self.seat]
        goal = max(1, me["goal"] or 1)
        if me["slack"] + gain >= goal:
            return False  # it wins
        ratio = (me["slack"] + gain) / goal
        if ratio <= self.start or ratio <= self.best_other_ratio(obs) + self.margin:
            return False
        return not (self.racing(obs) or self.bursting(obs))

    def gain_of(self, a: Action, obs: dict[str, Any]) -> float:
        """The Slack ``a`` adds to this seat's room on average (0 for anything else)."""
        if isinstance(a, Word) and a.word == "shop":
            return self.shopping_value(obs)
        if isinstance(a, Call) and a.seat == self.seat:
            card = self.card(a.slug)
            return self.value(card, obs) if card.kind == "Pet" or card.invited else 0.0
        if isinstance(a, CardAct) and a.verb in ("do", "buy"):
            gain = self.value(self.card(a.slug), obs)
            if a.verb == "buy":
                cart = (obs["prompt"] or {}).get("cart", [])
                gain += sum(slack.a if (slack := self.card(s).slack) else 0 for s in cart)
            return gain
        if isinstance(a, Play) and a.tseat == self.seat:
            card = self.card(a.slug)
            return float(sum(e.amount for e in card.effects if e.kind == "slack" and e.amount > 0))
        return 0.0

    # ---- cancels ---------------------------------------------------------------------
    def near_cancel(self, a: Play, obs: dict[str, Any]) -> bool:
        """A cancel of a play that would bring another seat within ``near`` of its goal."""
        card = self.card(a.slug)
        answering = (obs["prompt"] or {}).get("answering")
        if self.near < 0 or card.cancel is None or not answering:
            return False
        if answering["play"] == "Whenever" or answering["by"] == self.seat:
            return False
        worth = sum(
            slack.fixed_value() if (slack := self.card(s).slack) else 0 for s in answering["cards"]
        )
        them = obs["players"][answering["by"]]
        return worth > 0 and them["slack"] + worth >= (them["goal"] or 99) - self.near

    def defends(self, a: Play, obs: dict[str, Any]) -> bool:
        """A cancel of another seat's attack on this one.

        An unwanted Person called into its room, or a Whenever aimed at it that
        takes, spoils or discards its cards, or takes its Free Time.
        """
        card = self.card(a.slug)
        answering = (obs["prompt"] or {}).get("answering")
        stack = obs["stack"]
        if card.cancel is None or not answering or not stack or answering["by"] == self.seat:
            return False
        if stack[-1]["target"] != self.seat:
            return False
        cards = [self.card(c) for c in answering["cards"]]
        if answering["play"] == "Call":
            return any(c.unwanted for c in cards)
        if answering["play"] != "Whenever":
            return False
        return any(
            e.kind in ("take_thing", "discard_card")
            or (e.kind == "slack" and e.amount < 0)
            or (e.kind == "free_time" and e.target == "other")
            for c in cards
            for e in c.effects
        )

    def room_slack(self, a: Play, obs: dict[str, Any]) -> int:
        """The Slack of the room card a Whenever names (``1:beer#2``), 0 if not found."""
        if a.tseat < 0 or ":" not in a.target:
            return 0
        name = a.target.partition(":")[2].split(">")[0]
        slug, _, nth = name.partition("#")
        k = int(nth) if nth.isdigit() else 1
        seen = 0
        for c in obs["players"][a.tseat]["room"]:
            if c["card"] == slug:
                seen += 1
                if seen == k:
                    return int(c["slack"])
        return 0

    def next_turn_value(self, card: CardDef, obs: dict[str, Any]) -> float:
        """The Slack ``card`` can add on this seat's next turn for sure, 0 if it may not.

        An Activity whose cost the Job's lowest Income covers and whose
        requirements the room meets now, or a Thing that Income buys: the
        cards that a fresh draw would have to beat (``keep_slack``).
        """
        job = self.job(obs)
        if not self.can_play(card, job) or card.cost > job.income.a:
            return 0.0
        if card.kind == "Thing":
            return float(card.slack.a) if card.slack else 0.0
        if card.kind != "Activity":
            return 0.0
        room = [self.card(c["card"]) for c in obs["players"][self.seat]["room"]]
        tags = {t for c in room for t in c.tags}
        need = card.requires
        if (
            (need.invited_person and not any(c.invited for c in room))
            or not all(t in tags for t in need.tags_in_room)
            or (need.jobs and job.name not in need.jobs and job.slug not in need.jobs)
        ):
            return 0.0
        return self.value(card, obs)

    # ---- the decision ----------------------------------------------------------------
    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        if observation["turn"] != self.seat or observation["phase"] in ("draw", "roll"):
            self.held.clear()
        return super().act(observation, legal)

    def score(self, a: Action, obs: dict[str, Any], step: str, leader: int) -> float:
        base = super().score(a, obs, step, leader)
        if isinstance(a, Play):
            if base < 3.0 and self.near_cancel(a, obs):
                return 3.0
            if self.defend > base and self.defends(a, obs):
                return self.defend
        if base <= HOLD:
            return base
        if isinstance(a, Play) and self.aim and a.uid >= 0 and a.tseat != self.seat:
            base += self.aim * self.room_slack(a, obs)
        if isinstance(a, CardAct) and a.verb == "discard" and step == "discard":
            card = self.card(a.slug)
            if self.hold and a.slug in self.held:
                return HOLD
            if self.keep_slack < 99:
                cancels = sum(1 for s in obs["hand"] if self.card(s).cancel is not None)
                if (card.cancel is not None and cancels == 1) or (
                    self.next_turn_value(card, obs) >= self.keep_slack
                ):
                    return 4.0  # below ``done``: kept, with the last cancel
            if self.discard_all:
                base += 10.0  # above ``done`` (5) for every card: down to one
            if card.cancel is not None:
                base -= self.cancel_keep
            return base
        if self.hold and len(self.held) < self.max_held:
            gain = self.gain_of(a, obs)
            if gain > 0 and self.too_far_ahead(obs, gain):
                slug = getattr(a, "slug", None)
                if slug is not None:
                    self.held.add(slug)
                elif isinstance(a, Word):  # a Shopping trip: its Things
                    self.held.update(s for s in obs["hand"] if self.card(s).kind == "Thing")
                return HOLD
        return base
