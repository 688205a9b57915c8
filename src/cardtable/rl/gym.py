"""A Gymnasium environment: one seat learns, cardtable bots play the others.

>>> from cardtable.rl.gym import CardtableEnv
>>> env = CardtableEnv("contest", opponents=["heuristic"])

Observations are dicts of ``observation`` (the seat's tensor) and
``action_mask`` (int8), as in the PettingZoo environment; ``info`` repeats the
mask. The reward is the seat's return when the game ends (0 before). The
opponents are bots by their registry names (``random``, ``heuristic``,
``ismcts`` …): one name per other seat, or a single name for all of them.
They see only their own seats' observations, as everywhere in cardtable.

An id that is not legal now ends the episode with ``illegal_reward`` (as
PettingZoo's ``TerminateIllegalWrapper`` does), with ``info["illegal_action"]``
set, so that learners that ignore the mask still run; ``illegal="raise"``
raises ``ActionSpaceError`` instead and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

import cardtable
from cardtable.bots.base import Bot
from cardtable.bots.infoset import decide
from cardtable.bots.registry import make_bot
from cardtable.engine.errors import SettingError
from cardtable.engine.game import Game, Marker, State
from cardtable.rl.codec import codec_for
from cardtable.rl.pettingzoo import observation_space
from cardtable.rl.spaces import ActionSpaceError


class CardtableEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: Sequence[str] = ("random",),
        render_mode: str | None = None,
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
        **settings: Any,
    ) -> None:
        if illegal not in ("terminate", "raise"):
            raise ValueError(f"illegal={illegal!r}: choose 'terminate' or 'raise'")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.ended_by_illegal = False
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported; use 'ansi' or None")
        self.game = (
            game if isinstance(game, Game) else cardtable.load_game(game, players, **settings)
        )
        n = self.game.num_players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise SettingError(f"seat {seat!r} is not at this table; seats are 0..{n - 1}")
        names = list(opponents)
        if len(names) == 1:
            names = names * (n - 1)
        if len(names) != n - 1:
            raise SettingError(
                f"{self.game.name} with {n} players needs {n - 1} opponent(s) or one name "
                f"for all; got {len(names)}"
            )
        for name in set(names):
            make_bot(name, self.game, 0)  # an unknown name fails here, naming the valid ones
        self.opponent_names = names
        self.seat = seat
        self.render_mode = render_mode
        self.codec = codec_for(self.game)
        self.observation_space = observation_space(self.codec)
        self.action_space = gymnasium.spaces.Discrete(self.codec.num_actions)
        self.state: State | None = None
        self.bots: dict[int, Bot] = {}

    def _observation(self) -> dict[str, np.ndarray]:
        state = self.state
        assert state is not None  # noqa: S101 - reset() comes first
        if state.current_player() == self.seat:
            mask = self.codec.mask(state)
        else:
            mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        return {"observation": self.codec.tensor(state, self.seat), "action_mask": mask}

    def _advance(self) -> None:
        """Chance and the bots move until the learning seat must act or the game ends."""
        state = self.state
        assert state is not None  # noqa: S101
        while True:
            player = state.current_player()
            if player is Marker.CHANCE:
                state.apply_action(state.sample_chance())
                continue
            if player is Marker.TERMINAL or player == self.seat:
                return
            bot = self.bots[player]
            state.apply_action(decide(bot, state, player))
            self._tell_bots()

    def _tell_bots(self) -> None:
        state = self.state
        assert state is not None  # noqa: S101
        for s, bot in self.bots.items():
            if type(bot).observe is not Bot.observe:
                bot.observe(state.observation(s))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63 - 1))
        seeds = random.Random(game_seed)
        others = [s for s in range(self.game.num_players) if s != self.seat]
        self.bots = {
            s: make_bot(name, self.game, s, seeds.getrandbits(63))
            for s, name in zip(others, self.opponent_names, strict=True)
        }
        self.state = self.game.new_initial_state(seed=game_seed)
        self.ended_by_illegal = False
        self._advance()
        obs = self._observation()
        return obs, {"action_mask": obs["action_mask"]}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self.state
        assert state is not None  # noqa: S101
        if state.is_terminal() or self.ended_by_illegal:
            raise ActionSpaceError("the episode is over; call reset()")
        try:
            chosen = self.codec.actions.action_of(state, int(action))
        except ActionSpaceError:
            if self.illegal == "raise":
                raise
            self.ended_by_illegal = True
            obs = self._observation()
            obs["action_mask"][:] = 0
            info = {"action_mask": obs["action_mask"], "illegal_action": True}
            return obs, self.illegal_reward, True, False, info
        state.apply_action(chosen)
        self._tell_bots()
        self._advance()
        obs = self._observation()
        done = state.is_terminal()
        reward = float(state.returns()[self.seat]) if done else 0.0
        return obs, reward, done, False, {"action_mask": obs["action_mask"]}

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        return self.game.render(self.state.observation(self.seat))
