"""``ChezRuleset``: the part of a Chez game that the rules read while they play.

Why a class of its own below ``ChezGame``: the state's layers ask the game which
combos are switched on (and their per-hand tables, its deck count); declared here,
they are typed against it without importing ``game``, which imports the state.

The game reads its combos from the registries its class names (``discard_rules``,
``front_rules``): the one place a test swaps in a registry with a toy rule.
"""

from __future__ import annotations

from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from cardtable.engine.errors import SettingError
from cardtable.engine.game import Game
from cardtable.engine.rules import Registry
from cardtable.games.chez.rules import DISCARD, FRONT
from cardtable.games.chez.rules._shape import DiscardCombo, FrontCombo, FrontOffer, Offer

# a discard combo as the turn asks it: whether to ask its ``applies``, and its compiled
# questions
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


# ``ChezGame`` derives from it, and tests subclass that
@mypyc_attr(allow_interpreted_subclasses=True)
class ChezRuleset(Game):
    # the combos a game of this class may switch on (a subclass may name others)
    discard_rules: ClassVar[Registry[DiscardCombo]] = DISCARD
    front_rules: ClassVar[Registry[FrontCombo]] = FRONT
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
    _discard_rules: tuple[tuple[int, int, DiscardOffer], ...]  # needs, values, the pair
    _distinct_discard: dict[tuple[DiscardOffer, ...], tuple[DiscardOffer, ...]]
    _distinct_front: dict[tuple[FrontOffer, ...], tuple[FrontOffer, ...]]

    def __init__(self, players: int | None = None, **settings: Any) -> None:
        super().__init__(players, **settings)
        # in the order plays are recognised / bonus actions are offered
        on = self.settings
        self.discard_combos = tuple(rule for rule in self.discard_rules.all if on[rule.name])
        self.front_combos = tuple(rule for rule in self.front_rules.all if on[rule.name])
        self.fronts = tuple(rule.offer for rule in self.front_combos)
        self._discard_rules = tuple(
            (rule.needs, rule.values, (rule.asks_applies, rule.offer))
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
        combos, the per-hand memos) is rebuilt, since compiled questions do not pickle, and
        the engine's fields pickle whether or not it is compiled."""
        return (_rebuilt, (type(self), self.num_players, dict(self.settings)))

    def _check_settings(self) -> None:
        for name, value in self.settings.items():
            if name != "nope_window" and not isinstance(value, bool):
                raise SettingError(f"setting {name}={value!r} must be true or false")

    def combo(self, index: int) -> DiscardCombo | None:
        """The combo switched on at ``index`` (a play's ``combo``), or None for -1 (a play
        of one value)."""
        return self.discard_combos[index] if index >= 0 else None

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


def _rebuilt(cls: type[ChezRuleset], players: int, settings: dict[str, Any]) -> ChezRuleset:
    """A pickled game, made again from its player count and settings."""
    return cls(players, **settings)
