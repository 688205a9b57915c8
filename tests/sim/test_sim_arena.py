"""Arena: duplicate deals, seat rotation, tables, the summary, ratings and files."""

from __future__ import annotations

import csv
import json

import pytest

from cardtable.cli import main
from cardtable.engine.errors import SettingError
from cardtable.sim.arena import ArenaSpec, make_tables, play_arena_game, rounded_games, run_games
from cardtable.sim.ratings import ranks_of, rate
from cardtable.sim.runner import GameOutcome


def _spec(bots: tuple[str, ...], players: int = 2, **kw) -> ArenaSpec:
    return ArenaSpec("contest", players, {"max_rounds": 500}, bots, **kw)


def test_each_deal_is_played_in_every_seat_rotation_with_the_same_seed() -> None:
    spec = _spec(("random", "heuristic"), seed=10)
    assert [spec.seed_of(i) for i in range(6)] == [10, 10, 11, 11, 12, 12]
    assert [spec.seating(i) for i in range(2)] == [("random", "heuristic"), ("heuristic", "random")]


def test_a_fresh_deal_per_game_without_duplicate() -> None:
    spec = _spec(("random", "heuristic"), seed=10, duplicate=False)
    assert [spec.seed_of(i) for i in range(4)] == [10, 11, 12, 13]


def test_tables_fill_with_the_last_bot_or_cover_every_combination() -> None:
    assert make_tables(("ismcts", "heuristic"), 4) == (("ismcts",) + ("heuristic",) * 3,)
    assert make_tables(("a", "b", "c"), 2) == (("a", "b"), ("a", "c"), ("b", "c"))
    with pytest.raises(SettingError):
        make_tables((), 2)


def test_games_round_up_to_whole_deals() -> None:
    spec = _spec(("a", "b", "c"))  # 3 tables x 2 rotations
    assert spec.block == 6
    assert rounded_games(spec, 7) == 12
    with pytest.raises(SettingError):
        rounded_games(spec, 0)


def test_duplicate_games_start_from_the_same_deal() -> None:
    spec = _spec(("random", "heuristic"), seed=3)
    first, second = play_arena_game(spec, 0), play_arena_game(spec, 1)
    assert first.seed == second.seed == 3
    assert first.seating == tuple(reversed(second.seating))


def _outcome(index: int, seating: tuple[str, ...], returns: tuple[float, ...]) -> GameOutcome:
    return GameOutcome(index, index, seating, returns, None, 10)


def test_ratings_put_the_stronger_bot_first() -> None:
    outcomes = [
        _outcome(i, ("a", "b") if i % 2 else ("b", "a"), (1.0, -1.0) if i % 2 else (-1.0, 1.0))
        for i in range(40)
    ]
    ratings = rate(outcomes)
    assert [r.name for r in ratings] == ["a", "b"]
    assert ratings[0].mu > ratings[1].mu
    assert all(r.games == 40 for r in ratings)


def test_ratings_do_not_depend_on_the_order_outcomes_arrive_in() -> None:
    outcomes = [_outcome(i, ("a", "b", "b"), (float(i % 3), 1.0, 2.0)) for i in range(30)]
    assert rate(outcomes) == rate(list(reversed(outcomes)))
    assert ranks_of(outcomes[2]) == [1, 3, 1]  # returns (2, 1, 2): a shared first place


def test_arena_command_prints_the_table_and_writes_csv_json_and_plots(tmp_path, capsys) -> None:
    csv_path, json_path, plots = tmp_path / "g.csv", tmp_path / "g.json", tmp_path / "plots"
    code = main(
        [
            "arena", "contest", "--bots", "random,heuristic", "--games", "9",
            "--workers", "1", "--no-progress", "--csv", str(csv_path), "--json", str(json_path),
            "--plots", str(plots),
        ]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    assert "10 games = 5 deals x 1 table(s) x 2 seat rotations" in out
    assert "heuristic" in out and "95% CI" in out and "OpenSkill" in out
    rows = list(csv.DictReader(csv_path.open()))
    assert len(rows) == 10 and rows[0]["seed"] == rows[1]["seed"]
    document = json.loads(json_path.read_text())
    assert {r["name"] for r in document["ratings"]} == {"random", "heuristic"}
    assert len(document["outcomes"]) == 10
    assert sorted(p.name for p in plots.iterdir()) == ["lengths.png", "scores.png", "win-rates.png"]


def test_arena_refuses_unknown_bots(capsys) -> None:
    assert main(["arena", "contest", "--bots", "random,nobody", "--games", "2"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err


def test_arena_results_are_the_same_for_any_worker_count() -> None:
    spec = _spec(("random", "heuristic"), seed=5)
    assert run_games(play_arena_game, spec, 12, workers=1) == run_games(
        play_arena_game, spec, 12, workers=2, chunk=2
    )


def test_a_stopped_run_keeps_only_the_deals_played_in_every_seat_rotation() -> None:
    """Deals 0 and 2 finished in both rotations, deal 1 in one (as a run stopped
    mid-deal with two workers leaves it): deal 1 is left out, in whatever order
    the games finished."""
    from cardtable.sim.arena import whole_deals

    spec = _spec(("random", "heuristic"), seed=10)
    assert spec.block == 2

    def outcome(index: int) -> GameOutcome:
        return GameOutcome(index, spec.seed_of(index), spec.seating(index), (1.0, 0.0), None, 9)

    finished = [outcome(i) for i in (5, 0, 2, 1, 4)]
    assert [o.index for o in whole_deals(spec, finished)] == [5, 0, 1, 4]
    assert whole_deals(spec, [outcome(3)]) == []
    every = [outcome(i) for i in range(6)]
    assert whole_deals(spec, every) == every
