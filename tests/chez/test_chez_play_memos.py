"""The turn's combo and Doubles plays are memoised under small int keys; a key that
let two different hands share an entry would list one hand's plays for the other.
Listing with warm memos (filled by other games) must give what listing afresh gives."""

from __future__ import annotations

import random

from cardtable import load_game
from cardtable.games.chez.combos import DISCARD, doubles


def _clear_memos() -> None:
    doubles._MEMO.clear()
    for rule in DISCARD:
        rule.OFFER.memo.clear()


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
