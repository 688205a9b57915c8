"""The ``debt_steps`` setting: a Barrel with fewer Bet Debt steps, or none."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.engine.conformance import run_conformance
from cardtable.engine.errors import CardtableError, SettingError

from .ctj_helpers import do, state_with, texts


def test_without_bet_debt_a_pick_cannot_be_outbid() -> None:
    s = state_with(debt_steps=0)
    assert s.game.max_debt == 0
    do(s, "pick under")
    assert texts(s) == ["pass"]
    with pytest.raises(CardtableError, match="debt"):
        s.apply_text("pick trump H debt 5")
    assert texts(s) == ["pass"]  # the refused move changed nothing


def test_fewer_steps_stop_the_barrel_early() -> None:
    s = state_with(debt_steps=2)
    do(s, "pick under")
    debts = sorted({int(t.rsplit(" ", 1)[1]) for t in texts(s) if "debt" in t})
    assert debts == [5, 10]


def test_steps_outside_the_barrel_are_refused() -> None:
    with pytest.raises(SettingError, match="debt_steps"):
        cardtable.load_game("chai-tea-jazz", debt_steps=8)


def test_the_tiniest_deal_gives_one_card_each_and_plays_by_the_rules() -> None:
    from cardtable.rl.tiny import load_tiny

    game = load_tiny("chai-tea-jazz")
    assert game.hand_size == 1 and game.tricks == 1 and game.max_debt == 0
    report = run_conformance(game, games=8, deep_every=4)
    assert report.games == 8
