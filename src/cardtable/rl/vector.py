"""Many games of one kind stepped as one batch, numpy arrays in and out.

>>> import numpy as np
>>> from cardtable.rl.vector import VectorEnv
>>> venv = VectorEnv("contest", num_envs=4, max_rounds=20)
>>> obs, mask, seat = venv.reset(seed=0)
>>> obs.shape, mask.shape, seat.shape
((4, 112), (4, 9), (4,))
>>> actions = (mask * np.random.default_rng(0).random(mask.shape)).argmax(axis=1)
>>> obs, mask, seat, rewards, done = venv.step(actions)
>>> rewards.shape, done.shape
((4, 2), (4,))

Why a batch: a learner that runs a network on B observations at a time wants
them as one ``[B, ...]`` array, and PettingZoo's AEC loop hands them out one
agent, one dict and one game at a time. The rules still run game by game in
Python (compiled where the install compiles them); what the batch saves is
PettingZoo's bookkeeping per step, a dict per observation, and the caller's
own per-game loop over masks and actions.

Conventions (``docs/rl.md``, "Vectorised stepping"):

- Each row is the seat to act in that game: its tensor (``codec.tensor``,
  the very tensors the PettingZoo environment gives that seat, so secrecy
  holds by the same construction), its mask of legal ids, and the seat.
  Chance is resolved inside, never returned.
- Same-step auto-reset, as EnvPool and Gymnasium's ``AutoresetMode.SAME_STEP``:
  in the step where game ``b`` ends, ``done[b]`` is true, ``rewards[b]`` holds
  that game's ``returns()`` for every seat, and ``obs[b]``, ``mask[b]`` and
  ``seat[b]`` already belong to the first decision of the next game. In every
  other step ``rewards[b]`` is zero (the games pay only at the end).
- Seeds as Gymnasium's vector environments: ``reset(seed=s)`` seeds game ``b``
  with ``s + b``, and each game's later games draw their seeds from that
  game's own sequence exactly as ``pettingzoo.raw_env.reset()`` without a seed
  does. So game ``b`` plays the same deals as a PettingZoo environment reset
  with ``seed=s + b`` and reset without a seed after each game, given the
  same actions.
- A batch of actions is checked whole before any game moves: a wrong shape or
  type, an id outside the table, or an id not legal in its game raises
  ``ActionSpaceError`` naming the game index and the action, and nothing
  changes.
- The arrays returned are copies unless ``copy=False``, when they are the
  environment's own buffers, overwritten by the next call.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

import cardtable
from cardtable.engine.game import Action, Game, Marker, State
from cardtable.rl.codec import Codec, codec_for
from cardtable.rl.spaces import ActionSpaceError

Batch = tuple[np.ndarray, np.ndarray, np.ndarray]
StepBatch = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


class VectorEnv:
    """``num_envs`` games of one game, player count and settings, stepped together."""

    def __init__(
        self,
        game: str | Game,
        num_envs: int,
        players: int | None = None,
        *,
        copy: bool = True,
        **settings: Any,
    ) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, not {num_envs!r}")
        self.game = (
            game if isinstance(game, Game) else cardtable.load_game(game, players, **settings)
        )
        self.codec: Codec = codec_for(self.game)
        self.num_envs = num_envs
        self.num_players = self.game.num_players
        self.num_actions = self.codec.num_actions
        self.observation_shape: tuple[int, ...] = self.codec.shape
        self.copy = copy
        b, a = num_envs, self.num_actions
        self._obs = np.zeros((b, *self.observation_shape), dtype=np.float32)
        # each row's float32 storage, for the codec to write a seat's tensor straight into
        self._row_views = [row.reshape(-1).data for row in self._obs]
        self._mask = np.zeros((b, a), dtype=np.bool_)
        self._flat_mask = self._mask.reshape(-1)  # a view: one scatter writes every row
        self._seat = np.zeros(b, dtype=np.int64)
        self._rewards = np.zeros((b, self.num_players), dtype=np.float32)
        self._done = np.zeros(b, dtype=np.bool_)
        self._rows = np.arange(b)
        # per game only what a step needs: the state, its seed sequence, and the legal
        # actions with their ids (kept from the mask so a step looks its action up directly)
        self._seeds = [random.Random() for _ in range(b)]
        self._states: list[State] = []
        self._legal: list[list[Action]] = []
        self._ids: list[list[int]] = []

    @property
    def states(self) -> list[State]:
        """The engine states, one per game (to inspect; stepping them directly breaks the batch)."""
        return self._states

    def reset(self, seed: int | None = None) -> Batch:
        """Start a new game in every slot; game ``b`` is seeded with ``seed + b``."""
        if seed is not None:
            if not isinstance(seed, int | np.integer):
                raise TypeError(f"seed must be an int or None, not {seed!r}")
            for b, seeds in enumerate(self._seeds):
                seeds.seed(int(seed) + b)
        self._states = [self._new_state(b) for b in range(self.num_envs)]
        self._legal = [[] for _ in range(self.num_envs)]
        self._ids = [[] for _ in range(self.num_envs)]
        self._observe_all()
        return self._out(self._obs, self._mask, self._seat)

    def step(self, actions: Any) -> StepBatch:
        """Apply one action id per game; finished games pay their returns and start again."""
        if not self._states:
            raise RuntimeError("call reset() before step()")
        ids = self._check(actions)
        rewards = self._rewards
        done = self._done
        rewards.fill(0.0)
        done.fill(False)
        states, legal, legal_ids = self._states, self._legal, self._ids
        terminal = Marker.TERMINAL
        for b, action_id in enumerate(ids):
            state = states[b]
            state.apply_action(legal[b][legal_ids[b].index(action_id)])
            state.resolve_chance()
            if state.current_player() is terminal:
                rewards[b] = state.returns()
                done[b] = True
                states[b] = self._new_state(b)
        self._observe_all()
        if self.copy:
            return (
                self._obs.copy(),
                self._mask.copy(),
                self._seat.copy(),
                rewards.copy(),
                done.copy(),
            )
        return self._obs, self._mask, self._seat, rewards, done

    def _new_state(self, b: int) -> State:
        # the same draw as the PettingZoo environment's reset, so the two play the same deals
        state = self.game.new_initial_state(seed=self._seeds[b].getrandbits(63))
        state.resolve_chance()
        if state.current_player() is Marker.TERMINAL:
            raise RuntimeError(f"game {b} ended before anyone decided ({state.where()})")
        return state

    def _observe_all(self) -> None:
        """Write every row: the seat to act, its tensor and its legal ids.

        Why the tensors are written into the zeroed rows: the codec's ``_write`` is what
        its ``tensor`` runs on fresh zeroed storage, so writing each row's own storage
        gives the same numbers without a new array per game and a stack of them. Why the
        rest is collected into lists and written once: a numpy item written from Python
        costs more than appending to a list, and one scatter of the mask's flat indices
        writes all rows in C.
        """
        write = self.codec._write
        views = self._row_views
        ids_of = self.codec.actions.ids_of
        width = self.num_actions
        legal, legal_ids = self._legal, self._ids
        seats: list[Any] = []  # ints: chance is resolved and an ended game replaced
        flat: list[int] = []
        self._obs.fill(0.0)
        for b, state in enumerate(self._states):
            seat = state.current_player()
            seats.append(seat)
            write(state, seat, views[b])  # type: ignore[arg-type]  # float32 storage, as in tensor
            actions = legal[b] = state.legal_actions()
            ids = legal_ids[b] = ids_of(actions)
            base = b * width
            flat += [base + i for i in ids]
        self._seat[:] = seats
        self._mask.fill(False)
        self._flat_mask[flat] = True

    def _check(self, actions: Any) -> list[int]:
        """The batch's ids as Python ints, or an error naming the first game refused."""
        arr = np.asarray(actions)
        if arr.shape != (self.num_envs,):
            raise ActionSpaceError(
                f"actions must have shape ({self.num_envs},), one id per game; got {arr.shape}"
            )
        if not np.issubdtype(arr.dtype, np.integer):
            raise ActionSpaceError(f"actions must be integer ids; got dtype {arr.dtype}")
        outside = (arr < 0) | (arr >= self.num_actions)
        if outside.any():
            b = int(np.flatnonzero(outside)[0])
            raise ActionSpaceError(
                f"game {b}: action id {int(arr[b])} is outside 0..{self.num_actions - 1}"
            )
        legal = self._mask[self._rows, arr]
        if not legal.all():
            b = int(np.flatnonzero(~legal)[0])
            a = int(arr[b])
            raise ActionSpaceError(
                f"game {b}: action id {a} ({self.codec.actions.labels[a]!r}) is not legal "
                f"for seat {int(self._seat[b])} ({self._states[b].where()})"
            )
        ids: list[int] = arr.tolist()
        return ids

    def _out(self, *arrays: np.ndarray) -> Batch:
        if self.copy:
            return arrays[0].copy(), arrays[1].copy(), arrays[2].copy()
        return arrays[0], arrays[1], arrays[2]
