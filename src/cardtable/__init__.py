"""cardtable: four card games on one engine, for play, simulation and study."""

from cardtable.engine import available_games, game_info, load_game, replay

__all__ = ["available_games", "game_info", "load_game", "replay"]
__version__ = "0.1.0"
