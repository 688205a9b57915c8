"""One game between bots, driven only through the engine contract (see ``bots.match``)."""

from __future__ import annotations

from cardtable.bots.match import play_match, run_match

__all__ = ["play_match", "run_match"]
