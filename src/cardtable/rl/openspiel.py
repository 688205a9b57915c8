"""Every cardtable game as an OpenSpiel Python game.

>>> import pyspiel
>>> import cardtable.rl.openspiel  # registers the games
>>> game = pyspiel.load_game("python_cardtable_contest", {"max_rounds": 30})

Names are ``python_cardtable_<game>`` with dashes as underscores. Parameters
are ``players`` and the game's settings whose values are numbers, booleans or
text (Chez Geek's list-valued ``deck`` is not offered; such games use the
default). Decision actions are the codec's fixed ids; a chance outcome is its
index in the engine's ``chance_outcomes()`` list at that node, so a history of
ints replays exactly and ``pyspiel.serialize_game_and_state`` round-trips.

Observation strings are the seat's observation as JSON; observation tensors
are the codec's tensor. The information-state string adds perfect recall: it
is the current observation plus a digest of the seat's observation after every
earlier action (every action of these games is seen to happen, even when its
content is hidden), so two histories share an information state exactly when
the seat saw the same things at every step. The information-state tensor is
the observation tensor (the fixed-size tensor OpenSpiel asks for; algorithms
that need perfect recall key on the string, as CFR does).
"""

from __future__ import annotations

import hashlib
import json
import marshal
from typing import Any

import numpy as np
import pyspiel

import cardtable
from cardtable.engine.errors import SettingError
from cardtable.engine.game import Game, Marker, State
from cardtable.rl.codec import Codec, codec_for

PREFIX = "python_cardtable_"


def short_name(game_name: str) -> str:
    return PREFIX + game_name.replace("-", "_")


def _parameters(name: str) -> dict[str, Any]:
    info = cardtable.game_info(name)
    params: dict[str, Any] = {"players": info.default_players}
    for s in info.settings:
        if isinstance(s.default, bool | int | float | str):
            params[s.name] = s.default
    return params


def _game_type(name: str) -> pyspiel.GameType:
    info = cardtable.game_info(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"cardtable {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(name),
    )


class CardtableSpielGame(pyspiel.Game):
    """One cardtable game (with its players and settings) as a ``pyspiel.Game``."""

    game_name = ""  # set on the per-game subclasses made by ``register``

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.game_name
        values = dict(_parameters(name))
        values.update(params or {})
        players = int(values.pop("players"))
        self.cardtable_game: Game = cardtable.load_game(name, players, **values)
        self.codec: Codec = codec_for(self.cardtable_game)
        low, high, total = self.codec.utility()
        game_type = _game_type(name)
        if total is not None:
            game_type = _with_utility(game_type, total)
        deck = self.cardtable_game.deck()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=max(len(deck), 20),
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=total,
            max_game_length=self.codec.max_game_length(),
        )
        super().__init__(game_type, info, {"players": players, **values})

    def new_initial_state(self) -> CardtableSpielState:
        return CardtableSpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> CardtableObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return CardtableObserver(self.codec, perfect_recall)


def _with_utility(game_type: pyspiel.GameType, total: float) -> pyspiel.GameType:
    kind = (
        pyspiel.GameType.Utility.ZERO_SUM if total == 0 else pyspiel.GameType.Utility.CONSTANT_SUM
    )
    fields = {
        f: getattr(game_type, f)
        for f in (
            "short_name",
            "long_name",
            "dynamics",
            "chance_mode",
            "information",
            "reward_model",
            "max_num_players",
            "min_num_players",
            "provides_information_state_string",
            "provides_information_state_tensor",
            "provides_observation_string",
            "provides_observation_tensor",
            "parameter_specification",
        )
    }
    return pyspiel.GameType(utility=kind, **fields)


class _Inner:
    """What an OpenSpiel state holds; OpenSpiel clones a Python state by making a new one
    and deep-copying its attributes, so this copies itself with the engine's cheap
    ``clone()``, shares the codec (and through it the game), and builds the initial
    engine state only when first asked (a clone never asks)."""

    __slots__ = ("codec", "_state", "trail")

    def __init__(self, codec: Codec, state: State | None, trail: list[str]) -> None:
        self.codec = codec
        self._state = state
        self.trail = trail

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self.codec.game.new_initial_state(seed=0)
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        return _Inner(self.codec, self.state.clone(), list(self.trail))


_START = hashlib.sha1(b"start").hexdigest()


class CardtableSpielState(pyspiel.State):
    """A cardtable ``State`` behind OpenSpiel's ``State`` interface."""

    def __init__(self, game: CardtableSpielGame) -> None:
        super().__init__(game)
        # trail: per seat, a digest of every observation it had so far (perfect recall)
        self._in = _Inner(game.codec, None, [_START] * game.cardtable_game.num_players)

    @property
    def inner(self) -> State:
        return self._in.state

    @property
    def trail(self) -> list[str]:
        return self._in.trail

    # ---- the pyspiel.State interface ------------------------------------------------
    def current_player(self) -> int:
        player = self._in.state.current_player()
        if player is Marker.TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        if player is Marker.CHANCE:
            return pyspiel.PlayerId.CHANCE
        return int(player)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._in.codec.actions.legal_ids(self._in.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, p) for i, (_, p) in enumerate(self._in.state.chance_outcomes())]

    def _apply_action(self, action: int) -> None:
        inner = self._in.state
        if inner.is_chance_node():
            outcomes = inner.chance_outcomes()
            if not 0 <= action < len(outcomes):
                raise pyspiel.SpielError(
                    f"chance outcome {action} is not one of 0..{len(outcomes) - 1}"
                )
            inner.apply_action(outcomes[action][0])
        else:
            inner.apply_action(self._in.codec.actions.action_of(inner, action))
        trail = self._in.trail
        for seat in range(len(trail)):
            # marshal format 2 writes no back-references, so equal observations (built in
            # one fixed key order) give equal bytes; it is several times cheaper than repr
            seen = marshal.dumps(inner.observation(seat), 2)
            trail[seat] = hashlib.sha1(trail[seat].encode() + seen).hexdigest()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            outcomes = self._in.state.chance_outcomes()
            if 0 <= action < len(outcomes):
                return str(outcomes[action][0])
            return f"chance outcome {action}"
        return self._in.codec.actions.labels[action]

    def is_terminal(self) -> bool:
        return self._in.state.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self._in.state.returns()]

    def __str__(self) -> str:
        return " ".join(str(a) for a in self._in.state.history())


class CardtableObserver:
    """OpenSpiel's observer interface: the codec's tensor, JSON observation strings."""

    def __init__(self, codec: Codec, perfect_recall: bool) -> None:
        self.codec = codec
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(codec.layout.size, np.float32)
        self.dict = {s.name: self.tensor[s.start : s.stop] for s in codec.layout.slices if s.size}

    def set_from(self, state: CardtableSpielState, player: int) -> None:
        self.tensor.fill(0.0)
        self.codec._fill(state.inner.observation(player), self.tensor)

    def string_from(self, state: CardtableSpielState, player: int) -> str:
        seen = json.dumps(state.inner.observation(player), sort_keys=True)
        if self.perfect_recall:
            return f"{seen} after {state.trail[player]}"
        return seen


def register() -> list[str]:
    """Register every cardtable game with OpenSpiel; returns their short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for name in cardtable.available_games():
        short = short_name(name)
        names.append(short)
        if short in registered:
            continue
        cls = type(
            f"Cardtable{name.title().replace('-', '')}Game",
            (CardtableSpielGame,),
            {"game_name": name},
        )
        pyspiel.register_game(_game_type(name), cls)
    return names


def load(name: str, players: int | None = None, **settings: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` by cardtable game name, with settings as keyword arguments."""
    register()
    if name not in cardtable.available_games():
        cardtable.load_game(name)  # raises UnknownGameError naming the valid games
    allowed = _parameters(name)
    unknown = sorted(set(settings) - set(allowed))
    if unknown:
        raise SettingError(
            f"setting(s) {', '.join(unknown)} cannot be passed to OpenSpiel for {name}; "
            f"parameters: {', '.join(sorted(allowed))}"
        )
    params = dict(settings)
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(short_name(name), params)


GAMES = register()
