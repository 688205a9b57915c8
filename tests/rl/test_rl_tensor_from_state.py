"""The tensors a codec writes straight from the state are the observation's tensors.

A game's codec may write a seat's tensor from the state (``Codec._write``) to skip
building the observation dict; these tests play seeded random games at every
player count and compare, for every seat at every position, that tensor with the
one filled from ``observation(seat)`` (``Codec.encode``). Secrecy is the re-deal
test's (``test_rl_codecs.py``), which runs on ``Codec.tensor``, so on these.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import cardtable
from cardtable.rl import codec_for
from cardtable.rl.codec import Codec
from tests.rl.configs import config_id, every_config

CONFIGS = every_config()
# the games whose codec writes from the state (the others go through the observation)
STRAIGHT: set[str] = {"contest", "chai-tea-jazz", "chez", "chez-geek"}
POSITIONS = 2_000  # per player count and seat-position pair: every seat is compared


def _positions(name, players, settings, count):
    """Decision points of seeded random games, ``count`` in all, and each game's end."""
    game = cardtable.load_game(name, players=players, **settings)
    seen, seed = 0, 0
    while seen < count:
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        seed += 1
        state.resolve_chance()
        while not state.is_terminal():
            if seen < count:
                yield state
                seen += 1
            state.apply_action(rng.choice(state.legal_actions()))
            state.resolve_chance()
        yield state


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_the_tensor_written_from_the_state_is_the_observation_s(config):
    name, players, settings = config
    game = cardtable.load_game(name, players=players, **settings)
    codec = codec_for(game)
    compared = ends = 0
    for state in _positions(name, players, settings, POSITIONS // players):
        ends += state.is_terminal()
        for seat in range(players):
            written = codec.tensor(state, seat)
            filled = codec.encode(state.observation(seat))
            if not np.array_equal(written, filled):
                wrong = [
                    f"{s.name}[{i - s.start}]: {written[i]} != {filled[i]}"
                    for s in codec.layout.slices
                    for i in range(s.start, s.stop)
                    if written[i] != filled[i]
                ]
                pytest.fail(f"seat {seat} at {state.where()}: " + "; ".join(wrong[:8]))
            compared += 1
    assert compared >= POSITIONS - players and ends > 0


@pytest.mark.parametrize("name", sorted(STRAIGHT))
def test_the_codec_writes_from_the_state(name):
    """The comparison above is not of one function with itself."""
    codec = codec_for(cardtable.load_game(name))
    assert type(codec)._write is not Codec._write
