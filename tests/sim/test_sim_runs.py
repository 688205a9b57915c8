"""Simulation runs: the same outcomes for any worker count, Ctrl-C keeps what finished,
plots are written as PNG files, and a small run on local Ray equals the local run."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.sim.arena import ArenaSpec, play_arena_game, run_games
from cardtable.sim.plots import write_plots
from cardtable.sim.runner import GameOutcome, SimSpec, play_one, run_local

SPEC = SimSpec("contest", 2, {"max_rounds": 500}, ("random", "heuristic"), seed=21)
PNG = b"\x89PNG\r\n\x1a\n"


def test_simulation_gives_the_same_outcomes_for_any_worker_count() -> None:
    serial = run_local(SPEC, 16, workers=1)
    assert run_local(SPEC, 16, workers=2, chunk=3) == serial
    assert run_games(play_one, SPEC, 16, workers=2, chunk=5) == serial


def test_a_resumed_run_plays_only_the_missing_games_and_reports_each_as_it_ends() -> None:
    serial = run_local(SPEC, 16, workers=1)
    kept = {0, 3, 4, 9, 15}
    for workers in (1, 2):
        heard: list[GameOutcome] = []
        rest = run_games(
            play_one, SPEC, 16, workers=workers, chunk=4, skip=kept, on_outcome=heard.append
        )
        assert rest == [o for o in serial if o.index not in kept]
        assert sorted(heard, key=lambda o: o.index) == rest


def _interrupt_after(n: int):
    seen = 0

    def progress(k: int) -> None:
        nonlocal seen
        seen += k
        if seen >= n:
            raise KeyboardInterrupt

    return progress


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_the_games_that_finished(workers: int) -> None:
    full = run_local(SPEC, 12, workers=1)
    kept = run_local(SPEC, 12, workers=workers, chunk=2, progress=_interrupt_after(4))
    assert 4 <= len(kept) < 12
    assert kept == [full[o.index] for o in kept]


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_the_finished_arena_games(workers: int) -> None:
    spec = ArenaSpec("contest", 2, {"max_rounds": 500}, ("random", "heuristic"))
    kept = run_games(
        play_arena_game, spec, 12, workers=workers, chunk=2, progress=_interrupt_after(4)
    )
    assert 4 <= len(kept) < 12
    assert [o.index for o in kept] == sorted(o.index for o in kept)


def _fake(index: int, seating: tuple[str, ...], extra: dict) -> GameOutcome:
    returns = tuple(float((index + seat) % 3) for seat in range(len(seating)))
    return GameOutcome(index, index, seating, returns, None, 20 + index, extra)


def test_plots_are_png_files_including_per_label_figures_from_extra(tmp_path: Path) -> None:
    outcomes = [
        _fake(
            i,
            ("ismcts", "heuristic", "heuristic"),
            {
                "tricks": i % 7,
                "contract_scores": {"No Tricks": -i, "Trumps": i % 5},
                "jobs": ["Coder", "Musician", "Student"][i % 3 :] + ["Coder"] * (i % 3),
            },
        )
        for i in range(30)
    ]
    paths = write_plots(outcomes, tmp_path / "p", "Test")
    names = sorted(p.name for p in paths)
    assert names == [
        "extra-contract-scores.png",
        "extra-jobs.png",
        "extra-tricks.png",
        "lengths.png",
        "scores.png",
        "win-rates.png",
    ]
    for p in paths:
        assert p.read_bytes().startswith(PNG)


def test_simulate_command_writes_plots(tmp_path: Path, capsys) -> None:
    plots = tmp_path / "plots"
    code = main(
        ["simulate", "contest", "--games", "6", "--bots", "random,heuristic", "--workers", "1",
         "--no-progress", "--plots", str(plots)]
    )  # fmt: skip
    assert code == 0
    assert "Plots written" in capsys.readouterr().out
    assert (plots / "win-rates.png").read_bytes().startswith(PNG)


@pytest.mark.ray
def test_a_small_run_on_local_ray_equals_the_local_run() -> None:
    pytest.importorskip("ray")
    from cardtable.sim.ray_runner import run_ray

    spec = ArenaSpec("contest", 2, {"max_rounds": 500}, ("random", "heuristic", "ismcts-fast"))
    games = 6  # one deal: three tables, two rotations each
    local = run_games(play_arena_game, spec, games, workers=1)
    assert run_ray(play_arena_game, spec, games, num_cpus=2, chunk=2) == local
