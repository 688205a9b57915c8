"""The ``cardtable`` command as a newcomer uses it: play, replay, rules, simulate, games."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cardtable.cli import main


def run_cli(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cardtable.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
    )


def test_play_contest_to_the_end_then_replay_it(tmp_path):
    # Cycling through one answer of each kind answers every prompt; bad ones are re-asked.
    answers = "P\npass\npile\n" * 3000
    done = run_cli("play", "contest", "--seed", "5", "--record-dir", str(tmp_path), stdin=answers)
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout
    assert "Not accepted:" in done.stdout  # the re-prompt names the reason
    saved = list(tmp_path.glob("contest-*-5.json"))
    assert len(saved) == 1
    record = json.loads(saved[0].read_text())
    assert record["result"]["terminal"] is True
    shown = run_cli("replay", str(saved[0]), "--all", "--seat", "0")
    assert shown.returncode == 0, shown.stderr
    assert "Game over" in shown.stdout
    assert shown.stdout.count("\n[") >= 20  # one line per step


def test_play_leaves_cleanly_on_end_of_input_and_keeps_the_record(tmp_path):
    done = run_cli("play", "contest", "--seed", "9", "--record-dir", str(tmp_path), stdin="Q\n")
    assert done.returncode == 0, done.stderr
    assert "You left the game." in done.stdout
    assert "Traceback" not in done.stderr
    assert list(tmp_path.glob("contest-*-9.json"))


def test_rules_prints_the_docs():
    done = run_cli("rules", "contest")
    assert done.returncode == 0
    assert "# ChardZ Contest" in done.stdout and "Notation" in done.stdout


def test_simulate_prints_win_rates_with_intervals():
    done = run_cli(
        "simulate", "contest", "--games", "200", "--bots", "heuristic,random", "--no-progress"
    )
    assert done.returncode == 0, done.stderr
    assert "heuristic" in done.stdout and "95% CI" in done.stdout
    assert "200 games" in done.stdout


def test_unknown_game_is_a_clear_error_not_a_traceback(capsys):
    assert main(["simulate", "poker", "--games", "3"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'poker'" in err and "contest" in err


def test_unknown_bot_is_a_clear_error(capsys):
    assert main(["simulate", "contest", "--bots", "genius", "--games", "3"]) == 2
    assert "available bots: easy, medium, hard, expert, heuristic, " in capsys.readouterr().err


def test_replay_of_a_tampered_record_names_the_action(tmp_path, capsys):
    path = tmp_path / "r.json"
    record = {
        "format": "cardtable-record",
        "version": 1,
        "game": "contest",
        "players": 2,
        "settings": {},
        "seed": 1,
        "deal": None,
        "actions": ["deal 0 Q", "deal 0 Q"],
    }
    path.write_text(json.dumps(record))
    assert main(["replay", str(path), "--all"]) == 2
    assert "action 1" in capsys.readouterr().err


def test_games_lists_every_registered_game(capsys):
    assert main(["games"]) == 0
    assert "contest — ChardZ Contest (2 players)" in capsys.readouterr().out
