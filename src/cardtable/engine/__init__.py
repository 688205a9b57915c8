"""The engine contract shared by every game, bot, CLI and server."""

from cardtable.engine.errors import (
    ActionError,
    BadDealError,
    CardtableError,
    IllegalActionError,
    MalformedActionError,
    PlayerCountError,
    RecordError,
    SeatError,
    SettingError,
    TableStateError,
    UnknownBotError,
    UnknownGameError,
)
from cardtable.engine.game import (
    Action,
    Decline,
    FileOption,
    Game,
    GameInfo,
    Marker,
    Setting,
    State,
    decline_of,
    is_decline,
)
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
    "Decline",
    "FileOption",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "MalformedActionError",
    "Marker",
    "PlayerCountError",
    "RecordError",
    "SeatError",
    "Setting",
    "SettingError",
    "State",
    "TableStateError",
    "UnknownBotError",
    "UnknownGameError",
    "available_games",
    "decline_of",
    "game_info",
    "is_decline",
    "load_game",
    "load_record",
    "replay",
    "replay_states",
    "save_record",
]
