"""Card conservation and the resampler: re-deal what a seat has not seen.

Card ids move only by public actions, so the re-deal keeps every id where it
is and draws new pieces for the ids ``seat`` has not seen, from the pieces it
cannot place.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TypeVar

from cardtable.engine.game import check_seat
from cardtable.games.contest import actions as act
from cardtable.games.contest.core import ContestCore
from cardtable.games.contest.deals import deal_of
from cardtable.games.contest.pieces import LETTER, Piece

S = TypeVar("S", bound=ContestCore)


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
    check_seat(state, seat)
    other = state.clone()
    for owner in (0, 1):
        known = state.known[seat][owner]
        pool: Counter[int] = Counter({Piece(p): n for p, n in enumerate(state.counts)})
        for i in known:
            pool[state.piece[owner][i]] -= 1
        free = [p for p, n in pool.items() for _ in range(n)]
        rng.shuffle(free)
        pieces = other.piece[owner]
        for i in range(state.size):
            if pieces[i] >= 0 and i not in known:
                pieces[i] = free.pop()
        placed = Counter(p for p in pieces if p >= 0)
        other.deal_left[owner] = [n - placed[p] for p, n in enumerate(state.counts)]
    other.reseed(rng)
    if state.deal is not None:
        other.deal = deal_of(other.piece)
    else:
        size = state.size
        dealt = min(state.dealt, 2 * size)
        other.rewrite_outcomes(
            (i, act.DEAL[i // size][other.piece[i // size][i % size]]) for i in range(dealt)
        )
    return other
