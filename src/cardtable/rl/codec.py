"""A game's research interface: its action table and its observation tensor.

Each game has one ``Codec`` module under ``cardtable.rl.games``, named in
``CODECS``; everything else in ``cardtable.rl`` (PettingZoo, Gymnasium,
OpenSpiel) is generic and talks to games through the engine and a codec.
A codec's tensor holds what ``observation(seat)`` shows and nothing else:
either it is filled from that observation (``encode``), or a game's codec
writes the same numbers straight from the state (``_write``), which a test
compares with the observation's on thousands of positions and the re-deal
test checks for secrecy.
"""

from __future__ import annotations

import importlib
import json
from abc import ABC, abstractmethod
from array import array
from typing import Any

import numpy as np

from cardtable.engine.game import Game, State
from cardtable.rl.spaces import ActionTable, Layout

# a dtype instance passed by position: ``np.frombuffer`` resolves a ``dtype=`` keyword
# naming a scalar type at about the cost of the rest of the call, at every step
FLOAT32 = np.dtype(np.float32)

CODECS: dict[str, str] = {
    "contest": "cardtable.rl.games.contest:ContestCodec",
    "chez": "cardtable.rl.games.chez:ChezCodec",
    "chez-geek": "cardtable.rl.games.chez_geek:ChezGeekCodec",
    "chai-tea-jazz": "cardtable.rl.games.chai_tea_jazz:ChaiTeaJazzCodec",
}


class Codec(ABC):
    """Action ids and observation tensors for one game, player count and settings."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.actions: ActionTable = self._action_table()
        self.layout: Layout = Layout()
        self._declare(self.layout)
        self._zeros = bytes(4 * self.layout.size)

    @abstractmethod
    def _action_table(self) -> ActionTable:
        """The fixed action space."""

    @abstractmethod
    def _declare(self, layout: Layout) -> None:
        """Reserve the tensor's slices (remembering offsets for ``_fill``)."""

    @abstractmethod
    def _fill(self, obs: dict[str, Any], out: np.ndarray) -> None:
        """Write a seat's observation into a zeroed tensor."""

    def utility(self) -> tuple[float, float, float | None]:
        """Bounds of ``returns()`` and their constant sum (``None``: not constant)."""
        return (-1.0, 1.0, 0.0)

    def max_game_length(self) -> int:
        """An upper bound on actions (chance included) in one game, for OpenSpiel."""
        return 100_000

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    @property
    def shape(self) -> tuple[int]:
        return (self.layout.size,)

    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        # filled as a zeroed ``array('f')`` that numpy then views without a copy: converting a
        # Python list costs about 30 ns an entry whatever it holds, while a tensor is mostly
        # zeros, so writing only the non-zero entries into float32 storage is several times
        # cheaper than filling a list (or assigning numpy items) and converting
        out = array("f", self._zeros)
        self._fill(obs, out)  # type: ignore[arg-type]  # float32 storage filled like the array
        return np.frombuffer(out, FLOAT32)

    def tensor(self, state: State, seat: int) -> np.ndarray:
        out = array("f", self._zeros)
        self._write(state, seat, out)  # type: ignore[arg-type]  # as in ``encode``
        return np.frombuffer(out, FLOAT32)

    def _write(self, state: State, seat: int, out: np.ndarray) -> None:
        """Write ``seat``'s tensor into a zeroed one, straight from the state.

        Why a second way in: building the observation dict is most of a research
        step's cost, and the tensor needs only its numbers. A game's codec overrides
        this to read the state through what ``seat`` is shown (its own hand, the
        public fields), never another seat's hidden cards; this default goes through
        the observation. ``tests/rl/test_rl_tensor_from_state.py`` checks the two
        ways agree on thousands of positions, and the re-deal test
        (``test_rl_codecs.py``) that the tensor does not change when what the seat
        cannot see is dealt again.
        """
        self._fill(state.observation(seat), out)

    def mask(self, state: State) -> np.ndarray:
        return self.actions.mask(state)


_CACHE: dict[tuple[str, int, str], Codec] = {}


def codec_for(game: Game) -> Codec:
    """The codec of ``game`` (one per game, player count and settings)."""
    key = (game.name, game.num_players, json.dumps(game.settings, sort_keys=True, default=str))
    found = _CACHE.get(key)
    if found is None:
        module_name, _, attr = CODECS[game.name].partition(":")
        cls = getattr(importlib.import_module(module_name), attr)
        found = _CACHE[key] = cls(game)
    return found


def one_hot(out: np.ndarray, start: int, index: int | None) -> None:
    """Set ``out[start + index]`` unless ``index`` is ``None`` (nothing to mark)."""
    if index is not None and index >= 0:
        out[start + index] = 1.0
