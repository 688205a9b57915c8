"""The turn's combo and Doubles plays are memoised under small int keys; a key that
let two different hands share an entry would list one hand's plays for the other.
Listing with warm memos (filled by other games) must give what listing afresh gives."""

from __future__ import annotations

import random

from cardtable import load_game
from cardtable.games.chez.actions import Play
from cardtable.games.chez.cards import RANK
from cardtable.games.chez.playability import PLAYABLE
from cardtable.games.chez.rules import DISCARD, doubles


def _clear_memos() -> None:
    doubles._MEMO.clear()
    for rule in DISCARD:
        rule.offer.memo.clear()


def test_warm_memos_list_what_a_fresh_listing_lists() -> None:
    for players in (4, 8):
        game = load_game("chez", players=players)
        rng = random.Random(11)
        turns = []
        for seed in range(40):
            state = game.new_initial_state(seed=seed)
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(state.sample_chance())
                    continue
                if not state.stack and rng.random() < 0.1:
                    turns.append(state.clone())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        assert len(turns) > 200
        warm = [[str(a) for a in t.clone()._turn_legal()] for t in turns]
        assert any("+" in " ".join(w) for w in warm)  # combos and Doubles were listed
        fresh = []
        for t in turns:
            _clear_memos()
            fresh.append([str(a) for a in t.clone()._turn_legal()])
        assert warm == fresh


def test_memoised_combos_list_exactly_their_own_plays_for_the_top() -> None:
    """The memo keeps a combo's plays as if every card were playable and the turn keeps
    those whose first card may go on the top: each combo's own ``options`` for the true
    playability row must all be listed, and no listed play may start with a card the
    top refuses (which a filter that kept every run would list)."""
    game = load_game("chez", players=4)
    memoised = [rule for rule in game.discard_combos if rule.offer.kinds]
    rng = random.Random(5)
    checked = 0
    for seed in range(60):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            legal = state.legal_actions()
            if not state.stack and not state.facing and state.actions_left:
                kinds = sorted(state.kind[c] for c in state.hands[state.turn])
                by_rank = [[k for k in kinds if RANK[k] == r] for r in range(14)]
                playable = PLAYABLE[state.topkey]
                values = {RANK[k] for k in kinds}
                for rule in memoised:
                    need = {r for r in range(14) if rule.needs >> r & 1}
                    if need <= values and len(values - {0}) >= rule.values:
                        own: list[Play] = []
                        rule.offer.options(by_rank, playable, own)
                        assert set(own) <= set(legal), (seed, rule.name)
                        checked += len(own)
                for action in legal:
                    if isinstance(action, Play) and len(action.cards) > 1:
                        assert playable[action.cards[0]], (seed, str(action))
            state.apply_action(legal[rng.randrange(len(legal))])
    assert checked > 500  # combos were listed often enough to mean something


def test_doubles_read_off_the_kind_bits_with_one_deck_as_off_the_hand() -> None:
    """With one deck no kind repeats, so Doubles read each value's count code off the
    hand's kind bits; that must list what counting the hand's cards lists."""
    rng = random.Random(3)
    deck = list(range(53)) + [52]  # 52 cards and two Jokers
    for _ in range(3000):
        kinds = rng.sample(deck, rng.randrange(2, 12))
        mask = dup = kbits = 0
        for k in kinds:
            bit = 1 << RANK[k]
            dup |= mask & bit
            mask |= bit
            kbits |= 1 << k
        topkey = rng.randrange(len(PLAYABLE))
        fast: list[Play] = []
        slow: list[Play] = []
        for one_deck, out in ((True, fast), (False, slow)):
            doubles.options(kinds, dup, kbits, one_deck, topkey, PLAYABLE[topkey], out, True)
        assert fast == slow, sorted(kinds)
