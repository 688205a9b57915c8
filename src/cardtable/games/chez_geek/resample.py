"""Where the cards are, and the resampler: an exact re-deal of the cards a seat has not seen.

Every Life card drawn is a *slot* (who drew it, in which shuffle of the pile, at
which move), and a slot is *revealed* once it is played or discarded face up. A
seat knows its own slots and the revealed ones; everything else is re-dealt from
the same shuffle's cards. Hands behave as multisets (a card is named by its
type), so any consistent re-deal keeps every later play legal.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TypeVar, cast

from cardtable.engine.counts import CardCount
from cardtable.engine.draws import shuffle
from cardtable.engine.game import State, check_seat
from cardtable.games.chez_geek import flow
from cardtable.games.chez_geek.core import ChezGeekCore
from cardtable.games.chez_geek.steps import Announced, Roll, Shopping

S = TypeVar("S", bound=ChezGeekCore)


def cards(st: ChezGeekCore) -> Counter[str]:
    """Every card where it is, by slug, and every Job (the conformance suite counts them)."""
    counts = st.pile[:]
    slot_type = st.slot_type
    for hand in st.hands:
        for slot in hand:
            counts[slot_type[slot]] += 1
    for room in st.rooms:
        for c in room:
            counts[c[0]] += 1
    for t in st.discard:
        counts[t] += 1
    for entry in st.table:
        counts[entry[0]] += 1
    for step in st.stack:
        if type(step) is Announced or type(step) is Shopping:
            for slot in step.slots:
                counts[slot_type[slot]] += 1
        elif type(step) is Roll and step.held >= 0:
            counts[step.held] += 1
    # every card type keeps its key, so a lost card shows as a wrong count
    total = CardCount()
    dict.update(total, zip(st.game.slugs, counts, strict=True))
    job_slugs = st.game.job_slugs
    jobs = st.job_pile + [j for j in st.job_of if j >= 0]
    if len(set(jobs)) == len(jobs):
        dict.update(total, dict.fromkeys([job_slugs[j] for j in jobs], 1))
    else:  # a Job in two places: count it twice, so the check reports it
        for j in jobs:
            total[job_slugs[j]] = total.get(job_slugs[j], 0) + 1
    return total


def resample(st: S, seat: int, rng: random.Random) -> S:
    """A copy in which every card ``seat`` has not seen is re-dealt from its shuffle's cards.

    The draws in the record are rewritten to match, and so is an explicit deal, so
    the copy's record replays to it.
    """
    check_seat(cast(State, st), seat)
    other = st.clone()
    ntypes = len(st.defs)
    by_epoch: dict[int, list[int]] = {}
    for slot, epoch in enumerate(st.slot_epoch):
        by_epoch.setdefault(epoch, []).append(slot)
    for epoch, pool_counts in enumerate(st.epoch_pool):
        pool = pool_counts[:]
        free: list[int] = []
        for slot in by_epoch.get(epoch, []):
            if st.slot_seat[slot] == seat or st.revealed[slot]:
                pool[st.slot_type[slot]] -= 1
            else:
                free.append(slot)
        cards = [t for t in range(ntypes) for _ in range(pool[t])]
        # ``rng.shuffle``'s swaps from its draws, compiled (it ran interpreted: three
        # quarters of a re-deal, and a quarter of a search's iteration)
        shuffle(rng, cards)
        for slot in free:
            other.slot_type[slot] = cards.pop()
        if epoch == st.epoch:
            rest = [0] * ntypes
            for t in cards:
                rest[t] += 1
            other.pile = rest
            other.pile_n = len(cards)
    draws = st.game.draw_actions
    other.rewrite_outcomes(
        (index, draws[other.slot_type[slot]])
        for slot, index in enumerate(st.slot_hist)
        if index >= 0
    )
    if st.deal is not None:
        other.deal = flow.rewrite_deal(other)
        other.forced = other.forced[: other.forced_pos]
        for slot, pos in enumerate(other.slot_forced):
            if pos >= 0:
                other.forced[pos] = other.slot_type[slot]
    other.reseed(rng)
    other._outcomes = None
    return other
