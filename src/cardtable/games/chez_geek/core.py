"""``ChezGeekCore``: every field of a Chez Geek position, the game's tables, the rule shape.

The rules live in modules of functions over this class (``zones``, ``people``,
``whenevers``, ``flow``, ``plays``, ``view``) and in the effect rule modules
(``rules/``), all typed against ``ChezGeekCore`` and ``ChezGeekTables``, so
nothing imports the concrete state or game; ``state.py`` joins them and
``game.py`` names the effect registry. The rule shape (``EffectRule``) is here
because the game's per-card tables hold its hooks and the hooks take the core:
one module keeps that knot from becoming an import circle.

Where the hidden cards are is kept so the resampler can be exact: every Life
card drawn is a *slot* (who drew it, in which shuffle of the pile, at which
move), and a slot is *revealed* once it is played or discarded face up. A
seat knows its own slots and the revealed ones; everything else is re-dealt
from the same shuffle's cards, and the draws in the record are rewritten to
match, so the record replays. Hands behave as multisets (a card is named by
its type), so any consistent re-deal keeps every later play legal.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Self

from mypy_extensions import mypyc_attr

from cardtable.engine.game import Action, Game, Marker, State
from cardtable.engine.rules import Registry
from cardtable.engine.steps import copy_stack
from cardtable.games.chez_geek.actions import Call as CallAction
from cardtable.games.chez_geek.actions import CardAct, Chance, Play
from cardtable.games.chez_geek.cards import (
    K_ACTIVITY,
    K_THING,
    K_WHENEVER,
    Deck,
    Effect,
    EffectSyntax,
)
from cardtable.games.chez_geek.codes import WHEN_CODES, call_kind
from cardtable.games.chez_geek.phases import SETUP, Phase
from cardtable.games.chez_geek.steps import Announced, AnyStep

CHANCE: Final = Marker.CHANCE
TERMINAL: Final = Marker.TERMINAL

# a Whenever's target: (notation, seat, room card uid, destination seat)
Target = tuple[str, int, int, int]
NO_TARGET: Final[Target] = ("", -1, -1, -1)


class Aim(enum.StrEnum):
    """What a Whenever with this effect names as its target (the notation, the RL table)."""

    NONE = "none"
    OTHER_SEAT = "other-seat"  # a seat, when the effect's ``target`` is ``other``
    ROOM_CARD = "room-card"  # a card in a room: ``SEAT:slug``
    ROOM_PERSON = "room-person"  # a Person moved from a room to another: ``SEAT:slug>DEST``


def always_offered(st: ChezGeekCore, seat: int, e: Effect) -> bool:
    """The default ``offered``: the rules that list legal plays skip calling it."""
    return True


def no_targets(st: ChezGeekCore, seat: int, e: Effect) -> list[Target] | None:
    """The default ``targets``: the rules that list targets skip calling it."""
    return None


def _nothing_happens(st: ChezGeekCore, play: Announced, t: int, e: Effect) -> bool:
    return False


def _no_stay_cost(st: ChezGeekCore, seat: int, index: int, e: Effect) -> None:
    return None


def _gives_nothing(e: Effect) -> tuple[int, int]:
    return (0, 0)


@dataclass(frozen=True, slots=True)
class EffectRule:
    """One word of the deck format's effect vocabulary, as hooks the rules call.

    Each word is one module of ``rules/`` holding one ``EffectRule`` (``RULE``),
    listed once in the registry (``rules/__init__.py``); the deck loader, the
    Whenever and People code, the labels and the RL action table ask the
    registry instead of naming effects. A hook left at its default does
    nothing, so a module states only what its effect takes part in.

    ``syntax``: the fields a deck file may give the effect.
    ``offered``: may ``seat`` play a Whenever with this effect now.
    ``targets``: the targets it asks for, or ``None`` when it asks none (a
    card's first effect that asks for targets names the card's targets).
    ``resolve``: what it does when the Whenever resolves; ``True`` when the
    card stays on the table instead of going to the discards.
    ``stay``: what it costs the host of an unwanted Person whose card has it
    as a cost (``index`` is the Person's place in the room).
    ``gives``: the (Income, Free Time) it adds to a budget, for a card that
    adds it while it stays in a room, while it is on the table, or the turn
    it is bought (its ``duration``).
    ``budget``: whether it is a Free Time or Income cost, which only applies
    while its host has a budget to lose.
    ``aim``: what its targets are, in the notation.
    """

    name: str
    syntax: EffectSyntax = EffectSyntax()
    offered: Callable[[ChezGeekCore, int, Effect], bool] = always_offered
    targets: Callable[[ChezGeekCore, int, Effect], list[Target] | None] = no_targets
    resolve: Callable[[ChezGeekCore, Announced, int, Effect], bool] = _nothing_happens
    stay: Callable[[ChezGeekCore, int, int, Effect], None] = _no_stay_cost
    gives: Callable[[Effect], tuple[int, int]] = _gives_nothing
    budget: bool = False
    aim: Aim = Aim.NONE

    def __reduce__(self) -> tuple[type[EffectRule], tuple[object, ...]]:
        # compiled, a frozen class refuses the attribute writes of default unpickling
        fields = (self.syntax, self.offered, self.targets, self.resolve, self.stay, self.gives)
        return (EffectRule, (self.name, *fields, self.budget, self.aim))

    @property
    def kind(self) -> str:
        """The word a deck file names it with (its registry name)."""
        return self.name

    @property
    def room_target(self) -> bool:
        """It targets a card in a room (the notation ``SEAT:slug``)."""
        return self.aim is Aim.ROOM_CARD or self.aim is Aim.ROOM_PERSON


# an ``offered`` hook and the effect it is asked about
OfferCheck = tuple[Callable[["ChezGeekCore", int, Effect], bool], Effect]
# a ``targets`` hook and the effect it is asked about
TargetCheck = tuple[Callable[["ChezGeekCore", int, Effect], list[Target] | None], Effect]


# tests and tools subclass the game (a counting game, a deck-checking one)
@mypyc_attr(allow_interpreted_subclasses=True)
class ChezGeekTables(Game):
    """The game as the rules read it: the deck, its effect rules, per-type tables, actions.

    ``game.py`` loads the deck and names the registry; everything derived from
    them is built here once per game and shared by every state.
    """

    def _build_tables(self, deck: Deck, effects: Registry[EffectRule]) -> None:
        self.deck_def = deck
        self.effects = effects
        cards = deck.cards
        self.slugs = tuple(c.slug for c in cards)
        # per card type, read on every Whenever in hand when legal actions are listed
        self.cancels = tuple(c.cancel for c in cards)
        # which types are Whenevers: a reaction window looks only at those in a hand
        self.is_whenever = tuple(c.kind == K_WHENEVER for c in cards)
        self.is_activity = tuple(c.kind == K_ACTIVITY for c in cards)
        self.is_thing = tuple(c.kind == K_THING for c in cards)
        # how a type is Called: not at all, a Pet (its owner's house only), a Person
        # some houses bar, or one every house may take
        self.call_kind = tuple(call_kind(c) for c in cards)
        # per Job, per card type: the Job's disadvantage bars playing it
        self.banned = tuple(
            tuple(bool(j.cannot_play) and bool(c.tags.intersection(j.cannot_play)) for c in cards)
            for j in deck.jobs
        )
        # when a Whenever may be played, as a number compared without reading its text
        self.when_code = tuple(WHEN_CODES[c.when] for c in cards)
        self.offer_checks: tuple[tuple[OfferCheck, ...], ...] = tuple(
            tuple(
                (effects[e.kind].offered, e)
                for e in c.effects
                if effects[e.kind].offered is not always_offered
            )
            for c in cards
        )
        # per card type, the effects that name targets, in order (the first that
        # answers names the card's targets)
        self.target_checks: tuple[tuple[TargetCheck, ...], ...] = tuple(
            tuple(
                (effects[e.kind].targets, e)
                for e in c.effects
                if effects[e.kind].targets is not no_targets
            )
            for c in cards
        )
        self.job_slugs = tuple("job:" + j.slug for j in deck.jobs)
        self.draw_actions = tuple(Chance("draw", c.index, c.slug) for c in cards)
        self.job_actions = tuple(Chance("job", j.index, j.slug) for j in deck.jobs)
        self.pick_actions = tuple(CardAct("pick", j.index, j.slug) for j in deck.jobs)
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


# compiled, a class that allows interpreted subclasses allocates in ``cls.__new__``
# without running ``__init__`` (what ``_copy`` and unpickling need: the server pickles
# states); every class of the state's line says so, since the flag is not inherited
@mypyc_attr(allow_interpreted_subclasses=True)
class ChezGeekCore(State[ChezGeekTables]):
    """The fields of a position; the rule modules change them, ``_copy`` copies them."""

    def __init__(self, game: ChezGeekTables, seed: int | None, deal: Any) -> None:
        super().__init__(game, seed, deal)
        deck = game.deck_def
        self.defs = deck.cards
        self.jobdefs = deck.jobs
        n = game.num_players
        self.n = n
        self.full = tuple(c.copies for c in self.defs)
        self.job_of = [-1] * n
        self.job_pile: list[int] = []
        self.set_aside: list[int] = []
        self.pair_pool: tuple[int, ...] = ()
        # slots: one per Life card drawn
        self.slot_type: list[int] = []
        self.slot_seat: list[int] = []
        self.slot_epoch: list[int] = []
        self.slot_hist: list[int] = []
        self.slot_forced: list[int] = []
        self.revealed: list[bool] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        # the draw pile as counts per card type; ``epoch`` counts its shuffles
        self.pile = list(self.full)
        self.pile_n = sum(self.pile)
        self.epoch = 0
        self.epoch_pool: list[list[int]] = [list(self.full)]
        self.forced: list[int] = []
        self.forced_pos = 0
        # rooms: (type, slack, tokened, uid)
        self.rooms: list[list[tuple[int, int, int, int]]] = [[] for _ in range(n)]
        self.next_uid = 0
        self.discard: list[int] = []
        # continuing Whenevers: [type, seat it is on, turns left, owner]
        self.table: list[list[int]] = []
        self.stack: list[AnyStep] = []
        self.phase: Phase = SETUP
        self.turn = 0
        self.first = 0
        self.income = 0
        self.ft = 0
        self.base_income = 0
        self.base_ft = 0
        self.pen_ft = [0] * n
        self.pen_income = [0] * n
        self.games: int = game.settings["games"]
        self.turn_limit: int = game.settings["turn_limit"]
        self.game_no = 0
        self.wins = [0] * n
        self.turns = 0
        self.winner = -1
        self.last_winner = -1
        self.over = False
        self.dirty = False
        self.actor = 0
        self.events: list[tuple[Any, ...]] = []
        self.cp: int | Marker = CHANCE
        self._outcomes: list[tuple[Action, float]] | None = None

    def _copy(self) -> Self:
        """Every field set one by one: the mutable ones copied, the rest immutable and shared.

        Field by field rather than through ``__dict__`` (which a compiled instance
        has not, and which is slower to copy whole); the engine's own history, RNG
        and cached legal actions are set by ``clone``.
        """
        cls = type(self)
        other = cls.__new__(cls)
        # the engine's fields; ``clone`` sets the history, the RNG and the legal actions
        other.game = self.game
        other.seed = self.seed
        other.deal = self.deal  # replaced, never changed in place (``resample``)
        # shared, immutable
        other.defs = self.defs
        other.jobdefs = self.jobdefs
        other.n = self.n
        other.full = self.full
        other.pair_pool = self.pair_pool
        other.pile_n = self.pile_n
        other.epoch = self.epoch
        other.forced_pos = self.forced_pos
        other.next_uid = self.next_uid
        other.phase = self.phase
        other.turn = self.turn
        other.first = self.first
        other.income = self.income
        other.ft = self.ft
        other.base_income = self.base_income
        other.base_ft = self.base_ft
        other.games = self.games
        other.turn_limit = self.turn_limit
        other.game_no = self.game_no
        other.turns = self.turns
        other.winner = self.winner
        other.last_winner = self.last_winner
        other.over = self.over
        other.dirty = self.dirty
        other.actor = self.actor
        other.cp = self.cp
        # copied
        other.job_of = self.job_of[:]
        other.job_pile = self.job_pile[:]
        other.set_aside = self.set_aside[:]
        other.slot_type = self.slot_type[:]
        other.slot_seat = self.slot_seat[:]
        other.slot_epoch = self.slot_epoch[:]
        other.slot_hist = self.slot_hist[:]
        other.slot_forced = self.slot_forced[:]
        other.revealed = self.revealed[:]
        other.hands = [h[:] for h in self.hands]
        other.pile = self.pile[:]
        other.epoch_pool = [p[:] for p in self.epoch_pool]
        other.forced = self.forced[:]
        other.rooms = [room[:] for room in self.rooms]  # entries are tuples
        other.discard = self.discard[:]
        other.table = [t[:] for t in self.table]
        other.stack = copy_stack(self.stack)
        other.pen_ft = self.pen_ft[:]
        other.pen_income = self.pen_income[:]
        other.wins = self.wins[:]
        other.events = self.events[:]  # entries are tuples
        other._outcomes = None  # a cache of what the position gives: recomputed on demand
        return other

    # ---- helpers shared by the rule modules ----------------------------------------
    def slack_of(self, seat: int) -> int:
        return sum(c[1] for c in self.rooms[seat])

    def goal(self, seat: int) -> int:
        job = self.job_of[seat]
        return self.jobdefs[job].slack_goal if job >= 0 else 0

    def goal_ratio(self, seat: int) -> float:
        goal = self.goal(seat)
        return self.slack_of(seat) / goal if goal else 0.0

    def log(self, *event: Any) -> None:
        self.events.append(event)
