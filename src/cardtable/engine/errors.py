"""Typed errors of the engine.

Every error subclasses ``ValueError`` so that callers that only know Python's
conventions still catch bad input, while the server and the CLI can tell a
malformed action from an illegal one and show the reason to the right person.
"""

from __future__ import annotations


class CardtableError(ValueError):
    """Root of every error the engine raises on bad input."""


class UnknownGameError(CardtableError):
    """A game name that is not registered."""


class SettingError(CardtableError):
    """An unknown setting or a bad value for one (a game's, a bot's, a command's)."""


class PlayerCountError(SettingError):
    """A player count the game is not played by."""


class SeatError(SettingError):
    """A seat number that is not at this table."""


class UnknownBotError(SettingError):
    """A bot name that this game does not offer."""


class TableStateError(CardtableError):
    """A request that the table cannot take in its present state (a rematch before the end)."""


class BadDealError(CardtableError):
    """An explicit deal with missing, duplicate or misplaced cards."""


class ActionError(CardtableError):
    """An action that cannot be applied; the state is left exactly as it was.

    ``text`` is what was offered, ``reason`` why it was refused and ``where``
    a short, public description of the state (move number, who is to act).
    """

    def __init__(self, text: str, reason: str, where: str) -> None:
        self.text = text
        self.reason = reason
        self.where = where
        super().__init__(f"{text!r}: {reason} ({where})")

    def __reduce__(self) -> tuple[type[ActionError], tuple[str, str, str]]:
        # a game played in a worker process (simulate, arena) sends its error back
        # pickled; the default rebuilds from the message alone and fails
        return type(self), (self.text, self.reason, self.where)


class MalformedActionError(ActionError):
    """Text that is not an action of this game at all."""


class IllegalActionError(ActionError):
    """A well-formed action that the rules do not allow now."""


class RecordError(CardtableError):
    """A game record that cannot be replayed.

    ``index`` is the 0-based position of the offending action, or ``None``
    when the record is refused before any action is read.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        self.index = index
        self.message = message
        where = f"action {index}: " if index is not None else ""
        super().__init__(f"{where}{message}")

    def __reduce__(self) -> tuple[type[RecordError], tuple[str, int | None]]:
        return type(self), (self.message, self.index)
