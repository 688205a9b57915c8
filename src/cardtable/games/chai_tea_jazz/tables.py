"""The Chai Tea Jazz table: settings, player counts and the tables every state shares.

Everything that depends only on the player count and settings (sides, deck,
deal layout, Barrel increments, scoreboard rows, interned actions and the
notation lookup) is computed once here, so states stay small and fast. The
rules read this class, never ``game.ChaiTeaJazzGame`` (which builds states and
names the bots), so nothing in the rules imports the module that imports them.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from cardtable.engine.errors import SettingError
from cardtable.engine.game import Action, Game, GameInfo, Setting
from cardtable.games.chai_tea_jazz import actions as act
from cardtable.games.chai_tea_jazz.cards import (
    DOUBLE,
    HIGH,
    LOW,
    MIDDLE,
    POINTS,
    SIX,
    STANDARD,
    card_names,
    deck_codes,
    max_rank,
    strength_table,
)
from cardtable.games.chai_tea_jazz.plays import Play
from cardtable.games.chai_tea_jazz.rules import registry
from cardtable.games.chai_tea_jazz.setups import Row, build_rows
from cardtable.games.chai_tea_jazz.zones import ASIDE, DOWN, HAND, UP, Zone

# Tables derived from (players, settings), shared by every game built with them:
# records are replayed by building a new game, so this keeps replays cheap.
_DERIVED: dict[tuple[int, str, tuple[str, ...]], dict[str, Any]] = {}
# the tables ``_derive`` sets, named because a subclass of the compiled engine's
# ``Game`` has no ``__dict__`` to copy them through
DERIVED_FIELDS = (
    "by_text",
    "code_of",
    "deal_actions",
    "debts",
    "deck_kind",
    "deck_list",
    "distinct",
    "hand_size",
    "increment",
    "jass",
    "last_bonus",
    "layout",
    "max_debt",
    "members",
    "names",
    "num_sides",
    "offer_actions",
    "pick_actions",
    "pick_cache",
    "deck_points",
    "play_actions",
    "rounds",
    "rows",
    "side_of",
    "straw",
    "strength",
    "teams",
    "top",
    "tricks",
    "twins",
    "typical",
    "estimates",
)
STEPS = 7  # the Barrel card has seven Bet Debt steps

SUMMARY = (
    "Every side plays every contract on the scoreboard once (Trump, Under, Slalom, "
    "Joker …). Each round players pass or pick a contract, outbidding each other with "
    "Bet Debt; the declarer then plays the tricks alone (or with their team) to capture "
    "odd cards. When a row is complete, the best score wins its value in game points "
    "and the worst loses it."
)


class ChaiTeaJazzTables(Game):
    info = GameInfo(
        name="chai-tea-jazz",
        title="Chai Tea Jazz",
        min_players=2,
        max_players=6,
        default_players=3,
        allowed_players=(2, 3, 4, 6),
        summary=SUMMARY,
        settings=(
            Setting(
                "setup",
                "standard",
                "the scoreboard's contract rows: 'standard', 'short' or 'long' (or your own "
                'rows, as a list of {"name", "contract", "value"[, "avoid", "meta", "key"]})',
                max_items=64,
                max_size=16384,
            ),
            Setting(
                "double_deck",
                False,
                "six players: two copies of 1-9 (72 cards, 12 each) instead of 1-13 + Jokers",
                kind=bool,
            ),
            Setting(
                "passing_the_barrel",
                False,
                "variant: when all pass, the Barrel holder may offer points to take it",
                kind=bool,
            ),
            Setting(
                "jass",
                False,
                "Jass variant: Match points (+1 for taking every trick) and the Jass deck",
                kind=bool,
            ),
            Setting(
                "cumulative",
                False,
                "meta contract Cumulative: the winner has the highest total score over all "
                "rows (Avoidance rows count negatively) instead of the most game points",
                kind=bool,
            ),
            Setting(
                "ranks",
                0,
                "a small deck for quick games and study: only the cards 1 to N of each suit "
                "(3 or 4 players, 4N shared out evenly); 0: the whole deck",
                kind=int,
                minimum=0,
                maximum=9,
            ),
            Setting(
                "debt_steps",
                STEPS,
                "how many Bet Debt steps the Barrel card has (0: no Bet Debt, and a pick "
                "cannot be outbid)",
                kind=int,
                minimum=0,
                maximum=STEPS,
            ),
            Setting(
                "early_end",
                False,
                "end the game as soon as no remaining result can change the winner "
                "(later places then stay as they are)",
                kind=bool,
            ),
        ),
    )

    def _check_settings(self) -> None:
        n = self.num_players
        s = self.settings
        if s["double_deck"] and n != 6:
            raise SettingError("setting double_deck is for six players only")
        if s["jass"] and n == 6:
            raise SettingError(
                "setting jass needs the 36-card deck: play it with 2, 3 or 4 players"
            )
        ranks = s["ranks"]
        if ranks and (n not in (3, 4) or not 1 <= ranks <= 9 or (4 * ranks) % n):
            raise SettingError(
                f"setting ranks={ranks!r} needs 3 or 4 players and 1..9 ranks whose 4 suits "
                "deal evenly (3 players: 3, 6 or 9; 4 players: 1..9)"
            )
        if s["early_end"] and s["cumulative"]:
            raise SettingError(
                "setting early_end needs game points; it cannot be combined with cumulative"
            )
        setup = s["setup"]
        if isinstance(setup, str) and setup.lstrip().startswith(("[", "{")):
            try:
                setup = json.loads(setup)
            except ValueError as exc:
                raise SettingError(f"setup is not valid JSON: {exc}") from exc
            s["setup"] = setup
        settings = json.dumps(self.settings, sort_keys=True, default=str)
        key = (n, settings, registry.CONTRACTS.names())
        cached = _DERIVED.get(key)
        if cached is not None:
            for name, value in cached.items():
                setattr(self, name, value)
            return
        self.rows: tuple[Row, ...] = build_rows(setup, n)
        self._derive()
        _DERIVED[key] = {name: getattr(self, name) for name in DERIVED_FIELDS}

    def _derive(self) -> None:
        """Tables every state shares."""
        n = self.num_players
        self.teams = n in (4, 6)
        self.side_of: tuple[int, ...] = (
            tuple(s % 2 for s in range(n)) if self.teams else tuple(range(n))
        )
        self.num_sides = 2 if self.teams else n
        self.members: tuple[tuple[int, ...], ...] = tuple(
            tuple(p for p in range(n) if self.side_of[p] == side) for side in range(self.num_sides)
        )
        if n == 6:
            self.deck_kind = DOUBLE if self.settings["double_deck"] else SIX
        else:
            self.deck_kind = STANDARD
        self.jass = bool(self.settings["jass"])
        ranks = self.settings["ranks"]
        self.deck_list = [c for c in deck_codes(self.deck_kind) if not ranks or c & 15 <= ranks]
        self.distinct = len(set(self.deck_list)) == len(self.deck_list)
        self.twins = not self.distinct  # identical cards (twins, Jokers): deduplicate plays
        self.straw = n == 2
        self.names = card_names(self.jass)
        self.code_of: dict[str, int] = {}
        for c in set(self.deck_list):
            self.code_of[self.names[c].upper()] = c
        self.top = ranks or max_rank(self.deck_kind)
        self.strength = {d: strength_table(d, self.top) for d in (HIGH, LOW, MIDDLE)}
        self.hand_size = {2: 7, 3: 12, 4: 9, 6: 12 if self.deck_kind == DOUBLE else 9}[n]
        if ranks:
            self.hand_size = len(self.deck_list) // n
        self.tricks = 17 if n == 2 else self.hand_size
        self.last_bonus = 20 if n == 6 else 10
        self.increment = 5 if n <= 3 else 3
        steps = self.settings["debt_steps"]
        self.max_debt = self.increment * steps
        self.debts = tuple(self.increment * i for i in range(steps + 1))
        self.layout = self._layout()
        self.rounds = len(self.rows) * self.num_sides
        self._tables()

    def _layout(self) -> tuple[tuple[Zone, int, int], ...]:
        """Deal order as (zone, seat, index); two players follow the rulebook's steps."""
        n = self.num_players
        if n != 2:
            return tuple((HAND, i % n, i // n) for i in range(self.hand_size * n))
        out = [(ASIDE, -1, 0), (ASIDE, -1, 1)]
        out += [(DOWN, i % 2, i // 2) for i in range(10)]
        out += [(UP, i % 2, i // 2) for i in range(10)]
        out += [(HAND, i % 2, i // 2) for i in range(14)]
        return tuple(out)

    def _tables(self) -> None:
        names = self.names
        codes = sorted(set(self.deck_list))
        self.deal_actions: dict[int, act.Deal] = {
            c: act.intern(act.Deal(c, names[c])) for c in codes
        }
        self.play_actions: dict[int, act.PlayCard] = {
            c: act.intern(act.PlayCard(c, names[c])) for c in codes
        }
        self.offer_actions = tuple(act.intern(act.Offer(d)) for d in self.debts)
        self.pick_actions: list[list[tuple[act.Pick, ...]]] = []
        text: dict[str, Action] = {"pass": act.PASS, "accept": act.ACCEPT}
        for row in self.rows:
            per_play = []
            for play in row.plays:
                base = f"pick {row.key}"
                pt = row.play_text(play)
                if pt:
                    base += f" {pt}"
                picks = tuple(
                    act.intern(act.Pick(row.index, play, d, base + (f" debt {d}" if d else "")))
                    for d in self.debts
                )
                per_play.append(picks)
            self.pick_actions.append(per_play)
        a: Action
        for a in self.deal_actions.values():
            text[str(a).lower()] = a
        for a in self.play_actions.values():
            text[str(a).lower()] = a
            text["play " + str(a).lower()] = a
        for a in self.offer_actions[1:]:
            text[str(a)] = a
        for per_play in self.pick_actions:
            for picks in per_play:
                for a in picks:
                    text[str(a).lower()] = a
        self.by_text = text
        self.pick_cache: dict[tuple[Any, ...], list[Action]] = {}
        # the heuristic bot's per-card estimate of each play, filled as plays are met
        self.estimates: dict[Play, tuple[tuple[float, ...], tuple[int, ...]]] = {}
        self.deck_points = sum(POINTS[c] for c in self.deck_list) + self.last_bonus
        # a side's typical declarer score, for a row it has not played yet (interim returns)
        self.typical: tuple[int, ...] = tuple(
            round(self.deck_points * min(0.9, 1.2 * len(self.members[s]) / self.num_players))
            for s in range(self.num_sides)
        )

    def deck(self) -> Counter[str]:
        return Counter(self.names[c] for c in self.deck_list)

    def seat_name(self, seat: int) -> str:
        if self.teams:
            return f"P{seat}{'AB'[self.side_of[seat]]}"
        return f"P{seat}"

    def side_name(self, side: int) -> str:
        if self.teams:
            return f"Team {'AB'[side]}"
        return f"P{side}"
