"""Chez Geek on the engine contract: metadata, settings, the deck, interned actions."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from cardtable.engine.errors import SettingError
from cardtable.engine.game import FileOption, Game, GameInfo, Setting
from cardtable.games.chez_geek.actions import Call as CallAction
from cardtable.games.chez_geek.actions import CardAct, Chance, Play
from cardtable.games.chez_geek.codes import WHEN_CODES, call_kind
from cardtable.games.chez_geek.deck_loader import cached_deck
from cardtable.games.chez_geek.effects.registry import RULES
from cardtable.games.chez_geek.effects.rule import (
    OfferCheck,
    TargetCheck,
    always_offered,
    no_targets,
)
from cardtable.games.chez_geek.schema import ChezGeekObservation, ChezGeekPublicView
from cardtable.games.chez_geek.state import ChezGeekState
from cardtable.games.chez_geek.steps import MAX_SEATS
from cardtable.games.chez_geek.view import render


# tests and tools subclass it (a counting game, a deck-checking one)
@mypyc_attr(allow_interpreted_subclasses=True)
class ChezGeekGame(Game):
    info: ClassVar[GameInfo] = GameInfo(
        name="chez-geek",
        title="Chez Geek",
        min_players=2,
        max_players=MAX_SEATS,
        default_players=4,
        summary=(
            "Roommates racing to their Slack Goal: call People over, go Shopping, do "
            "Activities, and play Whenever cards on anyone at any time - cancels, TV, "
            "uninvited guests. Cards are data; the project ships its own open deck."
        ),
        settings=(
            Setting(
                "deck",
                [],
                "deck files (TOML) to play with; empty: the open deck",
                kind=list,
                item_kind=str,
                max_items=16,
                files=True,
            ),
            Setting(
                "games",
                1,
                "games in the match; the last winner picks a Job first",
                kind=int,
                minimum=1,
                maximum=1000,
                length=True,
            ),
            Setting(
                "two_player_jobs",
                "remove",
                "two players: leave Slacker and Drummer out, or give them to the players",
                choices=("remove", "give"),
                kind=str,
            ),
            Setting(
                "turn_limit",
                40,
                "turns per player after which the one closest to their goal wins",
                kind=int,
                minimum=1,
                maximum=1000,
            ),
        ),
    )
    bots: ClassVar[dict[str, str]] = {
        "heuristic": "cardtable.games.chez_geek.bots:HeuristicBot",
        "rollout": "cardtable.games.chez_geek.rollout:RolloutBot",
        "sandbag": "cardtable.games.chez_geek.sandbag:SandbagBot",
    }
    default_bot: ClassVar[str] = "heuristic"
    file_options: ClassVar[tuple[FileOption, ...]] = (
        FileOption(
            "--deck",
            "deck",
            "a Chez Geek deck file (TOML; repeatable, merged)",
            many=True,
            read=False,
        ),
    )
    # levels offered to people (lobby, --bots hard): specs, rated in docs/bots.md
    bot_levels: ClassVar[dict[str, str]] = {
        "easy": "ismcts(iterations=100)",
        "medium": "heuristic",
        # the sandbag bot beats the heuristic (docs/bots.md); the searches lose to it
        "hard": "sandbag",
        "expert": "ismcts(iterations=3000, max_actions=150000)",
    }
    bot_level_notes: ClassVar[dict[str, str]] = {
        "hard": "the rule-of-thumb player, playing for card flow and defence: instant",
        # measured with hard and medium (docs/bots.md): not told apart over 40 games
        "expert": "a longer search (3,000 iterations): about half a second a move",
    }
    observation_schema: ClassVar[Any] = ChezGeekObservation
    public_schema: ClassVar[Any] = ChezGeekPublicView
    deck_checker: ClassVar[str | None] = "cardtable.games.chez_geek.deck_check:check_deck_files"

    def _check_settings(self) -> None:
        paths = self.settings["deck"]
        self.deck_def = cached_deck(paths)
        if len(self.deck_def.jobs) < self.num_players + 2:
            raise SettingError("the deck needs at least two Jobs more than there are players")
        cards = self.deck_def.cards
        self.slugs = tuple(c.slug for c in cards)
        # per card type, read on every Whenever in hand when legal actions are listed
        self.cancels = tuple(c.cancel for c in cards)
        # which types are Whenevers: a reaction window looks only at those in a hand
        self.is_whenever = tuple(c.kind == "Whenever" for c in cards)
        self.is_activity = tuple(c.kind == "Activity" for c in cards)
        self.is_thing = tuple(c.kind == "Thing" for c in cards)
        # how a type is Called: not at all, a Pet (its owner's house only), a Person
        # some houses bar, or one every house may take
        self.call_kind = tuple(call_kind(c) for c in cards)
        # per Job, per card type: the Job's disadvantage bars playing it
        self.banned = tuple(
            tuple(bool(j.cannot_play) and bool(c.tags.intersection(j.cannot_play)) for c in cards)
            for j in self.deck_def.jobs
        )
        # when a Whenever may be played, as a number compared without reading its text
        self.when_code = tuple(WHEN_CODES[c.when] for c in cards)
        self.offer_checks: tuple[tuple[OfferCheck, ...], ...] = tuple(
            tuple(
                (RULES[e.kind].offered, e)
                for e in c.effects
                if RULES[e.kind].offered is not always_offered
            )
            for c in cards
        )
        # per card type, the effects that name targets, in order (the first that
        # answers names the card's targets)
        self.target_checks: tuple[tuple[TargetCheck, ...], ...] = tuple(
            tuple(
                (RULES[e.kind].targets, e)
                for e in c.effects
                if RULES[e.kind].targets is not no_targets
            )
            for c in cards
        )
        self.job_slugs = tuple("job:" + j.slug for j in self.deck_def.jobs)
        self.draw_actions = tuple(Chance("draw", c.index, c.slug) for c in cards)
        self.job_actions = tuple(Chance("job", j.index, j.slug) for j in self.deck_def.jobs)
        self.pick_actions = tuple(CardAct("pick", j.index, j.slug) for j in self.deck_def.jobs)
        # every action on one card type made once, as tables the compiled rules index
        # (a call into this interpreted class per listed action cost more than the rest)
        types = range(len(cards))
        self.buy_actions = tuple(CardAct("buy", t, cards[t].slug) for t in types)
        self.do_actions = tuple(CardAct("do", t, cards[t].slug) for t in types)
        self.discard_actions = tuple(CardAct("discard", t, cards[t].slug) for t in types)
        self._card_actions: dict[str, tuple[CardAct, ...]] = {
            "buy": self.buy_actions,
            "do": self.do_actions,
            "discard": self.discard_actions,
        }
        # a Person called into a seat's house, for every seat
        self.call_actions = tuple(
            tuple(CallAction(t, cards[t].slug, seat) for seat in range(self.num_players))
            for t in types
        )
        # a Whenever played with no target
        self.bare_plays = tuple(Play(t, cards[t].slug, "", -1, -1, -1) for t in types)
        self.interned_plays: dict[tuple[int, str, int, int, int], Play] = {}

    # ---- interned actions: legality checks compare few, equal objects --------------------
    def card_action(self, verb: str, t: int) -> CardAct:
        """``buy``, ``do`` or ``discard`` on card type ``t`` (the parser's way in)."""
        return self._card_actions[verb][t]

    def call_action(self, t: int, seat: int) -> CallAction:
        """Call type ``t`` into ``seat``'s house; a seat past the table is well formed
        notation that no state will find legal."""
        if seat < self.num_players:
            return self.call_actions[t][seat]
        return CallAction(t, self.deck_def.cards[t].slug, seat)

    def play_action(self, t: int, text: str, tseat: int, uid: int, dest: int) -> Play:
        key = (t, text, tseat, uid, dest)
        a = self.interned_plays.get(key)
        if a is None:
            if len(self.interned_plays) > 50_000:
                self.interned_plays.clear()
            a = Play(t, self.deck_def.cards[t].slug, text, tseat, uid, dest)
            self.interned_plays[key] = a
        return a

    # the engine's ``State`` is invariant in its game, so a ``State[ChezGeekGame]``
    # is not a ``State[Game]`` to the checker, though every caller may use it as one
    def new_initial_state(  # type: ignore[override]
        self, seed: int | None = None, deal: Any = None
    ) -> ChezGeekState:
        return ChezGeekState(self, seed, deal)

    def deck(self) -> Counter[str]:
        total: Counter[str] = Counter({c.slug: c.copies for c in self.deck_def.cards})
        for job in self.deck_def.jobs:
            total["job:" + job.slug] += 1
        return total

    def card_catalogue(self) -> dict[str, Any]:
        """Every card and Job of the deck by slug: what a client prints on the card."""
        cards = {
            c.slug: {
                "name": c.name,
                "kind": c.kind,
                "cost": c.cost,
                "slack": None if c.slack is None else str(c.slack),
                "tags": sorted(c.tags),
                "text": c.text,
            }
            for c in self.deck_def.cards
        }
        jobs = {
            j.slug: {
                "name": j.name,
                "income": str(j.income),
                "free_time": str(j.free_time),
                "slack_goal": j.slack_goal,
                "text": j.text,
            }
            for j in self.deck_def.jobs
        }
        return {"cards": cards, "jobs": jobs}

    def render(self, observation: dict[str, Any]) -> str:
        return render(self, observation)
