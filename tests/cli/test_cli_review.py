"""``cardtable analyze`` by search: Contest, Chez and Chez Geek records reviewed for one seat."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable import load_game
from cardtable.bots.infoset import InformationSet
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.bots.registry import make_bot
from cardtable.bots.review import review
from cardtable.cli import main
from cardtable.engine.game import State
from cardtable.engine.record import load_record, replay_states, save_record
from cardtable.sim.match import play_match

QUICK = "ismcts(iterations=60, max_actions=6000)"
JUDGE = "ismcts(iterations=300, max_actions=None)"


def saved_game(tmp_path: Path, name: str, players: int, seed: int) -> Path:
    game = load_game(name, players=players)
    bots = [make_bot("random", game, s, seed + s) for s in range(players)]
    state = play_match(game, bots, seed=seed, observe=False)
    return save_record(state, tmp_path / f"{name}.json")


@pytest.mark.parametrize(("name", "players"), [("contest", 2), ("chez", 3), ("chez-geek", 3)])
def test_every_decision_of_the_seat_is_reviewed_as_json_and_plotted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, players: int
) -> None:
    path = saved_game(tmp_path, name, players, seed=3)
    states = replay_states(load_record(path))
    decisions = [
        i
        for i, s in enumerate(states[:-1])
        if not s.is_chance_node() and s.current_player() == 1 and len(s.legal_actions()) > 1
    ]
    plot = tmp_path / "line.png"
    argv = ["analyze", str(path), "--seat", "1", "--bot", QUICK, "--json", "--no-progress"]
    assert main([*argv, "--plot", str(plot)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == name and out["seat"] == 1
    found = out["decisions"]
    assert [d["index"] for d in found] == decisions  # each decision of seat 1, no other
    history = [str(a) for a in states[-1].history()]
    for d in found:
        assert d["played"] == history[d["index"]]
        assert 0.0 <= d["value"] <= 1.0 and d["loss"] >= 0.0
        assert d["mark"] in ("good", "inaccuracy", "mistake")
        assert (d["played"] == d["preferred"]) == (d["loss"] == 0.0 and d["margin"] == 0.0)
    assert plot.read_bytes().startswith(b"\x89PNG")


def clear_blunder(states: list[State], judge: ISMCTSBot, gap: float) -> tuple[int, str]:
    """A decision of seat 0 (at most 8 choices) where one action is ``gap`` below the best."""
    for i, state in enumerate(states[:-1]):
        if state.is_chance_node() or state.current_player() != 0:
            continue
        legal = list(state.legal_actions())
        if not 2 <= len(legal) <= 8:
            continue
        info = InformationSet(state, 0)
        values = {}
        for a in legal:
            root = judge.search(info, [a])
            values[a] = root.total[a] / max(1, root.visits[a])
        worst = min(legal, key=lambda a: values[a])
        if max(values.values()) - values[worst] >= gap:
            return i, str(worst)
    raise AssertionError("no decision with a clearly worse action in this game")


@pytest.mark.parametrize(
    ("name", "players", "seed", "gap"),
    [("contest", 2, 40, 0.4), ("chez", 2, 43, 0.4), ("chez-geek", 2, 43, 0.4)],
)
def test_a_deliberate_blunder_is_marked_a_mistake(
    name: str, players: int, seed: int, gap: float
) -> None:
    """At a decision where one action is clearly worse, play it: the review says so."""
    game = load_game(name, players=players)
    bots = [make_bot("random", game, s, seed + s) for s in range(players)]
    final = play_match(game, bots, seed=seed, observe=False)
    judge = make_bot(JUDGE, game, 0, 1)
    assert isinstance(judge, ISMCTSBot)
    i, worst = clear_blunder(replay_states(final.to_record()), judge, gap)
    record = final.to_record()
    record["actions"] = [*record["actions"][:i], worst]
    verdict = review(replay_states(record), 0, JUDGE)[-1]
    assert verdict.index == i and verdict.played == worst
    assert verdict.preferred != verdict.played
    assert verdict.mark == "mistake", verdict
