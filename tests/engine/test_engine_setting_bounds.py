"""Every game setting declares its bounds, and every entry point refuses the same values.

The CLI, the server and ``load_game`` all build games through ``Setting.check``,
so a value out of bounds is one ``SettingError`` whichever way it came in.
"""

from __future__ import annotations

import math

import pytest

from cardtable.cli import main
from cardtable.engine.errors import SettingError
from cardtable.engine.registry import available_games, game_info, load_game

OUT_OF_BOUNDS = [
    ("contest", "max_rounds", 10**18),
    ("contest", "max_rounds", math.nan),
    ("contest", "max_rounds", math.inf),
    ("contest", "max_rounds", True),
    ("contest", "max_rounds", "5"),
    ("contest", "max_rounds", 2.5),
    ("chez-geek", "games", 10**9),
    ("chez-geek", "turn_limit", 10**18),
    ("chez-geek", "deck", [1, 2]),
    ("chez-geek", "deck", ["x.toml"] * 100),
    ("chez", "nope_window", "nobody"),
    ("chez", "castle", 1),
    ("chai-tea-jazz", "double_deck", "yes"),
    ("chai-tea-jazz", "setup", [{"name": "x"}] * 1000),
]


def test_every_setting_declares_its_type_and_numbers_their_range():
    for name in available_games():
        for s in game_info(name).settings:
            bounded = s.kind is not object or s.choices is not None or s.max_items is not None
            assert bounded, f"{name}: setting {s.name} declares no type, choices or size"
            if s.kind in (int, float):
                assert s.minimum is not None and s.maximum is not None, f"{name}: {s.name}"
            assert s.check(s.default) == s.default


@pytest.mark.parametrize(("game", "setting", "value"), OUT_OF_BOUNDS)
def test_load_game_refuses_out_of_bounds(game, setting, value):
    with pytest.raises(SettingError, match=setting):
        load_game(game, **{setting: value})


@pytest.mark.parametrize(
    ("game", "setting", "raw"),
    [
        ("contest", "max_rounds", "1000000000000000000"),
        ("contest", "max_rounds", "NaN"),
        ("chez-geek", "games", "true"),
    ],
)
def test_cli_refuses_out_of_bounds_with_the_same_error(game, setting, raw, capsys):
    code = main(["play", game, "--set", f"{setting}={raw}", "--bots", "random"])
    assert code != 0
    err = capsys.readouterr().err
    assert f"setting {setting}=" in err


def test_error_messages_stay_short_whatever_came_in():
    with pytest.raises(SettingError) as info:
        load_game("contest", max_rounds="x" * 100_000)
    assert len(str(info.value)) < 200
