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

* **Keep a cancel that answers finishing plays** (``rank``): the kept
  cancel's bonus is weighed by the plays it answers; Phone Rings and
  Cockblock (Sleep or Nookie cards only) were the kept card in 15% of its
  turns before, and used about once in twenty.
* **Stop a win without a cancel** (``finish``): a win counts the moment
  Slack reaches the goal, so a Whenever that takes Slack out of the
  finisher's room while its last play waits in a window (Spilled Drink,
  Bum, Borrowed for Good, Spring Cleaning, Bouncer) stops it as a cancel
  would; and a cancel answers a Whenever that could win (a Compliment,
  Borrowed for Good), which the heuristic reads as worth nothing. Both come
  up rarely (8 times in 800 games), but cost nothing.
* **Steal the biggest Thing** (``steal``): Borrowed for Good moves a
  Thing's Slack twice (from them, to this seat), so its score counts it.

* **Spend a cancel at once** (``eager``): on any other seat's Call,
  Shopping trip or Activity worth 1 Slack or more, not only on big,
  near-finishing or hostile plays. A kept cancel takes the place of a fresh
  card at every Draw phase until its play comes; spent, it takes Slack from
  a rival without adding any to this seat's (which only draws attacks), and
  the next Draw refills the place. The largest single gain found: about +1.3
  points on top of the three rules above.

* **Spend it on the right seat** (``patience``): ``eager`` asks 2 Slack
  more of a play for each seat still to play before this seat's turn,
  except on its ratio leader's plays: the seat just after this one no
  longer takes every cancel with its first Nap; the leader, or the last seat
  before this one's Draw phase (where a kept cancel would take a fresh
  card's place), gets it. +0.7 points over 14,000 games, better at each of
  four seeds (docs/bots.md, fifth round).

* **Buy the Things that raise Free Time or Income** (``engine``,
  ``keep_engine``): Free Time caps a turn (about one Activity a turn is
  discarded undone), so a Thing that gives +1 Free Time every turn
  (Espresso Machine) counts ``engine`` Slack for each turn still to come,
  +1 Income (Tip Jar) half that, and Energy Drink's +1 Free Time now the
  Activity it lets this turn do; such a Thing that next turn's Income buys
  is kept through the Discard phase. +0.7 points over 14,000 games, better
  at each of four seeds (docs/bots.md, sixth round).

* **Keep the card that adds most next turn** (``keep_next``): of the one
  card kept (``discard_all``), an Activity or Thing is weighed by the Slack
  it adds next turn for sure (the Job's lowest Income buys it, this room and
  Job allow it), not by this turn's Income left. +1.0 point over 14,000
  games, better at each of four seeds (docs/bots.md, seventh round).

* **A second card, the finisher last, the biggest target** (``keep_two``,
  ``late``, ``aim``): an Activity or Thing adding 3 Slack or more next turn
  for sure is kept besides the one card; a Compliment or Borrowed for Good
  (the plays no heuristic bot cancels) waits for the end of its Free Time,
  where it finishes the game instead of the cancellable last Activity; and
  an attack weighs the Slack of the room card it names three times as much.
  Together +0.52 points (±0.43, paired) over 30,000 games at eight seeds,
  +0.53 over the 16,000 games of the four seeds not used to choose them;
  none of the three alone was told apart from nothing (docs/bots.md,
  eighth round).

``rank``, ``finish`` and ``steal`` together: +1.3 to +1.8 points at three
seeds (10,000 games, 30.8% against 29.4%); with ``eager`` 31.3%, 32.5% and
31.9% at the same seeds (docs/bots.md).

**Why it still loses about 70% of its games: the leader tax.** Against
heuristic bots that never aim anything at this seat it comes first in 81%
of games (sends of evicted People alone: 50%, Whenevers alone: 48%,
unwanted Calls alone: 36%), so a better turn mostly buys more attacks: it
receives 9% more sends than a heuristic bot in its seat. What escapes the
tax is what lowers the others without raising this seat's visible Slack:
cancels and stopped wins.

Off by default, measured no better (within a point, docs/bots.md): aiming
at the seat with the least Slack to go (``target``) instead of the
heuristic's ratio leader, and keeping a card worth ``keep_slack`` Slack for
next turn besides the cancel; keeping every useful cancel while another
seat is within ``danger`` of its goal; splitting a Shopping trip worth 3
or more while a heuristic bot sees this seat as its leader (``split``: the
heuristic cancels its leader's plays worth 3, but most such trips are one
big Thing); dismissing evicted People that would be sent straight back
(``boomerang``); planning its own turn around the heuristic's cancels:
the refundable Shopping trip first (``shop_first``), Activities smallest
first (``ascending``), a Compliment or Borrowed for Good held as the
finishing play a heuristic bot never cancels (``reserve``). Kept as
settings so that the figures can be rerun. Likewise, from the fifth round:
reading the others' passes (``infer``: a heuristic bot that passes on a
play its rules cancel holds no cancel of that kind until it draws) and
leaving a play to a later seat whose heuristic cancels it (``defer``);
letting a far rival pass this seat's ratio to draw the attacks (``rod``,
``rod_big``); keeping the cancel while a third seat is near its goal
(``guard``), keeping Nobody Home (``spare_call``), keeping the Things of a
cancelled trip (``keep_back``), keeping Not So Fast besides the kept card
(``shield``), no ``patience`` for a seat at this one's ratio either
(``exempt_ahead``). From the sixth round: holding Narcolepsy while its Free
Time would buy nothing and keeping it for next turn (``spare_ft``), and
playing Second Wind only once both its cards fit the hand (``wind``).
From the seventh round: spending Free Time and Income by the best plan of
the turn instead of greedily (``plan``), and aiming at the seat expected to
reach its goal first at its Slack a turn so far (``target=pace``). From
the eighth round: the weight of the kept Activity or Thing against a
cancel (``next_bonus``).

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
from cardtable.games.chez_geek.actions import Call, CardAct, Play, Send, Word
from cardtable.games.chez_geek.bots import BIG_PLAY, HeuristicBot
from cardtable.games.chez_geek.cards import CardDef, JobDef

HOLD = -0.5  # the score of a held-back play: below ``done`` (0), above a harmful play
# how much of the plays that finish games a cancel answers, by what it cancels (``rank``)
COVERAGE = {
    "free_time": 1.0,  # TV cards: any Shopping trip or Activity
    "shopping": 0.8,
    "activity": 0.8,
    "whenever": 0.8,
    "call": 0.6,
    "tag": 0.0,  # Sleep or Nookie cards only: a dud to keep
}
EAGER = 2.5  # a cancel spent at once: above the heuristic's leader cancel (2), below ``near`` (3)
FINISH = 9.5  # above cancelling a finishing play (9.0): spend the Whenever, keep the cancel
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
        "rank",
        "finish",
        "steal",
        "danger",
        "split",
        "boomerang",
        "eager",
        "shop_first",
        "ascending",
        "reserve",
        "reserve_at",
        "defer",
        "infer",
        "rod",
        "guard",
        "spare_call",
        "keep_back",
        "rod_big",
        "patience",
        "shield",
        "exempt_ahead",
        "engine",
        "keep_engine",
        "spare_ft",
        "wind",
        "plan",
        "prior",
        "keep_next",
        "next_bonus",
        "keep_two",
        "late",
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
    aim: float = 0.3  # per point of Slack of the room card an attack takes or spoils
    target: str = "ratio"  # whom attacks go to: highest Slack ratio, or "needed": least Slack to go
    soon: float = 1.0  # with target "soon": Slack counted per seat before another's turn
    keep_slack: float = 99.0  # keep through the Discard phase a card worth this much next turn
    rank: float = 1.0  # weigh a cancel's keep bonus by the finishing plays it answers (0: alike)
    finish: bool = True  # stop a win in a window with a Whenever that takes the finisher's Slack
    steal: float = 1.0  # per point of Slack a Whenever moves from another room into this one
    danger: int = -1  # keep every useful cancel while another seat needs this or less (-1: off)
    split: bool = False  # split a Shopping trip worth 3 or more into smaller ones while exposed
    boomerang: int = 0  # 1: dismiss evicted People the room sent to would send back; 2: calls too
    eager: int = 1  # cancel any other seat's play worth this much Slack at once (-1: off)
    shop_first: bool = False  # take the Shopping trip before Activities when all are paid for
    ascending: bool = False  # do the Activities of the turn smallest first when all are paid for
    reserve: int = 0  # hold Slack Whenevers for the win: 1 Compliment, 2 also Borrowed for Good
    reserve_at: int = 99  # with ``reserve``: hold them only while this seat needs this or less
    defer: int = 0  # 1: leave a big play to a later seat whose heuristic cancels it; 2: near too
    infer: bool = False  # with ``defer``: not to a seat whose passes show it lacks that cancel
    rod: int = -1  # no eager cancel of a play that lifts a seat needing more than this past it
    guard: int = -1  # no eager cancel while a third seat needs this much Slack or less (-1: off)
    spare_call: bool = False  # no eager cancel of Calls: Nobody Home kept against unwanted guests
    keep_back: bool = False  # keep the Things of a cancelled Shopping trip for next turn
    rod_big: bool = False  # with ``rod``: nor the heuristic's cancel of its leader's big play
    patience: float = 2.0  # ``eager`` needs this much more per seat still to play before this one
    exempt_ahead: bool = False  # with ``patience``: no wait either for a seat at this one's ratio
    shield: int = 0  # keep Not So Fast besides the kept card (2: Nobody Home too), one of each
    engine: float = 3.0  # Slack per future turn of a Thing's +1 Free Time (Income: half), bought
    keep_engine: bool = True  # keep such a Thing through the Discard phase for next turn's trip
    spare_ft: int = 0  # 1: Narcolepsy only when its Free Time buys something, else kept; 2: +cancel
    wind: bool = False  # Second Wind only once both its cards fit the hand, before Free Time ends
    plan: int = 0  # 1: Free Time and Income spent by the best plan of the turn, not greedily
    prior: float = 2.0  # with target "pace": turns of 4 Slack each assumed before any is seen
    keep_next: bool = True  # the card kept (no cancel): by the Slack it adds next turn for sure
    next_bonus: float = 1.5  # with ``keep_next``: added to that Slack (a cancel's keep value is 4)
    keep_two: float = 3.0  # keep a second card: the Activity or Thing adding this much next turn
    late: bool = True  # Whenevers adding Slack to its room: last in its Free Time, as the finisher

    def __init__(self, game: Game, seat: int, seed: int | None = None, **settings: Any) -> None:
        super().__init__(game, seat, seed)
        apply_settings(self, "sandbag", self.SETTINGS, settings)
        if self.margin < 0 or self.race < 0 or self.max_held < 0:
            raise SettingError("sandbag needs margin, race and max_held >= 0")
        if self.target not in ("ratio", "needed", "soon", "pace"):
            raise SettingError("sandbag's target is ratio, needed, soon or pace")
        self.held: set[str] = set()  # cards held back this turn, kept through the Discard phase
        # what each other seat's passes show it lacks since its last draw (``infer``): cancel slugs
        self.lacks: dict[int, set[str]] = {}
        self.hands: dict[int, int] = {}  # each seat's hand size when last seen
        self.last_turn = -1
        self.pending: dict[str, Any] | None = None  # this seat's play waiting for its window
        self.cancels: list[str] = []  # the deck's cancel slugs, found once
        self.trip: list[str] = []  # the cart of this seat's last Shopping trip this turn
        self.turns_seen: dict[int, int] = {}  # turns each seat has begun (``target=pace``)
        self.pace_turn = -1  # the turn last seen, to count the turns begun since

    # ---- the position ----------------------------------------------------------------
    def leader(self, obs: dict[str, Any]) -> int:
        """The other seat attacks go to: by ``target``, the ratio leader or the nearest finish.

        Why a choice: the game is won by the first to reach its goal, and a seat
        with a big goal can be nearer that than the ratio leader (``needed``);
        ``soon`` also counts how many turns come before that seat's.
        """
        if self.target == "ratio":
            return super().leader(obs)
        if self.target == "pace":
            return self.pace_leader(obs)
        n = len(obs["players"])
        turn = int(obs["turn"])

        def key(p: dict[str, Any]) -> tuple[float, float]:
            needed = float((p["goal"] or 99) - p["slack"])
            if self.target == "soon":  # seats whose turn comes sooner count nearer
                needed += self.soon * ((p["seat"] - turn - 1) % n)
            return (needed, -p["slack"] / max(1, p["goal"] or 1))

        others = [p for p in obs["players"] if p["seat"] != self.seat]
        return int(min(others, key=key)["seat"])

    def count_turns(self, obs: dict[str, Any]) -> None:
        """Count the turns each seat has begun: every seat from the last turn seen to this one."""
        n = len(obs["players"])
        turn = int(obs["turn"])
        if self.pace_turn < 0:
            for s in range(turn + 1):  # the seats before the first turn seen have had theirs
                self.turns_seen[s] = 1
        else:
            s = self.pace_turn
            while s != turn:
                s = (s + 1) % n
                self.turns_seen[s] = self.turns_seen.get(s, 0) + 1
        self.pace_turn = turn

    def finish_time(self, p: dict[str, Any], obs: dict[str, Any]) -> float:
        """Turns of play (any seat's) until seat ``p`` reaches its goal at its Slack a turn so far.

        Its rate is its Slack over its turns done, with ``prior`` turns of 4
        Slack added; its own turns still needed are spread over rounds of
        ``n`` turns, counted from its next turn.
        """
        n = len(obs["players"])
        seat = int(p["seat"])
        turn = int(obs["turn"])
        done = max(0, self.turns_seen.get(seat, 0) - (1 if seat == turn else 0))
        rate = max(1.0, (float(p["slack"]) + 4.0 * self.prior) / (done + self.prior))
        needed = max(0.0, float((p["goal"] or 99) - p["slack"]))
        first = (seat - turn) % n  # 0: its turn now
        return first + n * max(0.0, needed / rate - 1.0)

    def pace_leader(self, obs: dict[str, Any]) -> int:
        """The other seat expected to reach its goal first (``target=pace``).

        Why: the game goes to the first seat to reach its goal, so what
        raises this seat's chance most is slowing the seat expected to get
        there first, counting Slack a turn and turn order, not the Slack
        ratio alone (the heuristic's leader).
        """
        others = [p for p in obs["players"] if p["seat"] != self.seat]
        return int(min(others, key=lambda p: (self.finish_time(p, obs), p["seat"]))["seat"])

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

    # ---- its own economy (``engine``) ----------------------------------------------------
    def turns_ahead(self, obs: dict[str, Any]) -> float:
        """Own turns still to come after this one, about 4 Slack a turn, at most 3."""
        me = obs["players"][self.seat]
        needed = float((me["goal"] or 99) - me["slack"])
        return max(0.0, min(3.0, needed / 4.0 - 1.0))

    def spare_activity(self, obs: dict[str, Any], ft: int) -> float:
        """The Slack of the best Activity in hand that ``ft`` Free Time leaves undone."""
        job = self.job(obs)
        values = sorted(
            (
                self.value(c, obs)
                for c in map(self.card, obs["hand"])
                if c.kind == "Activity" and self.can_play(c, job) and c.cost <= obs["income"]
            ),
            reverse=True,
        )
        return values[ft] if 0 <= ft < len(values) else 0.0

    def engine_bonus(self, card: CardDef, obs: dict[str, Any], ft: int) -> float:
        """What a Thing's Free Time or Income is worth beyond its Slack (``engine``).

        Why: Free Time is what caps a turn (about one Activity a turn is
        discarded undone), so a Thing that gives +1 Free Time every turn
        (Espresso Machine) or +1 Income (Tip Jar) is worth Slack on each turn
        to come, and Energy Drink's +1 Free Time now is worth the Activity it
        lets this turn do; the heuristic buys by printed Slack only.
        """
        if self.engine <= 0 or card.kind != "Thing":
            return 0.0
        bonus = 0.0
        for e in card.effects:
            if e.amount <= 0 or e.kind not in ("free_time", "income"):
                continue
            if e.duration == "stay":
                share = 1.0 if e.kind == "free_time" else 0.5
                bonus += self.engine * share * e.amount * self.turns_ahead(obs)
            elif e.kind == "free_time":
                bonus += e.amount * self.spare_activity(obs, ft)
        return bonus

    def doable(self, card: CardDef, obs: dict[str, Any]) -> bool:
        """An Activity this seat can do now: its Job, Income and room allow it."""
        job = self.job(obs)
        if card.kind != "Activity" or not self.can_play(card, job) or card.cost > obs["income"]:
            return False
        room = [self.card(c["card"]) for c in obs["players"][self.seat]["room"]]
        tags = {t for c in room for t in c.tags}
        need = card.requires
        return not (
            (need.invited_person and not any(c.invited for c in room))
            or not all(t in tags for t in need.tags_in_room)
            or (need.jobs and job.name not in need.jobs and job.slug not in need.jobs)
        )

    def free_time_card(self, card: CardDef) -> bool:
        """A Whenever that gives this seat +1 Free Time now (Narcolepsy)."""
        return card.kind == "Whenever" and any(
            e.kind == "free_time" and e.target == "self" and e.amount > 0 for e in card.effects
        )

    def wasted_free_time(self, a: Play, obs: dict[str, Any]) -> bool:
        """Narcolepsy with nothing left in hand to spend its Free Time on (``spare_ft``).

        Why: Free Time caps a turn, so +1 Free Time on a turn whose hand has
        a spare Activity is worth that Activity; played on a turn with
        nothing left to do it is lost, and kept it is next turn's.
        """
        if not self.spare_ft or not self.free_time_card(self.card(a.slug)):
            return False
        if obs["turn"] != self.seat:
            return False
        if int(obs["free_time"]) > 0:
            return True  # the Free Time there is not spent yet: wait
        if any(self.value(c, obs) > 0 and self.doable(c, obs) for c in map(self.card, obs["hand"])):
            return False
        return self.shopping_value(obs) <= 0

    def early_wind(self, a: Play, obs: dict[str, Any]) -> bool:
        """Second Wind played while the hand has no room for both its cards (``wind``).

        Why: it draws 2 but never above the hand size, so played straight
        after the Draw phase it draws 0 or 1; after the Calls and the first
        plays of Free Time it draws 2 that this turn's Free Time can still use.
        """
        card = self.card(a.slug)
        if not self.wind or obs["turn"] != self.seat:
            return False
        if not any(e.kind == "draw" for e in card.effects):
            return False
        room = self.job(obs).hand_size - (len(obs["hand"]) - 1)
        if room >= 2:
            return False
        return obs["phase"] != "free-time" or int(obs["free_time"]) > 0

    def shopping_value(self, obs: dict[str, Any]) -> float:
        if self.engine <= 0:
            return super().shopping_value(obs)
        ft = int(obs["free_time"]) - 1  # this trip takes one
        things = sorted(
            (self.card(s) for s in obs["hand"] if self.card(s).kind == "Thing"),
            key=lambda c: -((c.slack.a if c.slack else 0) + self.engine_bonus(c, obs, ft)),
        )
        money = obs["income"]
        total = 0.0
        for c in things:
            if c.cost <= money:
                money -= c.cost
                total += (c.slack.a if c.slack else 0) + self.engine_bonus(c, obs, ft)
        return total

    def keep_value(self, card: CardDef, obs: dict[str, Any]) -> float:
        """With ``keep_next``: an Activity or Thing kept by what it adds next turn for sure.

        Why: the heuristic weighs a Thing by this turn's Income left (about 1
        at the Discard phase) and an Activity by its Slack whether or not next
        turn's Income, room and Job allow it; next turn starts with the Job's
        lowest Income and this room.
        """
        if not self.keep_next or card.kind not in ("Thing", "Activity"):
            return super().keep_value(card, obs)
        return self.next_bonus + self.next_turn_value(card, obs)

    def second_keep(self, obs: dict[str, Any]) -> str:
        """The Activity or Thing kept besides the one card (``keep_two``), "" if none.

        The one adding the most Slack next turn for sure, if that is at least
        ``keep_two``: a card that a fresh draw would seldom beat.
        """
        best, slug = self.keep_two, ""
        for s in sorted(obs["hand"]):
            v = self.next_turn_value(self.card(s), obs)
            if v >= best and (v > best or not slug):
                best, slug = v, s
        return slug

    # ---- the turn's plan (``plan``) ------------------------------------------------------
    def stay_bonus(self, card: CardDef, obs: dict[str, Any]) -> float:
        """``engine_bonus`` of a Thing's every-turn Free Time or Income only (not this turn's)."""
        if self.engine <= 0 or card.kind != "Thing":
            return 0.0
        bonus = 0.0
        for e in card.effects:
            if e.amount > 0 and e.duration == "stay" and e.kind in ("free_time", "income"):
                share = 1.0 if e.kind == "free_time" else 0.5
                bonus += self.engine * share * e.amount * self.turns_ahead(obs)
        return bonus

    def best_plan(
        self, obs: dict[str, Any], in_trip: bool
    ) -> tuple[float, list[CardDef], list[CardDef]]:
        """The Activities and the Things of one Shopping trip that give most Slack this turn.

        Why (``plan``): Free Time caps a turn and the heuristic spends it and
        the Income greedily, one play at a time: a costly Activity can leave
        the Things unbought, a trip can spend the Income an Activity needed.
        This searches every affordable set of Things (one trip; the Free Time
        and Income they give this turn, the tags they bring for Activities)
        and, for each, the best set of Activities the Free Time and Income
        left allow. Returns (value, Activities, Things), Things best first.
        In a trip (``in_trip``) its Free Time is paid; the cart counts as bought.
        """
        me = obs["players"][self.seat]
        job = self.job(obs)
        hand = [c for c in map(self.card, obs["hand"]) if self.can_play(c, job)]
        ft = int(obs["free_time"])
        income = int(obs["income"])
        room = [self.card(c["card"]) for c in me["room"]]
        tags: set[str] = {t for c in room for t in c.tags}
        invited = any(c.invited for c in room)
        if in_trip:
            for c in map(self.card, (obs["prompt"] or {}).get("cart", [])):
                tags |= c.tags
                for e in c.effects:
                    if e.duration == "turn" and e.amount > 0 and e.target != "other":
                        ft += e.amount if e.kind == "free_time" else 0
                        income += e.amount if e.kind == "income" else 0

        def thing_value(c: CardDef) -> float:
            return (c.slack.a if c.slack else 0) + self.stay_bonus(c, obs)

        things = sorted(
            (c for c in hand if c.kind == "Thing" and c.cost <= income),
            key=lambda c: -thing_value(c),
        )[:7]
        acts = sorted(
            (
                c
                for c in hand
                if c.kind == "Activity"
                and self.value(c, obs) > 0
                and (invited or not c.requires.invited_person)
                and (
                    not c.requires.jobs
                    or job.name in c.requires.jobs
                    or job.slug in c.requires.jobs
                )
            ),
            key=lambda c: -self.value(c, obs),
        )[:8]
        best: tuple[float, float, list[CardDef], list[CardDef]] = (0.0, 0.0, [], [])
        for k in range(len(things) + 1):
            for bought in itertools.combinations(things, k):
                cost = sum(c.cost for c in bought)
                if cost > income or (bought and not in_trip and ft < 1):
                    continue
                f = ft - (1 if bought and not in_trip else 0)
                money = income - cost
                have = set(tags)
                value = 0.0
                for c in bought:
                    have |= c.tags
                    value += thing_value(c)
                    for e in c.effects:
                        if e.duration == "turn" and e.amount > 0 and e.target != "other":
                            f += e.amount if e.kind == "free_time" else 0
                            money += e.amount if e.kind == "income" else 0
                able = [a for a in acts if all(t in have for t in a.requires.tags_in_room)]
                top: tuple[float, float, list[CardDef]] = (0.0, 0.0, [])
                for m in range(min(f, len(able)), -1, -1):
                    for done in itertools.combinations(able, m):
                        spent = sum(c.cost for c in done)
                        if spent > money:
                            continue
                        got = sum(self.value(c, obs) for c in done)
                        if (got, money - spent) > top[:2]:
                            top = (got, float(money - spent), list(done))
                total = value + top[0]
                if (total, top[1]) > best[:2]:
                    best = (total, top[1], list(top[2]), list(bought))
        return best[0], best[2], best[3]

    def planned(self, obs: dict[str, Any], legal: Sequence[Action], choice: Action) -> Action:
        """The Free Time or Shopping move that follows the turn's best plan (``best_plan``)."""
        step = (obs["prompt"] or {}).get("step")
        if step == "shopping":
            _, _, things = self.best_plan(obs, in_trip=True)
            slugs = [c.slug for c in things]
            buys = [a for a in legal if isinstance(a, CardAct) and a.verb == "buy"]
            for slug in slugs:
                for a in buys:
                    if a.slug == slug:
                        return a
            return next((a for a in legal if isinstance(a, Word) and a.word == "checkout"), choice)
        if step != "free-time" or isinstance(choice, Play):
            return choice
        _, acts, things = self.best_plan(obs, in_trip=False)
        names = {c.slug for c in acts}
        dos = [a for a in legal if isinstance(a, CardAct) and a.verb == "do" and a.slug in names]
        shop = next((a for a in legal if isinstance(a, Word) and a.word == "shop"), None)
        if things and shop is not None:
            # the trip first when the plan's Activities need it (tags, Free Time, Income)
            need = any(
                not all(
                    any(t in self.card(c["card"]).tags for c in obs["players"][self.seat]["room"])
                    for t in a.requires.tags_in_room
                )
                for a in acts
            ) or any(e.duration == "turn" and e.amount > 0 for c in things for e in c.effects)
            if need or not dos:
                return shop
        if isinstance(choice, CardAct) and choice.verb == "do" and choice.slug in names:
            return choice
        if isinstance(choice, Word) and choice.word == "shop" and things:
            return choice
        if dos:
            return max(dos, key=lambda a: (self.value(self.card(a.slug), obs), a.slug))
        if things and shop is not None:
            return shop
        return next((a for a in legal if isinstance(a, Word) and a.word == "done"), choice)

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

    def eager_cancel(self, a: Play, obs: dict[str, Any]) -> bool:
        """A cancel of another seat's Call, Shopping trip or Activity worth ``eager`` or more.

        Why: a cancel kept for a big or finishing play takes the place of a
        fresh card at every Draw phase until that play comes; spent at once,
        it takes Slack from a rival without adding any to this seat's visible
        Slack (which only draws the heuristic bots' attacks, docs/bots.md)
        and the next Draw fills its place. Spending it on the first play
        worth 1 or more came first in 33.2% of 2,000 games where holding it
        for the heuristic's cases did 30.1% (seed 7000).

        With ``patience``, a play of a seat other than its ratio leader must
        be worth ``patience`` more per seat still to play before this seat's
        turn: the cancel waits for the leader, or for the last seat before
        its Draw phase, instead of going to the next seat's first play.
        """
        answering = (obs["prompt"] or {}).get("answering")
        if self.eager < 0 or self.card(a.slug).cancel is None or not answering:
            return False
        if answering["by"] == self.seat or answering["play"] == "Whenever":
            return False
        worth = sum(
            slack.fixed_value() if (slack := self.card(s).slack) else 0 for s in answering["cards"]
        )
        need = float(self.eager)
        by = answering["by"]
        if self.patience > 0 and by != self.leader(obs) and not self.ahead_of_me(by, obs):
            n = len(obs["players"])
            need += self.patience * ((self.seat - by - 1) % n)  # seats still to play before mine
        return worth >= need

    def ahead_of_me(self, seat: int, obs: dict[str, Any]) -> bool:
        """With ``exempt_ahead``: ``seat``'s Slack-to-goal ratio is at least this seat's."""
        if not self.exempt_ahead:
            return False
        them, me = obs["players"][seat], obs["players"][self.seat]
        return bool(
            them["slack"] / max(1, them["goal"] or 1) >= me["slack"] / max(1, me["goal"] or 1)
        )

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

    # ---- stopping a win without a cancel ----------------------------------------------
    def takes_from(self, a: Play, seat: int, obs: dict[str, Any]) -> int:
        """The Slack the Whenever ``a`` takes out of ``seat``'s room (0 if none).

        Taking or discarding its room card, spoiling a Thing (at most the
        card's Slack), moving an invited Person out or an unwanted one in.
        """
        if a.tseat != seat and a.dest != seat:
            return 0
        got = 0
        for e in self.card(a.slug).effects:
            if a.tseat == seat and e.kind in ("take_thing", "discard_card"):
                got = max(got, self.room_slack(a, obs))
            elif a.tseat == seat and e.kind == "slack" and e.amount < 0:
                got = max(got, min(-e.amount, self.room_slack(a, obs)))
            elif e.kind == "move_person":
                moved = self.room_slack(a, obs)
                if a.tseat == seat and a.dest != seat and moved > 0:
                    got = max(got, moved)
                elif a.dest == seat and a.tseat != seat and moved < 0:
                    got = max(got, -moved)
        return got

    def stops_win(self, a: Play, obs: dict[str, Any]) -> bool:
        """In a window on another seat's play that would reach its goal, ``a`` keeps it short.

        Why: a win counts the moment Slack reaches the goal, so Slack taken out
        of the finisher's room while its last play waits in the window stops
        the win as a cancel would (``finish``).
        """
        answering = (obs["prompt"] or {}).get("answering")
        if not answering or answering["by"] == self.seat or self.card(a.slug).cancel is not None:
            return False
        by = answering["by"]
        if answering["play"] == "Whenever":
            worth = self.whenever_gain(obs)
        else:
            worth = sum(
                slack.fixed_value() if (slack := self.card(s).slack) else 0
                for s in answering["cards"]
            )
        them = obs["players"][by]
        goal = int(them["goal"] or 99)
        after = int(them["slack"]) + worth
        return goal <= after < goal + self.takes_from(a, by, obs)

    # ---- staying under the heuristic's cancel line -------------------------------------
    def exposed(self, obs: dict[str, Any]) -> bool:
        """Whether some other seat sees this one as its leader (``HeuristicBot.leader``).

        It is the leader of every seat but the one ahead of it when at most one
        other seat has a higher Slack-to-goal ratio.
        """
        me = obs["players"][self.seat]
        mine = me["slack"] / max(1, me["goal"] or 1)
        ahead = sum(
            1
            for p in obs["players"]
            if p["seat"] != self.seat and p["slack"] / max(1, p["goal"] or 1) > mine
        )
        return ahead <= 1

    def doable_activities(self, obs: dict[str, Any], income: int) -> int:
        """How many Activities in hand this seat could still do with ``income`` left."""
        job = self.job(obs)
        room = [self.card(c["card"]) for c in obs["players"][self.seat]["room"]]
        tags = {t for c in room for t in c.tags}
        invited = any(c.invited for c in room)
        count = 0
        for c in map(self.card, obs["hand"]):
            need = c.requires
            if (
                c.kind == "Activity"
                and self.can_play(c, job)
                and c.cost <= income
                and (invited or not need.invited_person)
                and all(t in tags for t in need.tags_in_room)
                and (not need.jobs or job.name in need.jobs or job.slug in need.jobs)
            ):
                count += 1
        return count

    def splits(self, a: CardAct, obs: dict[str, Any]) -> bool:
        """Whether buying ``a`` should wait for another Shopping trip (``split``).

        Why: a heuristic bot cancels its leader's plays worth 3 Slack or more
        (``BIG_PLAY``) when it holds the cancel; measured against heuristic
        bots that never cancel this seat's plays short of its goal, those
        cancels cost this bot about 3 points of first places. A cart of two
        Things worth 2 is cancelled, two trips of one are not; a spare Free
        Time (no Activity left to use it on) pays for the second trip.
        """
        cart = (obs["prompt"] or {}).get("cart", [])
        if not cart or not self.exposed(obs):
            return False
        worth = sum(slack.a if (slack := self.card(s).slack) else 0 for s in cart)
        card = self.card(a.slug)
        if worth + (card.slack.a if card.slack else 0) < 3:
            return False
        me = obs["players"][self.seat]
        if me["slack"] + worth >= (me["goal"] or 99):
            return False  # the cart already wins
        left = int(obs["income"])
        return int(obs["free_time"]) >= 1 + self.doable_activities(obs, left)

    def leader_of(self, seat: int, obs: dict[str, Any]) -> int:
        """The seat a heuristic bot at ``seat`` attacks: its ratio leader (as ``leader``)."""
        others = [p for p in obs["players"] if p["seat"] != seat]
        best = max(others, key=lambda p: (p["slack"] / max(1, p["goal"] or 1), -p["seat"]))
        return int(best["seat"])

    def comes_back(self, seat: int, obs: dict[str, Any]) -> bool:
        """Whether an unwanted Person sent to ``seat`` would be sent on to this seat.

        Why (``boomerang``): every heuristic bot sends the unwanted People it
        evicts to its ratio leader; against heuristic bots that never send
        this seat anyone, this bot came first in about half its games, not
        30%. A Person sent to a seat whose leader is this one comes back.
        """
        return self.leader_of(seat, obs) == self.seat

    def in_danger(self, obs: dict[str, Any]) -> bool:
        """Another seat needs ``danger`` Slack or less: one cancel may not be enough."""
        return any(
            (p["goal"] or 99) - p["slack"] <= self.danger
            for p in obs["players"]
            if p["seat"] != self.seat
        )

    def whenever_gain(self, obs: dict[str, Any]) -> int:
        """The most Slack the Whenever being answered can add to the room of the seat playing it.

        A Compliment its Slack; Borrowed for Good the biggest Thing, Bouncer the
        biggest invited Person, of the room it names. A Whenever's cards do not
        say this, and a heuristic bot reads them as worth nothing, so none of
        them cancels a Whenever that wins the game (the sample game in
        docs/bots.md ends so).
        """
        answering = (obs["prompt"] or {}).get("answering")
        stack = obs["stack"]
        if not answering or answering["play"] != "Whenever" or not stack:
            return 0
        by = answering["by"]
        tseat = stack[-1]["target"]
        gain = 0
        for slug in answering["cards"]:
            for e in self.card(slug).effects:
                if e.kind == "slack" and e.amount > 0:
                    gain = max(gain, e.amount)
                elif e.kind in ("take_thing", "move_person") and tseat is not None and tseat != by:
                    if e.kind == "take_thing" and e.to != "room":
                        continue
                    kind = "Thing" if e.kind == "take_thing" else "Person"
                    gain = max(
                        [gain]
                        + [
                            int(c["slack"])
                            for c in obs["players"][tseat]["room"]
                            if self.card(c["card"]).kind == kind
                        ]
                    )
        return gain

    def stops_whenever_win(self, a: Play, obs: dict[str, Any]) -> bool:
        """A cancel of another seat's Whenever that could bring it to its goal (``finish``)."""
        answering = (obs["prompt"] or {}).get("answering")
        if self.card(a.slug).cancel is None or not answering or answering["by"] == self.seat:
            return False
        if answering["play"] != "Whenever":
            return False
        them = obs["players"][answering["by"]]
        return int(them["slack"]) + self.whenever_gain(obs) >= int(them["goal"] or 99)

    def coverage(self, card: CardDef) -> float:
        """The share of finishing plays the cancel ``card`` answers (``COVERAGE``)."""
        return COVERAGE.get(card.cancel.target, 0.5) if card.cancel is not None else 0.0

    # ---- what the others' passes show (``infer``) and leaving a cancel to them (``defer``)
    def answers(self, card: CardDef, play: str, cards: Sequence[str]) -> bool:
        """Whether the cancel ``card`` answers a ``play`` of ``cards`` (as ``effects.cancel``)."""
        e = card.cancel
        if e is None:
            return False
        if e.target == "call":
            return play == "Call"
        if e.target == "shopping":
            return play == "Shopping trip"
        if e.target == "activity":
            return play == "Activity"
        if e.target == "free_time":
            return play in ("Shopping trip", "Activity")
        if e.target == "whenever":
            return play == "Whenever"
        return any(e.tag in self.card(s).tags for s in cards)

    def cancel_slugs(self) -> list[str]:
        """The deck's cancels (printed on the cards: public)."""
        if not self.cancels:
            cards = self.deck.card_by_slug.items()
            self.cancels = sorted(s for s, c in cards if c.cancel is not None)
        return self.cancels

    def worth(self, cards: Sequence[str]) -> int:
        """The Slack a play of ``cards`` is worth as the heuristic reads it."""
        return sum(slack.fixed_value() if (slack := self.card(s).slack) else 0 for s in cards)

    def would_cancel(
        self, seat: int, by: int, play: str, cards: Sequence[str], obs: dict[str, Any]
    ) -> bool:
        """Whether a heuristic bot at ``seat`` cancels this play of ``by`` when it can.

        ``HeuristicBot.play_score``: a play that reaches the goal, or its
        leader's play worth ``BIG_PLAY`` or more (a Whenever only to protect
        its own play, not counted here).
        """
        if play == "Whenever" or seat == by:
            return False
        worth = self.worth(cards)
        them = obs["players"][by]
        if int(them["slack"]) + worth >= int(them["goal"] or 99):
            return True
        return worth >= BIG_PLAY and self.leader_of(seat, obs) == by

    def learn(self, seat: int, play: str, cards: Sequence[str]) -> None:
        """``seat`` passed on a play its heuristic cancels: it holds no cancel that answers it."""
        lacks = self.lacks.setdefault(seat, set())
        lacks.update(s for s in self.cancel_slugs() if self.answers(self.card(s), play, cards))

    def may_hold(self, seat: int, play: str, cards: Sequence[str]) -> bool:
        """Whether ``seat`` may hold a cancel of this play, by its hand size and its passes."""
        if self.hands.get(seat, 1) <= 0:
            return False
        lacks = self.lacks.get(seat, set())
        return any(
            s not in lacks for s in self.cancel_slugs() if self.answers(self.card(s), play, cards)
        )

    def observe(self, obs: dict[str, Any]) -> None:
        """Update what the passes show (``infer``): windows seen, and this seat's last play.

        A seat that drew (its turn came, or its hand grew) may hold anything again.
        """
        n = len(obs["players"])
        me = self.seat
        turn = int(obs["turn"])
        if self.last_turn >= 0 and turn != self.last_turn:
            s = self.last_turn
            while s != turn:
                s = (s + 1) % n
                self.lacks.pop(s, None)
        self.last_turn = turn
        for p in obs["players"]:
            if int(p["hand"]) > self.hands.get(p["seat"], 99):
                self.lacks.pop(p["seat"], None)
            self.hands[p["seat"]] = int(p["hand"])
        stack = obs["stack"]
        if self.pending is not None:
            mine = self.pending
            self.pending = None
            at = next(
                (
                    i
                    for i, e in enumerate(stack)
                    if e["by"] == me and e["play"] == mine["play"] and e["cards"] == mine["cards"]
                ),
                None,
            )
            answered = stack[at + 1]["by"] if at is not None and at + 1 < len(stack) else None
            for x in [(me + i) % n for i in range(1, n)]:
                if x == answered:
                    break
                if x in mine["would"]:
                    self.learn(x, mine["play"], mine["cards"])
        answering = (obs["prompt"] or {}).get("answering")
        if answering and answering["by"] != me and stack and stack[-1]["by"] == answering["by"]:
            by = answering["by"]
            for x in [(by + i) % n for i in range(1, n)]:
                if x == me:
                    break
                if self.would_cancel(x, by, answering["play"], answering["cards"], obs):
                    self.learn(x, answering["play"], answering["cards"])

    def announces(self, choice: Action, obs: dict[str, Any]) -> None:
        """Remember this seat's play and who would cancel it, to read the window (``infer``)."""
        play: str | None = None
        cards: list[str] = []
        if isinstance(choice, Call):
            play, cards = "Call", [choice.slug]
        elif isinstance(choice, CardAct) and choice.verb == "do":
            play, cards = "Activity", [choice.slug]
        elif isinstance(choice, Word) and choice.word == "checkout":
            play, cards = "Shopping trip", list((obs["prompt"] or {}).get("cart", []))
        if play is None or not cards:
            return
        n = len(obs["players"])
        would = {
            x
            for x in range(n)
            if x != self.seat and self.would_cancel(x, self.seat, play, cards, obs)
        }
        self.pending = {"play": play, "cards": cards, "would": would}

    def deferred(self, a: Play, obs: dict[str, Any]) -> bool:
        """Leave this play to a later seat in the window whose heuristic cancels it (``defer``).

        Why: a heuristic bot cancels its leader's plays worth 3 or more; its
        cancel spent on another seat's play is one not spent on this seat's,
        and this seat's cancel stays for the next play. Not for a play that
        wins the game. With ``infer``, not to a seat whose passes show it
        holds no such cancel, nor to one with no cards.
        """
        answering = (obs["prompt"] or {}).get("answering")
        if not answering or answering["play"] == "Whenever" or answering["by"] == self.seat:
            return False
        if self.card(a.slug).cancel is None:
            return False
        by, play, cards = answering["by"], answering["play"], answering["cards"]
        them = obs["players"][by]
        if int(them["slack"]) + self.worth(cards) >= int(them["goal"] or 99):
            return False
        n = len(obs["players"])
        order = [(by + i) % n for i in range(1, n)]
        for y in order[order.index(self.seat) + 1 :]:
            if int(obs["players"][y]["hand"]) <= 0:
                continue
            if self.infer and not self.may_hold(y, play, cards):
                continue
            if self.would_cancel(y, by, play, cards, obs):
                return True
        return False

    def lifts_rod(self, a: Play, obs: dict[str, Any]) -> bool:
        """The play lifts its seat past this one's Slack ratio while it is still far (``rod``).

        Why: every heuristic bot attacks the seat with the best ratio among
        the others; a rival ahead draws the attacks this seat would.
        """
        answering = (obs["prompt"] or {}).get("answering")
        if self.rod < 0 or not answering or answering["play"] == "Whenever":
            return False
        them = obs["players"][answering["by"]]
        goal = int(them["goal"] or 99)
        after = int(them["slack"]) + self.worth(answering["cards"])
        if goal - after <= self.rod:
            return False
        me = obs["players"][self.seat]
        return after / goal > float(me["slack"]) / max(1, me["goal"] or 1)

    def cancel_of(self, a: Play) -> bool:
        return self.card(a.slug).cancel is not None

    def guarding(self, a: Play, obs: dict[str, Any]) -> bool:
        """Keep the cancel for later (``guard``: a third seat near its goal; ``spare_call``)."""
        answering = (obs["prompt"] or {}).get("answering")
        if not answering:
            return False
        if self.spare_call and answering["play"] == "Call":
            return True
        if self.guard < 0:
            return False
        return any(
            int(p["goal"] or 99) - int(p["slack"]) <= self.guard
            for p in obs["players"]
            if p["seat"] not in (self.seat, answering["by"])
        )

    def shields(self, card: CardDef, obs: dict[str, Any]) -> bool:
        """A defending cancel kept besides the one card (``shield``): one copy of each.

        Why: the heuristic bots' Whenevers on this seat (Get a Life, Spilled
        Drink, Bum …) and unwanted People called into its room cost it more than
        any other attack short of sends; ``eager`` spends its kept cancel on the
        first play of another seat, so it seldom holds Not So Fast when they come.
        """
        target = card.cancel.target if card.cancel is not None else ""
        if target != "whenever" and (self.shield < 2 or target != "call"):
            return False
        return bool(obs["hand"].count(card.slug) == 1)  # of two copies, one is discarded first

    def best_cancel(self, obs: dict[str, Any]) -> str:
        """The cancel in hand that answers most finishing plays (``coverage``)."""
        cancels = [s for s in obs["hand"] if self.card(s).cancel is not None]
        return max(cancels, key=lambda s: self.coverage(self.card(s)), default="")

    def keeps_engine(self, card: CardDef, obs: dict[str, Any]) -> bool:
        """A Thing giving Free Time or Income every turn, to buy next turn (``keep_engine``)."""
        return (
            self.keep_engine
            and card.kind == "Thing"
            and any(e.duration == "stay" and e.amount > 0 for e in card.effects)
            and self.turns_ahead(obs) >= 1.0
            and self.next_turn_value(card, obs) > 0
        )

    def came_back(self, card: CardDef, obs: dict[str, Any]) -> bool:
        """A Thing of this turn's cancelled Shopping trip, to buy next turn (``keep_back``)."""
        return (
            self.keep_back
            and card.kind == "Thing"
            and card.slug in self.trip
            and self.next_turn_value(card, obs) > 0
        )

    # ---- the decision ----------------------------------------------------------------
    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        if observation["turn"] != self.seat or observation["phase"] in ("draw", "roll"):
            self.held.clear()
        if self.infer:
            self.observe(observation)
        if self.target == "pace":
            self.count_turns(observation)
        choice = super().act(observation, legal)
        if self.plan and observation["turn"] == self.seat and len(legal) > 1:
            choice = self.planned(observation, legal, choice)
        if self.infer:
            self.announces(choice, observation)
        if observation["turn"] != self.seat:
            self.trip = []
        elif isinstance(choice, Word) and choice.word == "checkout":
            self.trip = list((observation["prompt"] or {}).get("cart", []))
        if (self.shop_first or self.ascending) and (
            (isinstance(choice, Word) and choice.word == "shop")
            or (isinstance(choice, CardAct) and choice.verb == "do")
        ):
            return self.bait_order(observation, legal, choice)
        return choice

    def trip_cost(self, obs: dict[str, Any], money: int) -> int:
        """The Income the heuristic's Shopping trip spends of ``money`` (biggest Things first)."""
        things = sorted(
            (self.card(s) for s in obs["hand"] if self.card(s).kind == "Thing"),
            key=lambda c: -(c.slack.a if c.slack else 0),
        )
        spent = 0
        for c in things:
            if c.cost <= money - spent:
                spent += c.cost
        return spent

    def bait_order(self, obs: dict[str, Any], legal: Sequence[Action], choice: Action) -> Action:
        """The Free Time play to make first when this turn's Free Time and Income pay for all.

        Why: a heuristic bot cancels the first play worth 3 or more of its
        leader, and any play that reaches the goal, with whatever cancel it
        holds. A cancelled Shopping trip gives its Things and Income back
        (only the Free Time is lost, and a spare one buys the same Things
        again), a cancelled Activity loses its card: so the trip goes first
        (``shop_first``), and Activities go smallest first (``ascending``), so
        that a cancel lands on the cheapest play and the biggest comes last.
        Only when the order cannot change what the turn buys.
        """
        dos = [
            a
            for a in legal
            if isinstance(a, CardAct) and a.verb == "do" and self.value(self.card(a.slug), obs) > 0
        ]
        shop = next((a for a in legal if isinstance(a, Word) and a.word == "shop"), None)
        if shop is not None and self.shopping_value(obs) <= 0:
            shop = None
        ft = int(obs["free_time"])
        income = int(obs["income"])
        act_cost = sum(self.card(a.slug).cost for a in dos)
        if len(dos) + (shop is not None) > ft or act_cost + self.trip_cost(obs, income) > income:
            return choice
        if self.shop_first and shop is not None:
            return shop
        if self.ascending and dos:
            return min(dos, key=lambda a: (self.value(self.card(a.slug), obs), a.slug))
        return choice

    def reserved(self, card: CardDef, obs: dict[str, Any]) -> bool:
        """A Whenever held back as this seat's finishing play (``reserve``)."""
        if card.kind != "Whenever" or card.cancel is not None or self.reserve <= 0:
            return False
        me = obs["players"][self.seat]
        if (me["goal"] or 99) - me["slack"] > self.reserve_at:
            return False
        for e in card.effects:
            if e.kind == "slack" and e.amount > 0:
                return True
            if self.reserve > 1 and e.kind == "take_thing" and e.to == "room":
                return True
        return False

    def own_gain(self, a: Play, obs: dict[str, Any]) -> int:
        """The Slack the Whenever ``a`` adds to this seat's room (a Compliment, a stolen Thing)."""
        gain = 0
        for e in self.card(a.slug).effects:
            if e.kind == "slack" and e.amount > 0 and a.tseat == self.seat:
                gain = max(gain, e.amount)
            elif e.kind == "take_thing" and e.to == "room" and a.tseat != self.seat:
                gain = max(gain, self.room_slack(a, obs))
        return gain

    def score(self, a: Action, obs: dict[str, Any], step: str, leader: int) -> float:
        base = super().score(a, obs, step, leader)
        if isinstance(a, Play) and self.reserved(self.card(a.slug), obs):
            # Why: a heuristic bot never cancels a Whenever that is not aimed at
            # its own play, so a Compliment or a stolen Thing is the one finishing
            # play it cannot stop; held, its Slack is also out of the leader tax.
            me = obs["players"][self.seat]
            if me["slack"] + self.own_gain(a, obs) >= (me["goal"] or 99):
                return 20.0
            if base > HOLD:
                return HOLD
        if (
            self.late
            and isinstance(a, Play)
            and obs["turn"] == self.seat
            and step in ("call-people", "free-time")
            and self.card(a.slug).cancel is None
            and self.own_gain(a, obs) > 0
        ):
            # Why: a heuristic bot cancels a play that reaches its player's goal,
            # but never a Whenever that is not aimed at its own play; played last,
            # after the turn's Activities and trip, a Compliment or a stolen Thing
            # finishes uncancelled where it would otherwise have made the last
            # Activity or trip the (cancellable) finishing play.
            me = obs["players"][self.seat]
            if me["slack"] + self.own_gain(a, obs) >= (me["goal"] or 99):
                return 20.0
            # last, but in the heuristic's order among its targets (below any Activity)
            return 0.05 + 0.01 * max(0.0, base) if step == "free-time" else HOLD
        if (
            isinstance(a, CardAct)
            and a.verb == "discard"
            and step == "discard"
            and self.reserved(self.card(a.slug), obs)
        ):
            return 4.0  # below ``done``: kept for the win
        if isinstance(a, Play):
            if (
                self.defer > 0
                and self.deferred(a, obs)
                and (self.defer > 1 or not self.near_cancel(a, obs))
            ):
                return -1.0  # below ``pass``: a later seat cancels it
            if base < 3.0 and self.near_cancel(a, obs):
                return 3.0
            if self.defend > base and self.defends(a, obs):
                return self.defend
            if self.finish and self.stops_win(a, obs):
                return max(base, FINISH)
            if self.finish and self.stops_whenever_win(a, obs):
                return max(base, 9.0)
            if (
                base < EAGER
                and self.eager_cancel(a, obs)
                and not self.lifts_rod(a, obs)
                and not self.guarding(a, obs)
            ):
                return EAGER
            if self.rod_big and base > 0 and self.cancel_of(a) and self.lifts_rod(a, obs):
                return -1.0  # below ``pass``: not even the heuristic's cancel of its leader
        if isinstance(a, Play) and base > HOLD and self.wasted_free_time(a, obs):
            return HOLD
        if isinstance(a, Play) and base > HOLD and self.early_wind(a, obs):
            return HOLD
        if base <= HOLD:
            return base
        if self.engine > 0 and isinstance(a, CardAct) and a.verb == "buy":
            base += self.engine_bonus(self.card(a.slug), obs, int(obs["free_time"]))
        if isinstance(a, Play) and a.uid >= 0 and a.tseat != self.seat:
            base += self.aim * self.room_slack(a, obs)
            if self.steal and any(
                e.kind == "take_thing" and e.to == "room" for e in self.card(a.slug).effects
            ):
                base += self.steal * self.room_slack(a, obs)
        if self.boomerang and isinstance(a, Send) and self.comes_back(a.seat, obs):
            return 0.3  # below ``dismiss`` (0.5): out of the game rather than back here
        if (
            self.boomerang > 1
            and isinstance(a, Call)
            and a.seat != self.seat
            and self.card(a.slug).unwanted
            and self.comes_back(a.seat, obs)
        ):
            return HOLD
        if self.split and isinstance(a, CardAct) and a.verb == "buy" and self.splits(a, obs):
            return HOLD  # below ``checkout``: this Thing waits for the next trip
        if isinstance(a, CardAct) and a.verb == "discard" and step == "discard":
            card = self.card(a.slug)
            if self.hold and a.slug in self.held:
                return HOLD
            if self.shield and card.cancel is not None and self.shields(card, obs):
                return 4.0  # below ``done``: kept besides the one card
            if self.came_back(card, obs):
                return 4.0  # below ``done``: kept for next turn's trip
            if self.keeps_engine(card, obs):
                return 4.0  # below ``done``: kept for next turn's trip
            if self.spare_ft and self.free_time_card(card):
                return 4.0  # below ``done``: next turn's extra Free Time
            if (
                self.spare_ft > 1
                and card.cancel is not None
                and any(self.free_time_card(self.card(s)) for s in obs["hand"])
                and self.best_cancel(obs) == card.slug
            ):
                return 4.0  # below ``done``: the cancel kept besides Narcolepsy
            if self.keep_two < 99:
                second = self.second_keep(obs)
                # one copy of it: of two, the other goes as any card would
                if second and (
                    (a.slug == second and obs["hand"].count(second) == 1) or len(obs["hand"]) <= 2
                ):
                    return 4.0  # below ``done``: the second card, or the one besides it
            if self.keep_slack < 99:
                cancels = sum(1 for s in obs["hand"] if self.card(s).cancel is not None)
                if (card.cancel is not None and cancels == 1) or (
                    self.next_turn_value(card, obs) >= self.keep_slack
                ):
                    return 4.0  # below ``done``: kept, with the last cancel
            if (
                self.danger >= 0
                and card.cancel is not None
                and self.coverage(card) > 0
                and self.in_danger(obs)
            ):
                return 4.0  # below ``done``: kept, however many
            if self.discard_all:
                base += 10.0  # above ``done`` (5) for every card: down to one
            if card.cancel is not None:
                base -= self.cancel_keep
                if self.rank:  # give back the part of the bonus its coverage does not earn
                    cover = self.coverage(card)
                    base += self.rank * self.cancel_keep * (1.0 - cover)
                    if cover == 0.0:
                        base += self.rank * 3.0  # a dud: kept after any other card
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
