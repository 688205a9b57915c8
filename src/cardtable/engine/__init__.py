"""The engine contract shared by every game, bot, CLI and server."""

from cardtable.engine.errors import (
    ActionError,
    BadDealError,
    CardtableError,
    IllegalActionError,
    MalformedActionError,
    RecordError,
    SettingError,
    UnknownGameError,
)
from cardtable.engine.game import Action, Game, GameInfo, Marker, Setting, State
from cardtable.engine.record import load_record, replay, replay_states, save_record
from cardtable.engine.registry import available_games, game_info, load_game

CHANCE = Marker.CHANCE
TERMINAL = Marker.TERMINAL

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionError",
    "BadDealError",
    "CardtableError",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "MalformedActionError",
    "Marker",
    "RecordError",
    "Setting",
    "SettingError",
    "State",
    "UnknownGameError",
    "available_games",
    "game_info",
    "load_game",
    "load_record",
    "replay",
    "replay_states",
    "save_record",
]
