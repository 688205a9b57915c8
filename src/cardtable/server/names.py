"""What a table calls each seat, in one place, so board, log, header and results agree.

A person's seat is called by the name they gave (or "Player N"); a bot by a
friendly first name and its level ("Ada (bot, hard)"). The game's own seat
names ("P0", "Black", "P1A") stay in the engine's log lines; the client
replaces them with these names, so each seat has one name everywhere.
"""

from __future__ import annotations

from cardtable.engine.game import Game
from cardtable.server.db import TableRow

BOT_NAMES = ("Ada", "Bo", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "June")


def display_names(row: TableRow, game: Game) -> list[str]:
    given = row.options.get("names") or {}
    out: list[str] = []
    for s in row.seats:
        name = given.get(str(s.seat))
        if isinstance(name, str) and name:
            out.append(name)
        elif s.kind == "bot":
            out.append(f"{BOT_NAMES[s.seat % len(BOT_NAMES)]} (bot, {s.bot or 'random'})")
        else:
            out.append(f"Player {s.seat + 1}")
    # two people who gave the same name are told apart by their seat
    for i, name in enumerate(out):
        if out.count(name) > 1:
            out[i] = f"{name} ({game.seat_name(i)})"
    return out
