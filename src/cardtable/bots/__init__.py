"""Bots for any game: they see one seat's observation and the legal actions, nothing more."""

from cardtable.bots.base import Bot, RandomBot
from cardtable.bots.registry import available_bots, make_bot

__all__ = ["Bot", "RandomBot", "available_bots", "make_bot"]
