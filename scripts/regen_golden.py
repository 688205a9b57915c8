"""The golden playthroughs of every game: seeded games between bots, written out as text.

    python scripts/regen_golden.py             # rewrite every golden file
    python scripts/regen_golden.py chez        # only one game's

A change in any rule, the notation or the public log shows up as a diff in
``tests/test_golden_playthroughs.py``, which plays the same cases; after a
deliberate change, rewrite them here and review the diff before committing.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable.bots.registry import make_bot
from cardtable.engine.game import State
from cardtable.engine.registry import load_game
from cardtable.engine.transcript import transcript
from cardtable.sim.match import play_match

TESTS = Path(__file__).resolve().parents[1] / "tests"


@dataclass(frozen=True)
class Golden:
    """One seeded game: who plays it, with which seeds, and how it is written out."""

    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    bot_seeds: tuple[int, ...]
    path: Path
    settings: dict[str, Any] = field(default_factory=dict)
    # bots told every observation (``observe``) as they would be in a real match
    observe: bool = True
    # "transcript": ``engine.transcript`` of the record; "log": the actions, the public
    # log and the places (the older form some files were written in)
    form: str = "transcript"

    @property
    def name(self) -> str:
        return self.path.name


def _spread(seed: int, players: int) -> tuple[int, ...]:
    return tuple(seed * 1_000 + seat for seat in range(players))


def _contest(bots: tuple[str, str], seed: int) -> Golden:
    path = TESTS / "golden" / f"contest-2p-{'-'.join(bots)}-seed{seed}.txt"
    return Golden("contest", 2, bots, seed, _spread(seed, 2), path)


def _ctj(players: int, settings: dict[str, Any], bots: tuple[str, ...], seed: int) -> Golden:
    extra = "-".join(sorted(settings)) or "standard"
    path = TESTS / "chai_tea_jazz" / "golden" / f"chai-tea-jazz-{players}p-{extra}-seed{seed}.txt"
    return Golden("chai-tea-jazz", players, bots, seed, _spread(seed, players), path, settings)


def _chez(players: int, seed: int) -> Golden:
    path = TESTS / "chez" / "golden" / f"chez-{players}p-seed{seed}.txt"
    seeds = tuple(seed + seat for seat in range(players))
    bots = ("heuristic",) * players
    return Golden("chez", players, bots, seed, seeds, path, observe=False, form="log")


CASES: tuple[Golden, ...] = (
    _contest(("heuristic", "random"), 1),
    _contest(("random", "heuristic"), 2),
    _contest(("heuristic", "heuristic"), 3),
    _ctj(3, {}, ("heuristic", "random", "heuristic"), 1),
    _ctj(2, {"setup": "short"}, ("heuristic", "heuristic"), 2),
    _ctj(4, {"setup": "short", "passing_the_barrel": True}, ("heuristic", "random") * 2, 3),
    _chez(3, 11),
    _chez(5, 4),
    Golden(
        "chez-geek",
        3,
        ("heuristic",) * 3,
        5,
        (0, 1, 2),
        TESTS / "chez_geek" / "golden" / "cg_3p_seed5.txt",
        observe=False,
    ),
)


def _log(case: Golden, state: State) -> str:
    lines = [f"{state.game.info.title}, {case.players} players, seed {case.seed}"]
    lines += [str(a) for a in state.history()]
    lines += state.public_log()
    lines.append(f"places {state.places()}")
    return "\n".join(lines) + "\n"


def golden_text(case: Golden) -> str:
    game = load_game(case.game, players=case.players, **case.settings)
    seated = [
        make_bot(bot, game, seat, seed)
        for seat, (bot, seed) in enumerate(zip(case.bots, case.bot_seeds, strict=True))
    ]
    state = play_match(game, seated, case.seed, observe=case.observe)
    return _log(case, state) if case.form == "log" else transcript(state.to_record())


def main(games: list[str]) -> None:
    for case in CASES:
        if games and case.game not in games:
            continue
        case.path.parent.mkdir(parents=True, exist_ok=True)
        case.path.write_text(golden_text(case), encoding="utf-8")
        print(f"wrote {case.path}")


if __name__ == "__main__":
    main(sys.argv[1:])
