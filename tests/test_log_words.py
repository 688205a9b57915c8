"""Every game's public log is in words: no lists, floats, bids or suits in notation,
articles and plurals that agree with their words and numbers.

Card codes (``7H``, ``JK``) stay: the browser shows them as glyphs with their names.
Seeded random games of each game are played to the end and every line is read.
"""

from __future__ import annotations

import random
import re

import pytest

from cardtable.engine.game import State
from cardtable.engine.registry import load_game

NOTATION = {
    "a list": r"\[|\]",
    "a float": r"\d\.\d",
    "a suit letter in brackets": r"\((?:trump )?[CDHS]\)",
    "a bid in notation": r"\bpick [a-z-]+|: pick\b| debt \d",
    "'a' before a vowel": r"\ba [AEIOU][a-z]",
    "a plural after 1": r"(?<![\d.])[+-]?1 (?:points|game points|cards|tricks)\b",
    "a place in notation": r"place \d",
    "a reason in brackets": r"\((?:turn limit|Slack Goal|draw|[A-Z][a-z]+ wins)\)",
    "a bare tie": r"; tie\.",
}


def play_out(game_name: str, players: int, seed: int) -> State:
    state = load_game(game_name, players=players).new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert state.is_terminal()
    return state


@pytest.mark.parametrize(
    ("game_name", "players"),
    [("contest", 2), ("chai-tea-jazz", 3), ("chai-tea-jazz", 4), ("chez", 4), ("chez-geek", 3)],
)
def test_the_public_log_is_in_words(game_name: str, players: int) -> None:
    for seed in range(3):
        log = play_out(game_name, players, seed).public_log()
        assert log
        for line in log:
            for what, pattern in NOTATION.items():
                assert not re.search(pattern, line), f"{what} in {game_name}'s log: {line!r}"


def test_chai_tea_jazz_says_picks_and_contracts_in_words() -> None:
    log = play_out("chai-tea-jazz", 4, 1).public_log()
    picks = [line for line in log if " picks " in line or " declares " in line]
    assert picks
    assert all(re.match(r"^P\d \w+ [A-Z]", line) for line in picks), picks
    assert re.match(r"^Game over\. Final order: Team [AB] first, Team [AB] second\.$", log[-1])
