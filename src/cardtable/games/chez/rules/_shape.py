"""The shape of a combo rule (``DiscardCombo``, ``FrontCombo``: the frozen value each rule
module holds as ``RULE``) and what its plays share: first card playable, last card on top.

The engine offers every choice of first and last card; the cards in between
are taken canonically (the lowest kinds of what is left), because which
copies sit in the middle never changes the play, only which cards you keep
(a ruling, see docs/games/chez.md). That keeps the action list small.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardtable.engine.game import Action, Setting
from cardtable.games.chez.actions import Play, play_of
from cardtable.games.chez.cards import NKINDS, RANK
from cardtable.games.chez.core import ChezCore
from cardtable.games.chez.steps import Pending

EVERY_KIND: tuple[bool, ...] = (True,) * NKINDS  # a playability row that plays anything


class Offer:
    """A discard combo's two turn-time questions as methods of a compiled class.

    Why a class: the turn asks them for every hand it lists plays for, and a call
    through a module's attribute costs more than most answers; a method of a
    compiled class is a direct call. Each combo module keeps its functions and
    gives its rule an instance (``DiscardCombo.offer``) whose methods call them.

    A combo whose plays depend only on which of a few kinds the hand holds (one of
    each of some values, a pair of given cards) names them as ``kinds`` (bits by
    kind); the turn then looks its plays up in ``memo`` under those of the hand's
    kinds, and lists them (``remember``) only the first time. Such a combo asks
    playability of a play's first card alone, so the memo keeps every play as if
    all were playable, in runs that share a first card (``(its bit, the plays)``,
    in listing order), and the turn keeps the runs whose first card may go on the
    top: the key need not say which kinds are playable, and a hand met on another
    top is a hit rather than a miss (a miss lists dozens of plays).
    """

    def __init__(self, kinds: int = 0) -> None:
        self.kinds = kinds  # 0: its plays depend on the whole hand (never memoised)
        self.memo: dict[int, tuple[tuple[int, tuple[Play, ...]], ...]] = {}

    def applies(self, mask: int, kinds: int, repeats: bool) -> bool:
        """Whether the hand (value bits, kind bits, any value twice) may offer it."""
        return True

    def options(
        self, by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]
    ) -> None:
        """Append its legal plays for the hand grouped by value."""
        raise NotImplementedError

    def remember(
        self, key: int, by_rank: Sequence[list[int]]
    ) -> tuple[tuple[int, tuple[Play, ...]], ...]:
        """Its plays for this hand as runs by first card, kept under ``key`` (bounded:
        cleared when large)."""
        plays: list[Play] = []
        self.options(by_rank, EVERY_KIND, plays)
        runs: list[tuple[int, tuple[Play, ...]]] = []
        start = 0
        for i in range(1, len(plays) + 1):
            if i == len(plays) or plays[i].cards[0] != plays[start].cards[0]:
                runs.append((1 << plays[start].cards[0], tuple(plays[start:i])))
                start = i
        memo = self.memo
        if len(memo) > 50_000:
            memo.clear()
        found = memo[key] = tuple(runs)
        return found


Options = Callable[[Sequence[list[int]], Sequence[bool], list[Play]], None]


class OfferOf(Offer):
    """An ``Offer`` that calls plain functions: for a rule declared outside the compiled
    modules (a test's toy combo), which cannot subclass a compiled class; a rule module
    of the game subclasses ``Offer`` instead (a method call costs less than this one)."""

    def __init__(
        self,
        options: Options,
        kinds: int = 0,
        applies: Callable[[int, int, bool], bool] | None = None,
    ) -> None:
        super().__init__(kinds)
        self._options = options
        self._applies = applies

    def applies(self, mask: int, kinds: int, repeats: bool) -> bool:
        ask = self._applies
        return True if ask is None else ask(mask, kinds, repeats)

    def options(
        self, by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]
    ) -> None:
        self._options(by_rank, playable, out)


def kinds_of(ranks: Sequence[int]) -> int:
    """Bits of every kind (all four suits) of these values, for ``Offer.kinds``."""
    return sum(1 << (s * 13 + r - 1) for r in ranks for s in range(4))


class FrontOffer:
    """A front combo's questions (the bonus action) as methods of a compiled class, for
    the reason ``Offer`` gives; each front rule holds one as ``FrontCombo.offer``."""

    def __init__(self, needs: int) -> None:
        self.needs = needs  # its module's ``NEEDS``

    def applies(self, state: ChezCore, seat: int, mask: int, repeats: bool) -> bool:
        raise NotImplementedError

    def options(self, state: ChezCore, seat: int, mask: int, dup: int, out: list[Action]) -> None:
        """Append its bonus actions for a hand with these value bits (``mask``), of which
        ``dup`` it holds more than once: no front combo needs the cards themselves."""
        raise NotImplementedError

    def possible(self, state: ChezCore, seat: int, size: int, unseen: list[int]) -> bool:
        raise NotImplementedError

    def owns(self, action: Action) -> bool:
        raise NotImplementedError

    def apply(self, state: ChezCore, action: Action) -> None:
        raise NotImplementedError


def one_of_each(groups: Sequence[list[int]], playable: Sequence[bool], out: list[Play]) -> None:
    """One card of each group (one group per value), every first/last choice.

    Each group's distinct kinds are sorted once, and each play's cards built by
    concatenation: a memo miss lists dozens of plays, and it is most of what a miss
    costs."""
    for g in groups:
        if not g:
            return
    count = len(groups)
    lows = [g[0] for g in groups]
    distinct = [sorted(set(g)) for g in groups]
    for fi in range(count):
        for f in distinct[fi]:
            if not playable[f]:
                continue
            head = (f,)
            for li in range(count):
                if li == fi:
                    continue
                middle: list[int] = []
                for i in range(count):
                    if i != fi and i != li:
                        middle.append(lows[i])
                front = head + tuple(middle)
                for last in distinct[li]:
                    out.append(play_of(front + (last,)))


def run_orders(kinds: Sequence[int], playable: Sequence[bool], out: list[Play]) -> None:
    """Distinct cards in any first/last order, middle ascending."""
    for f in kinds:
        if not playable[f]:
            continue
        for last in kinds:
            if last == f:
                continue
            mids = tuple(k for k in kinds if k != f and k != last)
            out.append(play_of((f, *mids, last)))


def switch(name: str, title: str) -> Setting:
    """The game setting that switches a combo on or off (on by default)."""
    return Setting(name, True, title, (True, False), bool)


# ``eq=False``: a rule is itself, compared and hashed by identity (the game keys its
# tables by the tuple of rules switched on)
@dataclass(frozen=True, eq=False)
class DiscardCombo:
    """A combo played onto the discard pile: when it is offered, what it offers, how its
    play is recognised and played, and what it does.

    The turn offers ``offer``'s plays for a hand holding ``needs`` and ``values``; the
    play asks ``recognises`` of each combo switched on, in the registry's order, and
    pushes its steps from the flags; ``resolve`` (or ``noped``) runs once its window
    closes.
    """

    name: str  # its game setting and its statistics counter
    label: str  # what the views call its play (a ``schema.PlayName``)
    title: str  # its setting, in words
    needs: int  # value bits (1 << rank) the hand must hold for ``offer.applies`` to be asked
    values: int  # how many distinct values (Ace to King) it must hold, likewise
    offer: Offer  # ``applies`` and ``options`` as compiled methods, which the turn calls
    recognises: Callable[[Sequence[int], Sequence[int]], bool]  # sorted values, kinds
    resolve: Callable[[ChezCore, Pending], None]  # once no nope cancelled it
    noped: Callable[[ChezCore, Pending], None]  # once an odd number of nopes did
    asks_applies: bool = False  # ``needs`` and ``values`` do not say it all
    targeted: bool = False  # its player names another player first
    targets_empty_hands: bool = False  # ... who may be one without cards
    dice: tuple[int, ...] = ()  # rolled before its window
    nopeable: bool = True  # it opens a reaction window
    pickup_if_emptied: bool = False  # an emptied hand picks up one card at once

    @property
    def setting(self) -> Setting:
        return switch(self.name, self.title)


@dataclass(frozen=True, eq=False)
class FrontCombo:
    """A combo laid in front of its player with the bonus action (Castle, Siege, Betting
    Man): the turn asks ``offer`` (its questions as compiled methods) whenever the hand
    holds ``offer.needs``, and applies an action through the rule whose ``offer`` owns it."""

    name: str  # its game setting
    title: str  # its setting, in words
    offer: FrontOffer

    @property
    def setting(self) -> Setting:
        return switch(self.name, self.title)


def every_play(rule: DiscardCombo) -> list[Play]:
    """Every play ``rule`` offers a hand holding every card (the RL action table's
    combos): each first/last choice, the middle cards canonical."""
    by_rank: list[list[int]] = [[] for _ in range(14)]
    for kind in range(NKINDS):
        by_rank[RANK[kind]].append(kind)
    out: list[Play] = []
    rule.offer.options(by_rank, EVERY_KIND, out)
    return out
