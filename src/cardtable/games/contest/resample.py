"""Card conservation and the resampler: re-deal what a seat has not seen.

Card ids move only by public actions, so the re-deal keeps every id where it
is and draws new pieces for the ids ``seat`` has not seen, from the pieces it
cannot place.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Final, TypeVar

from cardtable.engine.draws import shuffle
from cardtable.engine.game import check_seat
from cardtable.games.contest import actions as act
from cardtable.games.contest.core import ContestCore
from cardtable.games.contest.deals import deal_of
from cardtable.games.contest.pieces import LETTER

S = TypeVar("S", bound=ContestCore)

# the deal outcomes by seat and piece, a static (``act.DEAL`` is a lookup by name per card)
DEAL: Final = act.DEAL


def cards(state: ContestCore) -> Counter[str]:
    """Every piece of both piles (undealt ones by count); a lost or doubled id shows."""
    total: Counter[str] = Counter()
    size = state.size
    for seat in (0, 1):
        undealt = size - max(0, min(size, state.dealt - seat * size))
        placed = Counter(p for p in state.piece[seat] if p >= 0)
        for p, n in enumerate(state.counts):
            if not n:
                continue
            total[LETTER[p]] += placed[p] + (n - placed[p] if undealt else 0)
        main, defeated, table = state.main[seat], state.defeated[seat], state.table[seat]
        zones = len(main) + len(defeated) + len(table)
        if zones != size or len(set(main) | set(defeated) | set(table)) != size:
            total["<misplaced>"] += 1
    return total


def resample(state: S, seat: int, rng: random.Random) -> S:
    """Searches call this once per iteration, so it does what ``clone`` and
    ``rng.shuffle`` would do without their costs: the copy's RNG is not copied (it is
    replaced by ``reseed``), and the shuffle is ``random.shuffle``'s own Fisher-Yates
    swaps from the same draws (``engine.draws``), so a seeded search re-deals the same
    cards.
    """
    check_seat(state, seat)
    other = state._copy()
    other._history = list(state._history)
    legal = state._legal
    other._legal = None if legal is None else list(legal)
    counts = state.counts
    for owner in (0, 1):
        known = state.known[seat][owner]
        true_pieces = state.piece[owner]
        pool = list(counts)
        for i in known:
            pool[true_pieces[i]] -= 1
        free = [p for p in range(len(pool)) for _ in range(pool[p])]
        shuffle(rng, free)
        pieces = other.piece[owner]
        left = list(counts)
        for i in range(state.size):
            piece = pieces[i]
            if piece >= 0:
                if i not in known:
                    piece = pieces[i] = free.pop()
                left[piece] -= 1
        other.deal_left[owner] = left
    other.reseed(rng)
    if state.deal is not None:
        other.deal = deal_of(other.piece)
    else:
        size = state.size
        dealt = min(state.dealt, 2 * size)
        by_seat = other.piece
        other.rewrite_outcomes(
            [(i, DEAL[i // size][by_seat[i // size][i % size]]) for i in range(dealt)]
        )
    return other
