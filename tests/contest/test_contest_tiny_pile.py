"""The ``pile`` setting: tiny Contest variants for exact methods."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.engine.conformance import run_conformance
from cardtable.engine.errors import BadDealError, IllegalActionError, SettingError


def test_a_tiny_pile_passes_the_conformance_suite():
    game = cardtable.load_game("contest", pile="KQPP", max_rounds=6)
    report = run_conformance(game, games=20, deep_every=2)
    assert report.games == 20


def test_only_pieces_in_the_pile_may_be_declared():
    game = cardtable.load_game("contest", pile="KQP", max_rounds=3)
    state = game.new_initial_state(deal={"black": ["K", "Q", "P"], "white": ["P", "K", "Q"]})
    assert [str(a) for a in state.legal_actions()] == ["Q", "P"]
    with pytest.raises(IllegalActionError, match="only pieces in the pile may be declared: Q P"):
        state.apply_text("R")
    assert game.deck() == {"K": 2, "Q": 2, "P": 2}


def test_a_deal_must_match_the_pile():
    game = cardtable.load_game("contest", pile="KQP")
    with pytest.raises(BadDealError, match="must hold 3 cards"):
        game.new_initial_state(deal={"black": ["K", "Q"], "white": ["P", "K", "Q"]})


@pytest.mark.parametrize("pile", ["QP", "KKP", "K", "KX", ""])
def test_a_pile_needs_one_king_and_another_piece(pile):
    with pytest.raises(SettingError, match="exactly one K"):
        cardtable.load_game("contest", pile=pile)
