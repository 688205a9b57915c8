"""Every observation field and prompt step is documented, and the docs list nothing else.

Each game's page in ``docs/games/`` has a marked table of observation fields
(``<!-- observation-fields -->`` … ``<!-- /observation-fields -->``) and
marked tables of the values some fields take (``<!-- values PATH -->`` …
``<!-- /values -->``: the prompt steps or phases, Chez Geek's roll purposes).
Seeded random games (and a few explicit deals that reach rare steps) are
played through the public API; every key path seen in any observation must
match a documented field and every documented field must have been seen, so
the docs cannot drift from the code.

Paths are written ``a.b``; ``[]`` stands for the elements of a list
(``players[].room[].card``); ``*`` stands for a key that is data (a piece
letter in Contest's ``known_cards``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine.game import State
from cardtable.engine.registry import load_game

DOCS = Path(__file__).resolve().parents[1] / "docs" / "games"
FIELDS = re.compile(r"<!-- observation-fields -->(.*?)<!-- /observation-fields -->", re.S)
VALUES = re.compile(r"<!-- values (\S+) -->(.*?)<!-- /values -->", re.S)
ROW = re.compile(r"^\|\s*`([^`]+)`", re.M)


def key_paths(obj: Any, prefix: str = "") -> Iterator[str]:
    """Every key path in a JSON value; list elements are ``[]``."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            path = f"{prefix}.{key}" if prefix else str(key)
            yield path
            yield from key_paths(value, path)
    elif isinstance(obj, list):
        for value in obj:
            if isinstance(value, dict | list):
                yield from key_paths(value, prefix + "[]")


def value_at(obj: Any, path: str) -> Any:
    for key in path.split("."):
        if not isinstance(obj, dict):
            return None
        obj = obj.get(key)
    return obj


def first_cells(table: str) -> set[str]:
    """The backticked first cell of each row of a Markdown table, below its header."""
    body = table.split("|---", 1)[1] if "|---" in table else ""
    return set(ROW.findall(body))


def documented(game: str) -> tuple[set[str], dict[str, set[str]]]:
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    fields = FIELDS.search(text)
    assert fields, f"docs/games/{game}.md has no <!-- observation-fields --> table"
    values = {path: first_cells(body) for path, body in VALUES.findall(text)}
    return first_cells(fields.group(1)), values


def pattern(path: str) -> re.Pattern[str]:
    return re.compile(re.escape(path).replace(r"\*", r"[^.\[\]]+") + r"\Z")


def random_game(game: Any, seed: int) -> Iterator[State]:
    """A seeded random playout; yields the state before each move and at the end."""
    return random_game_from(game.new_initial_state(seed=seed), seed)


def chez_true_transformation() -> Iterator[State]:
    """A True Transformation: its player names the top card (the rare ``name`` step)."""
    game = load_game("chez", players=2)
    state = game.new_initial_state(
        deal={"hands": [["5H", "6H", "7H", "8H", "9H", "2C"], ["AC", "3C"]], "top": "4H"}
    )
    state.apply_text("5H+6H+7H+8H+9H")
    yield state


def ctj_passing_the_barrel() -> Iterator[State]:
    """Everyone passes, the Barrel holder offers points and a player accepts (rare at random)."""
    game = load_game("chai-tea-jazz", players=3, setup="short", passing_the_barrel=True)
    plays = random_game(game, 0)
    state = next(plays)
    while state.is_chance_node():
        state = next(plays)
    for text in ("pass", "pass", "pass", "offer 10"):
        yield state
        state.apply_text(text)
    yield state
    state.apply_text("accept")
    yield from random_game_from(state, 0)


def random_game_from(state: State, seed: int) -> Iterator[State]:
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)


# game -> (player counts and settings, seeds per setting, explicit scenarios)
PLAYS: dict[str, tuple[list[dict[str, Any]], int, list[Callable[[], Iterator[State]]]]] = {
    "contest": ([{}], 6, []),
    "chez": ([{"players": 2}, {"players": 3}, {"players": 5}], 2, [chez_true_transformation]),
    "chez-geek": (
        [
            {"players": 2, "games": 2, "turn_limit": 8},
            {"players": 3, "turn_limit": 8},
            {"players": 5, "turn_limit": 6},
        ],
        2,
        [],
    ),
    "chai-tea-jazz": (
        [
            {"players": 2, "setup": "short"},
            {"players": 3, "setup": "short", "passing_the_barrel": True},
            {"players": 4, "setup": "short", "passing_the_barrel": True},
            {"players": 6, "setup": "short"},
        ],
        2,
        [ctj_passing_the_barrel],
    ),
}


def seen(name: str, value_paths: set[str]) -> tuple[set[str], dict[str, set[str]]]:
    settings_list, seeds, scenarios = PLAYS[name]
    paths: set[str] = set()
    values: dict[str, set[str]] = {p: set() for p in value_paths}
    runs: list[Iterator[State]] = [s() for s in scenarios]
    for settings in settings_list:
        game = load_game(name, **settings)
        runs += [random_game(game, seed) for seed in range(seeds)]
    for run in runs:
        for state in run:
            seats = range(state.game.num_players)
            player = state.current_player()
            for seat in seats if state.is_terminal() or not isinstance(player, int) else [player]:
                obs = state.observation(seat)
                paths.update(key_paths(obs))
                for path, found in values.items():
                    value = value_at(obs, path)
                    if value is not None:
                        found.add(str(value))
    return paths, values


@pytest.mark.parametrize("name", sorted(PLAYS))
def test_every_observation_field_and_step_is_documented(name: str) -> None:
    fields, doc_values = documented(name)
    paths, values = seen(name, set(doc_values))
    patterns = {f: pattern(f) for f in fields}
    undocumented = sorted(p for p in paths if not any(r.match(p) for r in patterns.values()))
    never_seen = sorted(f for f, r in patterns.items() if not any(r.match(p) for p in paths))
    assert undocumented == [], f"docs/games/{name}.md does not document {undocumented}"
    assert never_seen == [], f"docs/games/{name}.md documents fields never seen: {never_seen}"
    for path, listed in doc_values.items():
        assert values[path] == listed, (
            f"docs/games/{name}.md: values of {path}: "
            f"undocumented {sorted(values[path] - listed)}, "
            f"never seen {sorted(listed - values[path])}"
        )
