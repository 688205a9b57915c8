"""PettingZoo AEC environments for every cardtable game.

>>> from cardtable.rl import pettingzoo as ctpz
>>> env = ctpz.env("chez", players=4)

Conventions of PettingZoo's classic card games: agents ``player_0`` …, each
observation a dict of ``observation`` (the seat's tensor, ``docs/rl.md``) and
``action_mask`` (int8, 1 for legal ids; all zero for an agent not to act),
``Discrete`` actions from the game's fixed table, rewards only at the end
(the engine's ``returns()``), ``render_mode="ansi"`` giving the game's text
view of the agent to act (the view of a seat, so render never shows hidden
cards). Chance (deals, dice, draws) is resolved inside the environment with
the state's own RNG, seeded through ``reset(seed=...)``; a later
``reset()`` without a seed draws the next seed from that sequence.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import cardtable
from cardtable.engine.game import Game, Marker, State
from cardtable.rl.codec import Codec, codec_for

# the end marker as a module name (an enum member is an attribute lookup on every step)
_TERMINAL = Marker.TERMINAL


def observation_space(codec: Codec) -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(-np.inf, np.inf, codec.shape, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (codec.num_actions,), dtype=np.int8),
        }
    )


class CardtableAECEnv(AECEnv):
    """One cardtable game as an AEC environment (``raw_env``; ``env`` adds the order check)."""

    metadata = {"render_modes": ["ansi"], "name": "cardtable", "is_parallelizable": False}

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        render_mode: str | None = None,
        **settings: Any,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported; use 'ansi' or None")
        self.game = (
            game if isinstance(game, Game) else cardtable.load_game(game, players, **settings)
        )
        self.codec = codec_for(self.game)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"cardtable_{self.game.name}"}
        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = self.possible_agents[:]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: observation_space(self.codec) for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(self.codec.num_actions) for a in self.possible_agents
        }
        self._seeds = random.Random()
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        self.state = self.game.new_initial_state(seed=self._seeds.getrandbits(63))
        self.state.resolve_chance()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._settle()

    def _settle(self) -> None:
        """After a move: the next agent, or the end with every seat's return."""
        state = self.state
        assert state is not None  # noqa: S101 - reset() comes first (the order wrapper checks)
        player = state.current_player()
        if player is _TERMINAL:
            returns = state.returns()
            for agent, seat in self._seat.items():
                self.rewards[agent] = float(returns[seat])
                self.terminations[agent] = True
        else:
            assert isinstance(player, int)  # noqa: S101 - neither chance nor the end here
            self.agent_selection = self.possible_agents[player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self.state
        assert state is not None  # noqa: S101
        seat = self._seat[agent]
        if state.current_player() == seat:
            mask = self.codec.mask(state)
        else:
            mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        return {"observation": self.codec.tensor(state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None  # noqa: S101
        state.apply_action(self.codec.actions.action_of(state, action))  # type: ignore[arg-type]  # the framework hands an untyped action id
        state.resolve_chance()
        self._cumulative_rewards[agent] = 0.0
        self._settle()
        # rewards are paid only at the end (every one is 0 before): adding them up is
        # needed then alone
        if self.terminations[agent]:
            self._accumulate_rewards()
            self._deads_step_first()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        state = self.state
        if state is None:
            return ""
        player = state.current_player()
        seat = player if isinstance(player, int) else 0
        return self.game.render(state.observation(seat))

    def close(self) -> None:
        pass


raw_env = CardtableAECEnv


def env(
    game: str | Game, players: int | None = None, render_mode: str | None = None, **settings: Any
) -> AECEnv:
    """The environment with PettingZoo's order check (``reset`` before ``step``)."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, render_mode, **settings))
