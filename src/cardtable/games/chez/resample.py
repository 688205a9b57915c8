"""Re-deal what a seat has not seen, keeping everything it has seen true.

Where every card id is follows from public actions; what is hidden is the
kind of the ids a seat never saw. A resample permutes those kinds. Three
things keep the result faithful:

* history entries that name a hidden id's kind (chance draws, a King's blind
  take, a King's give-back) are rewritten with the id's new kind, and an
  explicit deal is rewritten from the new kinds, so ``to_record()`` replays;
* public play answers questions about hidden hands -- a pick-up with or
  without the Plague roll says whether the player could have played, a
  combo's canonical middle cards say no lower copy stayed in hand, and with
  ``nope_window=ace-holders`` being asked says you hold a usable Ace: every
  such answer is remembered, and a permutation is kept only if all stay true;
* the seat's own cards and every public card keep their kinds.

A full random permutation is tried first; when the pick-up answers make that
unlikely, random swaps from the true deal are accepted one by one while they
keep every answer (a Markov chain whose stationary law is uniform over the
consistent deals).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, TypeVar

from cardtable.engine.draws import below, pair, shuffle
from cardtable.engine.game import Action, check_seat
from cardtable.games.chez import actions as act
from cardtable.games.chez.cards import NAME
from cardtable.games.chez.core import ChezCore
from cardtable.games.chez.piles import Seg

StateT = TypeVar("StateT", bound=ChezCore)

# a static tuple of the outcome tables (a module name that is not ``Final`` is a dictionary
# lookup on every use), typed so that an outcome is found by two native indexings
TABLES: Final[tuple[tuple[Action, ...], ...]] = (act.DRAW, act.TAKE, act.GIVE)
TRIES = 20


def _walk(node: tuple[Any, ...] | None) -> list[Any]:
    out = []
    while node is not None:
        out.append(node[0])
        node = node[1]
    return out


def _holds(kind: list[int], constraint: tuple[tuple[int, ...], frozenset[int], bool]) -> bool:
    """Whether one remembered answer to "did this hand hold one of these kinds" holds."""
    hand, kinds, holds = constraint
    for c in hand:
        if kind[c] in kinds:
            return holds
    return not holds


def _consistent(kind: list[int], constraints: list[Any]) -> bool:
    """Every remembered answer to "did this hand hold one of these kinds" still holds."""
    for constraint in constraints:  # noqa: SIM110 - a generator costs more here
        if not _holds(kind, constraint):
            return False
    return True


def resample_state(state: StateT, seat: int, rng: random.Random) -> StateT:
    check_seat(state, seat)
    bit = 1 << seat
    groups: dict[int, list[int]] = {}
    known = state.known
    pool_of = state.pool
    for cid in _live_ids(state):
        if not known[cid] & bit:
            group = groups.get(pool_of[cid])
            if group is None:
                groups[pool_of[cid]] = [cid]
            else:
                group.append(cid)
    free = [g for g in groups.values() if len(g) > 1]
    constraints = _walk(state.constraints)
    dealt = state.kind
    kind = list(dealt)
    if free:
        for _ in range(TRIES):
            trial = list(dealt)
            for group in free:
                pool = [trial[c] for c in group]
                shuffle(rng, pool)
                # by index, not ``zip``: compiled, a ``zip`` is a generic iterator of tuples
                for i in range(len(group)):
                    trial[group[i]] = pool[i]
            if _consistent(trial, constraints):
                kind = trial
                break
        else:
            # the chain starts from the true deal, which keeps every answer, and each
            # accepted swap keeps them: only the answers about hands holding a swapped
            # card can change, so only those are asked again
            about: dict[int, list[Any]] = {}
            for constraint in constraints:
                for c in constraint[0]:
                    about.setdefault(c, []).append(constraint)
            nothing: list[Any] = []
            for _ in range(4 * sum(len(g) for g in free)):
                a, b = pair(rng, free[below(rng, len(free))])
                if kind[a] == kind[b]:
                    continue
                kind[a], kind[b] = kind[b], kind[a]
                if not (
                    _consistent(kind, about.get(a, nothing))
                    and _consistent(kind, about.get(b, nothing))
                ):
                    kind[a], kind[b] = kind[b], kind[a]
    other = state.clone()
    other.kind = tuple(kind)
    other.pile = [Seg.shuffled(s.ids, other.kind) if s.random else s for s in other.pile]
    # the tags typed, so that each unpacks natively (an ``Any`` tuple unpacks through the
    # generic iterator protocol, item by item), and the outcomes handed over as a list
    tags: list[tuple[int, int, int]] = _walk(state.tags)
    outcomes: list[tuple[int, Action]] = []
    for index, cid, table in tags:
        outcomes.append((index, TABLES[table][kind[cid]]))
    other.rewrite_outcomes(outcomes)
    if state.deal is not None:
        other.deal = _rewrite_deal(state, kind)
    other.reseed(rng)
    other._outcomes = None
    return other


def _live_ids(state: ChezCore) -> list[int]:
    ids: list[int] = []
    for h in state.hands:
        ids += h
    for seg in state.pile:
        ids += seg.ids
    return ids


def _rewrite_deal(state: ChezCore, kind: Sequence[int]) -> dict[str, Any]:
    """The explicit deal with the new kinds: ids were laid out hands, top, draw pile."""
    hands = []
    cid = 0
    for size in state.layout:
        hands.append([NAME[kind[c]] for c in range(cid, cid + size)])
        cid += size
    deal = dict(state.deal)
    deal["hands"] = hands
    deal["top"] = NAME[kind[cid]]
    deal["draw"] = [NAME[kind[c]] for c in range(cid + 1, state.deck_size)]
    return deal
