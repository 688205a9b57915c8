"""The rule modules and enums: labels match the declared view, the registry follows the settings."""

from __future__ import annotations

from typing import get_args

from cardtable import load_game
from cardtable.games.chez.combos import DISCARD, FRONT, SETTINGS
from cardtable.games.chez.game import ChezGame
from cardtable.games.chez.schema import PlayName, RollFor
from cardtable.games.chez.steps import PlayKind, RollPurpose


def test_every_play_kind_label_is_a_play_name_of_the_schema_and_back():
    assert [k.label for k in PlayKind] == list(get_args(PlayName))


def test_every_roll_purpose_label_is_a_word_of_the_schema():
    assert {p.label for p in RollPurpose} == set(get_args(RollFor))


def test_each_combo_module_has_a_setting_of_its_own_and_a_play_kind_of_its_own():
    names = [s.name for s in SETTINGS]
    assert len(names) == len(set(names))
    assert len({rule.PTYPE for rule in DISCARD}) == len(DISCARD)
    assert all(rule.SETTING in SETTINGS for rule in DISCARD + FRONT)


def test_a_combo_switched_off_is_not_among_the_game_s_combos():
    game = load_game("chez", players=3, revolution=False, siege=False)
    assert isinstance(game, ChezGame)
    assert "revolution" not in [r.SETTING.name for r in game.discard_combos]
    assert "siege" not in [r.SETTING.name for r in game.front_combos]
    assert len(game.discard_combos) == len(DISCARD) - 1
    assert len(game.front_combos) == len(FRONT) - 1
