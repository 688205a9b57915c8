"""Chez on the engine contract: metadata, settings, deck and explicit deals."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from cardtable.engine.errors import BadDealError, SettingError
from cardtable.engine.game import Game, GameInfo, Setting
from cardtable.games.chez.cards import NAME, deck_counter, deck_kinds, parse_card
from cardtable.games.chez.combos import DISCARD, FRONT, DiscardCombo, FrontCombo
from cardtable.games.chez.combos import SETTINGS as COMBO_SETTINGS
from cardtable.games.chez.combos._shape import FrontOffer, Offer, always
from cardtable.games.chez.schema import ChezObservation, ChezPublicObservation
from cardtable.games.chez.state import ChezState
from cardtable.games.chez.view import render as render_view

# a discard combo as the turn asks it: its ``applies`` (None: always) and its module
# (whether to ask ``applies``, the combo's compiled questions)
DiscardOffer = tuple[bool, Offer]

MASKS = 1 << 14  # value bits of a hand: Jokers and Ace to King
DiscardOffers = tuple[DiscardOffer, ...]
# the by-value-bits tables of each set of enabled combos, shared by every game with
# that set: filled whole by the first game of a process that meets the set, so a game
# made afresh (each simulation run, each table) does not pay for them again
_TABLES: dict[
    tuple[tuple[DiscardCombo, ...], tuple[FrontCombo, ...]],
    tuple[
        list[DiscardOffers | None],
        list[tuple[FrontOffer, ...] | None],
        dict[DiscardOffers, DiscardOffers],
        dict[tuple[FrontOffer, ...], tuple[FrontOffer, ...]],
    ],
] = {}

NOPE_WINDOW = Setting(
    "nope_window",
    "everyone",
    "who a reaction window asks: 'everyone' still playing with cards (reveals nothing), "
    "or only 'ace-holders' (faster, but being asked shows you hold an Ace)",
    ("everyone", "ace-holders"),
    str,
)


# tests subclass it (a game that counts the plays it saw)
@mypyc_attr(allow_interpreted_subclasses=True)
class ChezGame(Game):
    info: ClassVar[GameInfo] = GameInfo(
        name="chez",
        title="Chez",
        min_players=2,
        max_players=10,
        default_players=4,
        summary=(
            "Shed your hand first. Black top cards take lower or equal, red ones higher or "
            "equal; 6s, 10s, Jacks, Queens, Kings and Jokers bend the turn, combos and "
            "Castles bend it further, any Ace can nope a special out of turn, and picking "
            "up when you could play risks the Plague."
        ),
        settings=(*COMBO_SETTINGS, NOPE_WINDOW),
    )
    bots: ClassVar[dict[str, str]] = {"heuristic": "cardtable.games.chez.bots:HeuristicBot"}
    default_bot: ClassVar[str] = "heuristic"
    observation_schema: ClassVar[Any] = ChezObservation
    public_schema: ClassVar[Any] = ChezPublicObservation
    # levels offered to people (lobby, --bots hard): specs, rated in docs/bots.md
    bot_levels: ClassVar[dict[str, str]] = {
        "easy": "ismcts(iterations=100)",
        "medium": "heuristic",
        "hard": "ismcts(max_time=0.9)",
        "expert": "ismcts(iterations=3000, max_actions=150000)",
    }

    # derived from the settings once, in ``__init__``: plain attributes, because a game
    # class over a compiled engine has no ``__dict__`` for ``cached_property`` to fill
    discard_combos: tuple[DiscardCombo, ...]  # the discard-pile combos switched on
    front_combos: tuple[FrontCombo, ...]  # the front combos (bonus actions) switched on
    fronts: tuple[FrontOffer, ...]  # their compiled questions, in the same order
    # ``discard_offers`` and ``front_offers`` by the hand's value bits (all 2**14 of them),
    # filled when the game is made (see ``_TABLES``): lists, so the hot path indexes
    # rather than hashes
    discard_by_mask: list[tuple[DiscardOffer, ...] | None]
    front_by_mask: list[tuple[FrontOffer, ...] | None]
    # each combo's ``(ask applies, Offer)`` pair, made once; and every distinct answer
    # above, kept once: a hand's value bits are nearly random, and 16,384 entries that
    # are each their own tuple would miss the processor's cache on every listing, when
    # a few dozen shared ones stay in it
    _discard_rules: tuple[tuple[int, int, DiscardOffer], ...]  # NEEDS, VALUES, the pair
    _distinct_discard: dict[tuple[DiscardOffer, ...], tuple[DiscardOffer, ...]]
    _distinct_front: dict[tuple[FrontOffer, ...], tuple[FrontOffer, ...]]

    def __init__(self, players: int | None = None, **settings: Any) -> None:
        super().__init__(players, **settings)
        # in the order plays are recognised / bonus actions are offered
        self.discard_combos = tuple(rule for rule in DISCARD if self.settings[rule.SETTING.name])
        self.front_combos = tuple(rule for rule in FRONT if self.settings[rule.SETTING.name])
        self.fronts = tuple(rule.FRONT_OFFER for rule in self.front_combos)
        self._discard_rules = tuple(
            (rule.NEEDS, rule.VALUES, (rule.applies is not always, rule.OFFER))
            for rule in self.discard_combos
        )
        key = (self.discard_combos, self.front_combos)
        tables = _TABLES.get(key)
        first = tables is None
        if tables is None:
            tables = _TABLES[key] = ([None] * MASKS, [None] * MASKS, {}, {})
        self.discard_by_mask, self.front_by_mask = tables[0], tables[1]
        self._distinct_discard, self._distinct_front = tables[2], tables[3]
        if first:
            # every hand's answer at once, the first time a process meets this set of
            # combos (some tens of milliseconds), rather than thousands of misses spread
            # over the first games
            for mask in range(MASKS):
                self.discard_offers(mask)
                self.front_offers(mask)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled (worker processes, the server's snapshots) as its player count and
        settings, and made anew from them: what derives from the settings (the enabled
        combo modules, the per-hand memos) is rebuilt, since modules do not pickle, and
        the engine's fields pickle whether or not it is compiled."""
        return (_rebuilt, (type(self), self.num_players, dict(self.settings)))

    def _check_settings(self) -> None:
        for name, value in self.settings.items():
            if name != "nope_window" and not isinstance(value, bool):
                raise SettingError(f"setting {name}={value!r} must be true or false")

    def discard_offers(self, mask: int) -> tuple[DiscardOffer, ...]:
        """The enabled discard combos whose ``NEEDS`` and ``VALUES`` a hand with these
        value bits meets, as ``(whether to ask applies, its Offer)``: the turn's hot
        loop then asks only these, and calls ``applies`` only where it looks closer."""
        found = self.discard_by_mask[mask]
        if found is None:
            values = (mask >> 1).bit_count()
            picked: list[DiscardOffer] = []
            for needs, least, pair in self._discard_rules:
                if mask & needs == needs and values >= least:
                    picked.append(pair)
            fresh = tuple(picked)
            found = self._distinct_discard.setdefault(fresh, fresh)
            self.discard_by_mask[mask] = found
        return found

    def front_offers(self, mask: int) -> tuple[FrontOffer, ...]:
        """The enabled front combos whose ``NEEDS`` a hand with these value bits meets."""
        found = self.front_by_mask[mask]
        if found is None:
            fresh = tuple(front for front in self.fronts if mask & front.needs == front.needs)
            found = self._distinct_front.setdefault(fresh, fresh)
            self.front_by_mask[mask] = found
        return found

    @property
    def decks(self) -> int:
        """One deck for 2-6 players, two for 7-10 (the rulings)."""
        return 1 if self.num_players <= 6 else 2

    # the engine's ``State`` is invariant in its game, so a ``State[ChezGame]`` is not a
    # ``State[Game]`` to the checker, though every caller may use it as one
    def new_initial_state(  # type: ignore[override]
        self, seed: int | None = None, deal: Any = None
    ) -> ChezState:
        return ChezState(self, seed, deal)

    def deck(self) -> Counter[str]:
        return deck_counter(self.decks)

    def render(self, observation: dict[str, Any]) -> str:
        return render_view(observation)


def _rebuilt(cls: type[ChezGame], players: int, settings: dict[str, Any]) -> ChezGame:
    """A pickled game, made again from its player count and settings."""
    return cls(players, **settings)


def _card(text: Any, where: str) -> int:
    kind = parse_card(text) if isinstance(text, str) else None
    if kind is None:
        raise BadDealError(f"{text!r} in {where} is not a card (write 7H, 10S, QD, AC, JK)")
    return kind


def parse_deal(game: ChezGame, deal: Any) -> tuple[list[list[int]], int, list[int], int]:
    """``{"hands": [[..], ..], "top": "7H", "draw": [.. top first], "first": 0}``.

    ``draw`` may be partial: the rest of the deck follows it in a fixed order,
    so a test names only the cards that matter. Every card must exist in the
    deck as often as it is named, no more.
    """
    n = game.num_players
    if not isinstance(deal, dict) or "hands" not in deal or "top" not in deal:
        raise BadDealError(
            'a Chez deal is {"hands": [[cards] per seat], "top": card, '
            '"draw": [cards, top first] (optional), "first": seat (optional)}'
        )
    unknown = set(deal) - {"hands", "top", "draw", "first"}
    if unknown:
        raise BadDealError(f"unknown deal field(s): {', '.join(sorted(unknown))}")
    hands_in = deal["hands"]
    if not isinstance(hands_in, list) or len(hands_in) != n:
        raise BadDealError(f"the deal needs one hand per seat: {n} lists of cards")
    hands = []
    for seat, cards in enumerate(hands_in):
        if not isinstance(cards, list):
            raise BadDealError(f"hand {seat} must be a list of cards")
        hands.append([_card(c, f"hand {seat}") for c in cards])
    top = _card(deal["top"], "top")
    draw_in = deal.get("draw", [])
    if not isinstance(draw_in, list):
        raise BadDealError("draw must be a list of cards, top first")
    draw = [_card(c, "draw") for c in draw_in]
    first = deal.get("first", 0)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n:
        raise BadDealError(f"first must be a seat 0..{n - 1}, not {first!r}")
    used = Counter(k for h in hands for k in h)
    used[top] += 1
    used.update(draw)
    remaining = Counter(deck_kinds(game.decks))
    for kind, count in used.items():
        if count > remaining[kind]:
            raise BadDealError(
                f"{NAME[kind]} is dealt {count} times; the deck has {remaining[kind]}"
            )
    remaining.subtract(used)
    rest = []
    for kind in deck_kinds(game.decks):
        if remaining[kind] > 0:
            rest.append(kind)
            remaining[kind] -= 1
    return hands, top, draw + rest, first
