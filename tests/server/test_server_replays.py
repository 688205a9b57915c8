"""Replays a page at a time: every page together is the whole game, step for step,
and a page of a long game costs one page however long the game is."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardtable.engine.record import initial_state
from cardtable.engine.registry import load_game
from cardtable.server.replays import MAX_PAGE, page_bytes
from cardtable.server.views import render_text


def replay_page(
    key: str, record: dict[str, Any], start: int, count: int
) -> tuple[int, list[dict[str, Any]]]:
    """A page as the browser reads it: the total, and the steps decoded."""
    total, encoded = page_bytes(key, record, start, count)
    return total, json.loads(encoded)


def _record(game: str, players: int, seed: int, **settings) -> dict:
    g = load_game(game, players=players, **settings)
    state = g.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state.to_record()


def _all_steps(record: dict) -> list[dict]:
    """Every step in one pass, the straightforward way the pages must agree with."""
    state = initial_state(record)
    n = state.game.num_players
    steps, seen = [], 0

    def snap(seat, action):
        nonlocal seen
        log = state.public_log()
        obs = [state.observation(s) for s in range(n)]
        steps.append(
            {
                "move": state.move_number(),
                "seat": seat,
                "seat_name": state.game.seat_name(seat) if seat is not None else None,
                "action": action,
                "log": log[seen:],
                "observations": obs,
                "texts": [render_text(state, o) for o in obs],
            }
        )
        seen = len(log)

    snap(None, None)
    for text in record["actions"]:
        player = state.current_player()
        state.apply_text(text)
        if isinstance(player, int):
            snap(player, text)
    if steps[-1]["move"] != state.move_number():
        snap(None, None)
    return steps


@pytest.mark.parametrize(
    ("game", "players"), [("contest", 2), ("chez", 3), ("chai-tea-jazz", 3), ("chez-geek", 3)]
)
def test_pages_together_are_the_whole_game(game, players):
    record = _record(game, players, seed=4)
    whole = _all_steps(record)
    total, first = replay_page(f"t-{game}", record, 0, MAX_PAGE)
    assert total == len(whole)
    pages = list(first)
    for start in range(MAX_PAGE, total, MAX_PAGE):
        t, page = replay_page(f"t-{game}", record, start, MAX_PAGE)
        assert t == total and len(page) <= MAX_PAGE
        pages += page
    assert json.loads(json.dumps(pages)) == json.loads(json.dumps(whole))
    # an odd page (not on a page boundary) agrees too
    _, odd = replay_page(f"t-{game}", record, 7, 13)
    assert json.loads(json.dumps(odd)) == json.loads(json.dumps(whole[7:20]))


def test_a_page_of_a_long_game_is_one_page():
    record = _record("chez-geek", 5, seed=9, games=4)
    assert len(record["actions"]) > 1500
    total, page = replay_page("long", record, 0, MAX_PAGE)
    size = len(json.dumps(page))
    _, later = replay_page("long", record, (total // MAX_PAGE) * MAX_PAGE - MAX_PAGE, MAX_PAGE)
    # a page's size depends on the page, not on how long the game is
    assert len(page) == MAX_PAGE and len(later) == MAX_PAGE
    assert size < 3_000_000 and len(json.dumps(later)) < 3_000_000
    assert total > 5 * MAX_PAGE
