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
from typing import TypeVar

from cardtable.engine.draws import shuffle
from cardtable.games.chai_tea_jazz.cards import NUM_CODES, SUIT_OF
from cardtable.games.chai_tea_jazz.core import ChaiTeaJazzCore
from cardtable.games.chai_tea_jazz.deals import slots_to_round
from cardtable.games.chai_tea_jazz.phases import Phase
from cardtable.games.chai_tea_jazz.zones import ASIDE, DOWN, HAND

TRIES = 50
SUITS = max(SUIT_OF) + 1
S = TypeVar("S", bound=ChaiTeaJazzCore)


def hidden_slots(state: ChaiTeaJazzCore, seat: int) -> list[tuple[int, int]]:
    """(slot index, group) of every dealt slot hidden from ``seat``; group = owner or -1.

    A hand's cards are counted in a list by card code, not a ``Counter``: a search
    re-deals at every iteration, and ``Counter`` runs interpreted.
    """
    game = state.game
    held = [0] * NUM_CODES * game.num_players
    for owner, hand in enumerate(state.hands):
        if owner != seat:
            base = owner * NUM_CODES
            for card in hand:
                held[base + card] += 1
    out = []
    layout = game.layout
    down = state.down
    aside = bool(state.aside)
    for i, card in enumerate(state.slots):
        zone, owner, index = layout[i]
        if zone == HAND:
            if owner != seat:
                at = owner * NUM_CODES + card
                if held[at] > 0:
                    held[at] -= 1
                    out.append((i, owner))
        elif zone == DOWN:
            if down[owner][index] >= 0:
                out.append((i, -1))
        elif zone == ASIDE and aside:
            out.append((i, -1))
    return out


def _assign(
    pool: list[int], groups: dict[int, int], masks: dict[int, int], rng: random.Random
) -> dict[int, list[int]] | None:
    """Cards to groups (capacity ``groups[g]``) avoiding each group's void suits.

    Most constrained cards first, each to a group that may hold it with odds by the
    room it has left; a dead end starts again. The draws are ``rng.shuffle`` and
    ``rng.choices`` made without their interpreted layers (``engine.draws``): a
    search re-deals at every iteration.
    """
    names = list(groups)
    size = len(names)
    bars = [masks[g] for g in names]
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
        left = [groups[g] for g in names]
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
            return {g: dealt[i] for i, g in enumerate(names)}
    return None


def resample(state: S, seat: int, rng: random.Random) -> S:
    game = state.game
    other = state.clone()
    other.reseed(rng)
    hidden = hidden_slots(state, seat)
    pool = [state.slots[i] for i, _ in hidden]
    for c, k in state.undealt.items():
        pool += [c] * k
    groups: dict[int, int] = {}
    for _, g in hidden:
        groups[g] = groups.get(g, 0) + 1
    undealt_group = -2
    if state.remaining:
        groups[undealt_group] = state.remaining
    if not pool:
        return other
    masks = {g: (state.void[g] if g >= 0 else 0) for g in groups}
    got = _assign(pool, groups, masks, rng)
    if got is None:
        return other  # the true deal is the only one found; keep it
    slots = other.slots
    for i, g in hidden:
        slots[i] = got[g].pop()
    rest: dict[int, int] = {}
    for c in got.get(undealt_group, []):
        rest[c] = rest.get(c, 0) + 1
    if other.deal_left is not None:
        other.deal_left = sorted(rest)
    else:
        other.undealt_counts = rest
    dealing = state.phase is Phase.DEAL
    for owner in range(game.num_players):
        if owner == seat:
            continue
        hand = [slots[i] for i, g in hidden if g == owner]
        other.hands[owner] = hand if dealing else sorted(hand)
    aside = []
    layout = game.layout
    for i, _g in hidden:
        zone, owner, index = layout[i]
        if zone == DOWN:
            other.down[owner][index] = slots[i]
        elif zone == ASIDE:
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
        other.rewrite_outcomes((start + i, table[card]) for i, card in enumerate(slots))
    return other
