"""The engine contract around games: registry, settings, records and replay."""

from __future__ import annotations

import copy
import json

import pytest

import cardtable
from cardtable.engine import RecordError, SettingError, UnknownGameError, replay
from cardtable.engine.game import RECORD_VERSION
from cardtable.engine.record import load_record, replay_states, save_record


def test_unknown_game_is_refused_listing_the_valid_names():
    with pytest.raises(UnknownGameError, match="available games: .*contest"):
        cardtable.load_game("poker")


def test_unsupported_player_count_is_refused_listing_the_valid_counts():
    with pytest.raises(SettingError, match="played by 2 players"):
        cardtable.load_game("contest", players=3)


def test_unknown_setting_is_refused_listing_the_valid_ones():
    with pytest.raises(SettingError, match="valid settings: max_rounds"):
        cardtable.load_game("contest", speed=3)


def test_bad_setting_value_is_refused():
    with pytest.raises(SettingError, match="max_rounds"):
        cardtable.load_game("contest", max_rounds="many")
    with pytest.raises(SettingError, match="at least 1"):
        cardtable.load_game("contest", max_rounds=0)


def test_every_game_publishes_metadata():
    for name in cardtable.available_games():
        info = cardtable.game_info(name).describe()
        assert info["name"] == name
        assert info["players"] and info["summary"]
        assert info["default_players"] in info["players"]
        for setting in info["settings"]:
            assert setting["help"]


def finished_record(seed: int = 3) -> dict:
    from cardtable.bots import RandomBot
    from cardtable.sim.match import play_match

    game = cardtable.load_game("contest")
    state = play_match(game, [RandomBot(game, 0, 1), RandomBot(game, 1, 2)], seed)
    return state.to_record()


def test_record_holds_version_game_settings_seed_actions_and_result():
    record = finished_record()
    assert record["format"] == "cardtable-record" and record["version"] == RECORD_VERSION
    assert record["game"] == "contest" and record["settings"] == {
        "max_rounds": 500,
        "pile": "KQRRNNBBPPPPPPPP",
    }
    assert record["seed"] == 3
    assert record["actions"][:1] and record["actions"][0].startswith("deal 0 ")
    assert record["result"]["terminal"] is True and len(record["result"]["returns"]) == 2


def test_record_replays_to_the_same_state_through_json(tmp_path):
    record = finished_record()
    path = save_record(replay(record), tmp_path / "game.json")
    again = replay(load_record(path))
    assert again.returns() == record["result"]["returns"]
    assert [str(a) for a in again.history()] == record["actions"]


def test_record_with_an_illegal_action_is_refused_with_its_number():
    record = finished_record()
    bad = copy.deepcopy(record)
    index = 40
    bad["actions"][index] = "pile" if bad["actions"][index] != "pile" else "Q"
    with pytest.raises(RecordError, match=f"^action {index}: "):
        replay(bad)


def test_record_from_an_unknown_format_version_is_refused():
    record = finished_record()
    record["version"] = 99
    with pytest.raises(RecordError, match="version 99 is not supported"):
        replay(record)


@pytest.mark.parametrize("field", ["game", "actions", "settings", "format"])
def test_malformed_record_is_refused_naming_the_missing_field(field):
    record = finished_record()
    del record[field]
    with pytest.raises(RecordError, match=field):
        replay(record)


def test_record_with_a_non_string_action_is_refused():
    record = finished_record()
    record["actions"][5] = 17
    with pytest.raises(RecordError, match="action 5"):
        replay(record)


def test_a_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("{nope")
    with pytest.raises(RecordError, match="not JSON"):
        load_record(path)


def test_replay_states_walks_every_action():
    record = finished_record()
    states = replay_states(record)
    assert len(states) == len(record["actions"]) + 1
    assert json.dumps(states[-1].observation(0)) == json.dumps(replay(record).observation(0))
