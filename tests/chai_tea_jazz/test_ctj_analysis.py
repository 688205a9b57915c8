"""``cardtable analyze``: every trick of a saved record solved for one seat."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.bots.registry import make_bot
from cardtable.cli import main
from cardtable.engine.record import load_record, replay_states, save_record
from cardtable.games.chai_tea_jazz.ai.analysis import choices
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.sim.match import play_match

UNDER_ONLY = [{"name": "Under", "contract": "under", "value": 2}]


def saved_game(tmp_path: Path) -> Path:
    game = ChaiTeaJazzGame(3, setup=UNDER_ONLY)
    bots = [make_bot("heuristic", game, s, s) for s in range(3)]
    state = play_match(game, bots, seed=5, observe=False)
    return save_record(state, tmp_path / "game.json")


def test_analysis_scores_every_card_and_the_played_one_never_beats_the_best(
    tmp_path: Path,
) -> None:
    record = load_record(saved_game(tmp_path))
    states = replay_states(record)
    found = list(choices(states, states[-1].history(), seat=1, exact=4))
    assert found
    for choice in found:
        assert choice.played in choice.scores and len(choice.scores) >= 2
        assert choice.cost >= 0
        if choice.exact:
            assert choice.trick >= 9  # 12 tricks, exact from 4 left
    assert {c.round_no for c in found} == {1, 2, 3}


def test_analyze_command_prints_each_decision_and_a_total(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(tmp_path)
    assert main(["analyze", str(path), "--seat", "0", "--exact", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert any("played" in line and "best" in line for line in out)
    assert out[-1].endswith("searched 2 tricks deep)") and "decisions" in out[-1]


def test_analyze_refuses_a_seat_not_at_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(tmp_path)
    assert main(["analyze", str(path), "--seat", "5"]) == 2
    assert "--seat 5: seats are 0..2" in capsys.readouterr().err
