"""Contract setups: standard, Short, Long and custom rows, validated with row and reason."""

from __future__ import annotations

import json

import pytest

from cardtable.engine.errors import SettingError
from cardtable.engine.registry import load_game
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame


def rows(game) -> list[tuple[str, str, int]]:
    return [(r.name, r.contract, r.value) for r in game.rows]


def test_standard_setup_values() -> None:
    assert rows(ChaiTeaJazzGame(3)) == [
        ("Trump", "trump", 1),
        ("Under", "under", 2),
        ("Slalom", "slalom", 2),
        ("Joker", "joker", 3),
    ]


def test_short_and_long_setups() -> None:
    short = ChaiTeaJazzGame(3, setup="short")
    assert [(c, v) for _, c, v in rows(short)] == [("trump", 1), ("slalom-or-pyramid", 2)]
    long = ChaiTeaJazzGame(3, setup="long")
    assert [v for *_, v in rows(long)] == [1, 1, 2, 2, 2, 2, 3, 3, 3]
    assert long.rounds == 27
    joker = {str(p) for p in long.rows[-1].plays}
    assert {"over", "pyramid low", "trump C", "trump H"} <= joker


def test_short_setup_declarer_chooses_slalom_or_pyramid() -> None:
    s = ChaiTeaJazzGame(3, setup="short").new_initial_state(seed=0)
    s.resolve_chance()
    texts = [str(a) for a in s.legal_actions()]
    assert "pick slalom-pyramid pyramid high" in texts and "pick slalom-pyramid slalom low" in texts


def test_long_setup_black_and_red_trump_rows() -> None:
    s = ChaiTeaJazzGame(3, setup="long").new_initial_state(seed=0)
    s.resolve_chance()
    texts = {str(a) for a in s.legal_actions()}
    assert {"pick black-trump C", "pick black-trump S", "pick red-trump D"} <= texts
    assert "pick black-trump H" not in texts


CUSTOM = [
    {"name": "Middle", "contract": "middle", "value": 3},
    {"name": "Hearts", "contract": "trump-h", "value": 1},
    {"name": "Trump Slalom", "contract": "trump-slalom", "value": 2, "avoid": True},
]


def test_custom_setup_from_python_list_json_text_and_toml_table() -> None:
    for value in (CUSTOM, json.dumps(CUSTOM), {"rows": CUSTOM}):
        game = load_game("chai-tea-jazz", players=3, setup=value)
        assert [r.key for r in game.rows] == ["middle", "hearts", "trump-slalom"]
        assert game.rows[2].avoid and game.rounds == 9
    s = ChaiTeaJazzGame(3, setup=CUSTOM).new_initial_state(seed=0)
    s.resolve_chance()
    texts = {str(a) for a in s.legal_actions()}
    assert {"pick middle", "pick hearts", "pick trump-slalom H low"} <= texts


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (
            [{"name": "X", "contract": "poker", "value": 1}],
            r"setup row 1 \('X'\): contract 'poker'",
        ),
        ([{"contract": "under", "value": 1}], "setup row 1: needs a non-empty 'name'"),
        (
            [{"name": "U", "contract": "under", "value": 1}, {"name": "u", "contract": "over"}],
            r"setup row 2 \('u'\): key 'u' is used",
        ),
        ([{"name": "U", "contract": "under", "value": -1}], r"setup row 1 \('U'\): value -1"),
        ([{"name": "U", "contract": "under", "colour": 1}], "unknown field"),
        ([{"name": "U", "contract": "under", "avoid": "yes"}], "avoid must be true or false"),
        ([{"name": "U", "contract": "under", "meta": "third"}], "meta 'third'"),
        (["under"], "setup row 1: a row is an object"),
        ([], "non-empty list"),
        ("medium", "setup 'medium' is unknown"),
        ("[not json", "not valid JSON"),
    ],
)
def test_invalid_setup_is_refused_with_row_and_reason(setup, message) -> None:
    with pytest.raises(SettingError, match=message):
        ChaiTeaJazzGame(3, setup=setup)


def test_setting_combinations_are_checked() -> None:
    with pytest.raises(SettingError, match="double_deck is for six players"):
        ChaiTeaJazzGame(3, double_deck=True)
    with pytest.raises(SettingError, match="jass needs the 36-card deck"):
        ChaiTeaJazzGame(6, jass=True)
    with pytest.raises(SettingError, match="2, 3, 4, 6 players"):
        ChaiTeaJazzGame(5)
    with pytest.raises(SettingError, match="must be of type bool"):
        ChaiTeaJazzGame(3, jass="yes")


def test_default_value_of_a_row_is_two() -> None:
    game = ChaiTeaJazzGame(3, setup=[{"name": "Over", "contract": "over"}])
    assert game.rows[0].value == 2
