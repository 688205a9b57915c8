"""Bad input: typed errors naming what was wrong, and the state left unchanged."""

from __future__ import annotations

import json
import random

import pytest
from cg_helpers import deal, run

from cardtable.engine.errors import (
    BadDealError,
    IllegalActionError,
    MalformedActionError,
    SettingError,
)
from cardtable.engine.record import replay
from cardtable.engine.registry import load_game

FILLER = ["nap", "nap", "read-a-book", "read-a-book", "movie-night"]


def snapshot(st) -> str:
    return json.dumps([st.to_record(), [st.observation(s) for s in range(st.game.num_players)]])


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "fly",
        "buy unicorn",
        "call sleep x",
        "play bum 9:x:y",
        "roll 7",
        "send 8",
        "draw nothing",
        "pick astronaut",
    ],
)
def test_malformed_input_is_refused_and_changes_nothing(text: str) -> None:
    st = deal(3, ["Grad Student", "Barista", "Librarian"], [["sleep", *FILLER], [], []])
    before = snapshot(st)
    with pytest.raises(MalformedActionError) as info:
        st.apply_text(text)
    assert "chez-geek, move" in str(info.value)
    assert snapshot(st) == before


@pytest.mark.parametrize(
    "text",
    [
        "do sleep",
        "buy cigarettes",
        "pass",
        "roll 3",
        "play bum",
        "call old-friend 1",
        "discard sleep",
        "send 1",
    ],
)
def test_illegal_input_is_refused_with_a_reason_and_changes_nothing(text: str) -> None:
    st = deal(3, ["Grad Student", "Barista", "Librarian"], [["sleep", *FILLER], [], []])
    before = snapshot(st)
    with pytest.raises(IllegalActionError) as info:
        st.apply_text(text)
    assert "P0 must" in info.value.reason or "chance" in info.value.reason
    assert snapshot(st) == before


def test_actions_after_the_end_are_refused() -> None:
    st = deal(
        3,
        ["Tech Support", "Grad Student", "Barista"],
        [["cigarettes", *FILLER], [], []],
        rooms=[["gaming-pc", "game-console", "game-console", "big-tv", "white-russian"], [], []],
    )
    run(st, "roll 4", "done", "shop", "buy cigarettes", "checkout", "pass", "pass")
    assert st.is_terminal()
    with pytest.raises(IllegalActionError, match="game is over"):
        st.apply_text("done")


@pytest.mark.parametrize(
    "bad",
    [
        ["not", "a", "dict"],
        {"jobs": ["Slacker"], "hands": [[], [], []]},
        {"jobs": ["Slacker", "Astronaut", "Temp"], "hands": [[], [], []]},
        {"jobs": ["Temp", "Temp", "Barista"], "hands": [[], [], []]},
        {"jobs": ["Temp", "Drummer", "Barista"], "hands": [["unicorn"], [], []]},
        {"jobs": ["Temp", "Drummer", "Barista"], "hands": [["nap"] * 4, [], []]},
        {"jobs": ["Temp", "Drummer", "Barista"], "hands": [["nap"] * 7, [], []]},
        {"jobs": ["Temp", "Drummer", "Barista"], "hands": [[], [], []], "extra": 1},
        {"jobs": ["Temp", "Drummer", "Barista"], "hands": [[], [], []], "first": 3},
        {
            "jobs": ["Temp", "Drummer", "Barista"],
            "hands": [[], [], []],
            "rooms": [["cat=x"], [], []],
        },
    ],
)
def test_bad_deals_are_refused(bad: object) -> None:
    game = load_game("chez-geek", players=3)
    with pytest.raises(BadDealError):
        game.new_initial_state(deal=bad)


def test_two_player_default_refuses_a_dealt_slacker() -> None:
    game = load_game("chez-geek", players=2)
    with pytest.raises(BadDealError, match="set aside"):
        game.new_initial_state(deal={"jobs": ["Slacker", "Temp"], "hands": [[], []]})


@pytest.mark.parametrize(
    "settings",
    [
        {"games": 0},
        {"turn_limit": 0},
        {"two_player_jobs": "swap"},
        {"deck": "open.toml"},
        {"deck": [3]},
        {"deck": ["/nonexistent/deck.toml"]},
        {"colour": "red"},
    ],
)
def test_bad_settings_are_refused(settings: dict) -> None:
    with pytest.raises(SettingError):
        load_game("chez-geek", players=3, **settings)


@pytest.mark.parametrize("players", [1, 6])
def test_player_counts_outside_2_to_5_are_refused(players: int) -> None:
    with pytest.raises(SettingError):
        load_game("chez-geek", players=players)


def test_resample_of_an_explicit_deal_rewrites_the_deal_and_replays() -> None:
    st = deal(
        3,
        ["Grad Student", "Barista", "Librarian"],
        [["sleep", *FILLER], ["dinner-out", "dinner-out", "karaoke", "concert", "nap"], []],
        deck=["cat", "dog"],
    )
    rng = random.Random(5)
    while st.move_number() < 60 and not st.is_terminal():
        st.apply_action(
            st.sample_chance() if st.is_chance_node() else rng.choice(st.legal_actions())
        )
    for seat in range(3):
        other = st.resample(seat, random.Random(seat))
        assert other.observation(seat) == st.observation(seat)
        again = replay(json.loads(json.dumps(other.to_record())))
        assert again.observation(seat) == st.observation(seat)


def test_observations_are_json_and_render_shows_the_prompt() -> None:
    st = deal(3, ["Grad Student", "Barista", "Librarian"], [["sleep", *FILLER], [], []])
    run(st, "done", "do sleep")
    obs = st.observation(1)
    assert json.loads(json.dumps(obs)) == obs
    text = st.game.render(obs)
    assert "Grad Student" in text and "you decide: whenever-window" in text
    assert "Sleep" in text
