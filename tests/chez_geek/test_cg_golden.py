"""Golden playthrough: a full seeded game between heuristic bots, written out as text.

Any change in the rules, the open deck, the notation or the public log shows
up as a diff here. When a change is deliberate, regenerate with
``CG_REGEN=1 .venv/bin/pytest tests/chez_geek/test_cg_golden.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

from cardtable.bots.registry import make_bot
from cardtable.engine.registry import load_game
from cardtable.engine.transcript import transcript
from cardtable.sim.match import play_match

GOLDEN = Path(__file__).parent / "golden" / "cg_3p_seed5.txt"


def test_golden_playthrough_3_players_seed_5() -> None:
    game = load_game("chez-geek", players=3)
    bots = [make_bot("heuristic", game, seat, seed=seat) for seat in range(3)]
    state = play_match(game, bots, seed=5, observe=False)
    text = transcript(state.to_record())
    if os.environ.get("CG_REGEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
