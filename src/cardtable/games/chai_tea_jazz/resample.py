"""Re-deal the cards a seat cannot see, consistently with everything it saw.

Hidden from a seat in the current round: the other hands' unplayed cards,
face-down straw cards (hidden from their owner too), the set-aside cards and
the undealt rest. Earlier rounds are fully public (every card is played or
shown), so only the current round's deal is rewritten: its chance actions in
the history, or its entry of an explicit deal. The only constraint a seat can
infer is a void: a player who did not follow the led suit (and did not trump
it by choice, or play a Joker) holds none of it.
"""

from __future__ import annotations

import random
from typing import Final, TypeVar

from cardtable.engine.draws import shuffle
from cardtable.games.chai_tea_jazz.cards import NUM_CODES, SUIT_OF
from cardtable.games.chai_tea_jazz.core import ChaiTeaJazzCore
from cardtable.games.chai_tea_jazz.deals import slots_to_round
from cardtable.games.chai_tea_jazz.phases import Phase
from cardtable.games.chai_tea_jazz.zones import ASIDE, DOWN, HAND

TRIES = 50
SUITS = max(SUIT_OF) + 1
UNDEALT = -2  # the group of the cards not dealt yet
# the zones and the dealing phase as statics, compared by identity
HAND_ZONE: Final = HAND
DOWN_ZONE: Final = DOWN
ASIDE_ZONE: Final = ASIDE
DEAL_PHASE: Final = Phase.DEAL
S = TypeVar("S", bound=ChaiTeaJazzCore)


def hidden_slots(state: ChaiTeaJazzCore, seat: int) -> tuple[list[int], list[int]]:
    """Every dealt slot hidden from ``seat``: the slots' indexes, and each one's group.

    The group is the owner of a hand's card, -1 for a face-down straw card or a
    set-aside card. A hand's cards are counted in a list by card code, not a
    ``Counter``: a search re-deals at every iteration, and ``Counter`` runs
    interpreted. Two lists rather than one of pairs, and zones compared by
    identity: each pair and each ``==`` on an ``IntEnum`` is a generic object
    operation, for every slot of every re-deal.
    """
    game = state.game
    held = [0] * NUM_CODES * game.num_players
    for owner, hand in enumerate(state.hands):
        if owner != seat:
            base = owner * NUM_CODES
            for card in hand:
                held[base + card] += 1
    places: list[int] = []
    owners: list[int] = []
    layout = game.layout
    down = state.down
    aside = bool(state.aside)
    for i, card in enumerate(state.slots):
        zone, owner, index = layout[i]
        if zone is HAND_ZONE:
            if owner != seat:
                at = owner * NUM_CODES + card
                if held[at] > 0:
                    held[at] -= 1
                    places.append(i)
                    owners.append(owner)
        elif zone is DOWN_ZONE:
            if down[owner][index] >= 0:
                places.append(i)
                owners.append(-1)
        elif zone is ASIDE_ZONE and aside:
            places.append(i)
            owners.append(-1)
    return places, owners


def _assign(
    pool: list[int], sizes: list[int], bars: list[int], rng: random.Random
) -> list[list[int]] | None:
    """Cards to groups (capacity ``sizes[i]``) avoiding each group's void suits (``bars[i]``).

    Most constrained cards first, each to a group that may hold it with odds by the
    room it has left; a dead end starts again. The draws are ``rng.shuffle`` and
    ``rng.choices`` made without their interpreted layers (``engine.draws``): a
    search re-deals at every iteration.
    """
    size = len(sizes)
    # how many groups may hold each suit
    room_for: list[int] = []
    for suit in range(SUITS):
        room = 0
        for m in bars:
            if not m >> suit & 1:
                room += 1
        room_for.append(room)
    n = len(pool)
    rand = rng.random
    for _ in range(TRIES):
        cards = pool[:]
        shuffle(rng, cards)
        keys = [room_for[SUIT_OF[c]] for c in cards]
        # the cards by their key, in their order within a key: the order ``sorted`` gives
        # (it is stable), as a count over the few keys instead of a key call per card
        order: list[int] = []
        for key in range(size + 1):
            for at in range(n):
                if keys[at] == key:
                    order.append(at)
        left = sizes[:]
        dealt: list[list[int]] = [[] for _ in range(size)]
        ok = True
        for at in order:
            c = cards[at]
            suit = SUIT_OF[c]
            # ``engine.draws.weighted`` over each group's room for this suit, written out
            # on the list: the same total, the same draw and the same walk
            total = 0
            for i in range(size):
                if not bars[i] >> suit & 1:
                    total += left[i]
            if not total:
                ok = False
                break
            x = rand() * total
            acc = 0
            pick = 0
            for i in range(size):
                w = left[i] if not bars[i] >> suit & 1 else 0
                acc += w
                if x < acc:
                    pick = i
                    break
                if w:
                    pick = i
            dealt[pick].append(c)
            left[pick] -= 1
        if ok:
            return dealt
    return None


def resample(state: S, seat: int, rng: random.Random) -> S:
    game = state.game
    n = game.num_players
    other = state.clone()
    other.reseed(rng)
    places, owners = hidden_slots(state, seat)
    dealt_before = state.slots
    pool = [dealt_before[i] for i in places]
    left = state.deal_left
    if left is not None:
        pool += left
    else:
        for c, k in state.undealt_counts.items():
            pool += [c] * k
    # the groups in the order they first hold a hidden slot, then the undealt rest; each
    # slot's group by its place in that order (``at[g + 2]`` for group ``g``)
    at = [-1] * (n + 2)
    names: list[int] = []
    sizes: list[int] = []
    group_of: list[int] = []
    for g in owners:
        k = at[g + 2]
        if k < 0:
            k = at[g + 2] = len(names)
            names.append(g)
            sizes.append(0)
        sizes[k] += 1
        group_of.append(k)
    undealt = -1
    if state.remaining:
        undealt = len(names)
        names.append(UNDEALT)
        sizes.append(state.remaining)
    if not pool:
        return other
    void = state.void
    bars = [void[g] if g >= 0 else 0 for g in names]
    got = _assign(pool, sizes, bars, rng)
    if got is None:
        return other  # the true deal is the only one found; keep it
    slots = other.slots
    hands: list[list[int]] = [[] for _ in range(n)]
    for k in range(len(places)):
        card = got[group_of[k]].pop()
        slots[places[k]] = card
    # each hand's cards in slot order (the pops above fill the slots from each group's end)
    for k in range(len(places)):
        g = owners[k]
        if g >= 0:
            hands[g].append(slots[places[k]])
    rest_cards = got[undealt] if undealt >= 0 else []
    if other.deal_left is not None:
        other.deal_left = sorted(rest_cards)
    else:
        rest: dict[int, int] = {}
        for c in rest_cards:
            rest[c] = rest.get(c, 0) + 1
        other.undealt_counts = rest
    dealing = state.phase is DEAL_PHASE
    for owner in range(n):
        if owner != seat:
            hand = hands[owner]
            if not dealing:
                hand.sort()
            other.hands[owner] = hand
    if n == 2:
        aside = []
        layout = game.layout
        for i in places:
            zone, owner, index = layout[i]
            if zone is DOWN_ZONE:
                other.down[owner][index] = slots[i]
            elif zone is ASIDE_ZONE:
                aside.append(slots[i])
        if aside:
            other.aside = aside
    r = state.round_no
    if r < len(state.explicit):
        explicit = list(state.explicit)
        explicit[r] = tuple(slots)
        other.explicit = tuple(explicit)
        other.deal = [slots_to_round(game, list(s)) for s in explicit]
    else:
        table = game.deal_actions
        start = state.deal_start
        other.rewrite_outcomes([(start + i, table[card]) for i, card in enumerate(slots)])
    return other
