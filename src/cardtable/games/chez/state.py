"""``ChezState``: the rule layers joined into the engine's ``State``.

Every physical card is an id; ``kind[id]`` says which card it is and
``known[id]`` is the bitmask of seats that have seen it. Where each id is can
be followed from public actions, so the resampler only has to permute the
kinds of the ids a seat has never seen (see ``resample``).

The layers form one line of single inheritance (a compiled class takes one
base): ``core`` (every field, and ``_copy``), ``view`` (observation, log,
text), ``plays`` (cards onto the pile, dice, draws), ``turn`` (what the turn
player may do) and ``flow`` (the step stack, the turn order and the zones),
which calls the function modules ``specials`` (what each special does) and
``nopes`` (reaction windows). This
class deals (``__init__``) and answers the engine contract; the refusals are
``explain``'s, the re-deal ``resample``'s.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Final

from mypy_extensions import mypyc_attr

from cardtable.engine.counts import CardCount
from cardtable.engine.errors import MalformedActionError
from cardtable.engine.game import Action, Marker
from cardtable.engine.hints import hand_reasons
from cardtable.games.chez import actions as act
from cardtable.games.chez import playability
from cardtable.games.chez.cards import NAME, deck_kinds
from cardtable.games.chez.deals import parse_deal
from cardtable.games.chez.explain import why_illegal
from cardtable.games.chez.flow import ChezFlow
from cardtable.games.chez.leaderboard import Leaderboard
from cardtable.games.chez.piles import Seg
from cardtable.games.chez.resample import resample_state
from cardtable.games.chez.ruleset import ChezRuleset
from cardtable.games.chez.schema import ChezPublicObservation
from cardtable.games.chez.steps import (
    DrawStep,
    WindowStep,
)

# the interpreted table module's tables as statics of this compiled one
JOKER_TOP: Final = playability.JOKER_TOP

CHANCE: Final = Marker.CHANCE
TERMINAL: Final = Marker.TERMINAL
HAND_SIZE = 7


@mypyc_attr(allow_interpreted_subclasses=True)  # see ChezCore
class ChezState(ChezFlow):
    def __init__(self, game: ChezRuleset, seed: int | None, deal: Any) -> None:
        super().__init__(game, seed, deal)
        n = game.num_players
        opts = game.settings
        self.n = n
        self.all_bits = (1 << n) - 1
        self.switched_on = frozenset(name for name, value in opts.items() if value is True)
        self.nope_everyone = opts["nope_window"] == "everyone"
        self.board = Leaderboard(n)
        self.active = [True] * n
        self.hands = [[] for _ in range(n)]
        self.discard = []
        self.secondary = []
        self.pile = []
        self.pile_size = 0
        self.topkey = JOKER_TOP
        self.override = None
        self.direction = 1
        self.turn = 0
        self.actions_left = 1
        self.bonus_used = False
        self.facing = 0
        self.joker_next = 0
        self.turn_done = False
        self.turns = 0
        self.plague = [0] * n
        self.infected_now = [False] * n
        self.castle = [None] * n
        self.stack = []
        self.over = False
        self.cp = CHANCE
        # persistent (cons) lists: cheap to share between clones
        self.constraints = None
        self.tags = None
        self.events = None
        self.last_roll = None
        self.tally = {}
        self.layout = ()
        self._outcomes = None
        # every value's count in the deck (0: Jokers), and what the discard piles leave of
        # it unseen, counted incrementally (see _unseen_by_rank)
        self._full = (2 * game.decks, *(4 * game.decks,) * 13)
        self._unseen = list(self._full)
        self._seen_discard = self._seen_secondary = 0
        self._seen_pools = 0
        # which shuffle an id's kind was dealt from: 0 the deck, then one per reshuffle
        self.pool = ()
        self.pools = 0
        if deal is None:
            self.kind = tuple(deck_kinds(game.decks))
            self.known = [0] * len(self.kind)
            self.pile = [Seg.shuffled(list(range(len(self.kind))), self.kind)]
            self.pile_size = len(self.kind)
            self.stack.append(DrawStep(-1, 1))
            for seat in reversed(range(n)):
                self.stack.append(DrawStep(seat, HAND_SIZE))
        else:
            hands, top, draw, first = parse_deal(game, deal)
            self.kind = (*[k for h in hands for k in h], top, *draw)
            self.known = [0] * len(self.kind)
            cid = 0
            for seat, h in enumerate(hands):
                for _ in h:
                    self.hands[seat].append(cid)
                    self.known[cid] = 1 << seat
                    cid += 1
            self.layout = tuple(len(h) for h in hands)
            self._receive(-1, cid)
            cid += 1
            self.pile = [Seg.ordered(list(range(cid, len(self.kind))))]
            self.pile_size = len(self.kind) - cid
            self.turn = first
        self.deck_size = len(self.kind)
        self.pool = (0,) * self.deck_size
        self.live = frozenset(range(self.deck_size))
        self._live_names = None
        self._advance()

    # ---- contract ---------------------------------------------------------------------
    def current_player(self) -> int | Marker:
        return self.cp

    # The contract's hot calls again, on this class: a call from interpreted code (a
    # simulation loop, an RL wrapper) first checks that the receiver is an instance of
    # the class that defines the method, which for the engine's base walks this class's
    # eight ancestors every time; defined here, the check is one comparison.
    def is_terminal(self) -> bool:
        return self.cp is TERMINAL

    def is_chance_node(self) -> bool:
        return self.cp is CHANCE

    def legal_actions(self) -> list[Action]:
        return super().legal_actions()

    def apply_action(self, action: Action) -> None:
        super().apply_action(action)

    def is_reaction_window(self) -> bool:
        return bool(self.stack) and type(self.stack[-1]) is WindowStep and isinstance(self.cp, int)

    def _parse(self, text: str) -> Action:
        action = act.parse(text)
        if action is None:
            raise MalformedActionError(
                text,
                "not a Chez action; write cards to play (7H, 7H 7S, JK), pick, end, accept, "
                "pass, nope AS, target P2, give 7H, name 7 red, castle, castle 10, siege P2, "
                "bet 7, or a chance outcome (draw 7H, take 7H, d6=3)",
                self.where(),
            )
        return action

    def _why_illegal(self, action: Action) -> str:
        return why_illegal(self, action)

    def public_observation(self) -> ChezPublicObservation:  # type: ignore[override]
        """Seat 0's view without its hand and seat: everything else in it is public."""
        view = self.observation(0)
        return {**view, "seat": None, "hand": None}

    def unplayable_reasons(self, seat: int) -> dict[str, str]:
        return hand_reasons(self, seat, self.observation(seat)["hand"], "not a card to play now")

    def resample(self, seat: int, rng: random.Random) -> ChezState:
        return resample_state(self, seat, rng)

    def cards(self) -> Counter[str]:
        """Every card by name, after checking that every live id sits in exactly one zone.

        Ids never change kind in play, so once the ids are known to be exactly
        the live ones, their names are the multiset computed when the live set
        last changed (a reshuffle, or a resample's new kinds).
        """
        ids: list[int] = []
        for h in self.hands:
            ids += h
        ids += self.discard
        ids += self.secondary
        for seg in self.pile:
            ids += seg.ids
        for c in self.castle:
            if c is not None:
                ids += c.ids
        live = self.live
        if len(ids) == len(live) and live.issuperset(ids):
            # the names change only with ``live`` or ``kind``, both replaced (never
            # mutated) when they change; clones share the cached count with the lists
            cached = self._live_names
            if cached is None or cached[0] is not live or cached[1] is not self.kind:
                names = CardCount(map(NAME.__getitem__, map(self.kind.__getitem__, live)))
                cached = self._live_names = (live, self.kind, tuple(names.items()))
            copy = CardCount()
            dict.update(copy, cached[2])
            return copy
        total = CardCount(map(NAME.__getitem__, map(self.kind.__getitem__, ids)))
        total["<misplaced>"] += 1
        return total
