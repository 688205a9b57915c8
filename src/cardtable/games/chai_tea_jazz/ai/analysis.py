"""After the game: what each card a seat could have played was worth, double-dummy.

A record holds the whole deal, so once a game is over every trick can be
solved with all hands known. For every card play of the chosen seat where it
had a choice, the solver gives the declarer's round score after each legal
card (best play by everyone from there on), so the seat sees the best card
and what its own cost. While more than ``exact`` tricks remain a whole-round
solve takes too long in Python, so those positions are searched ``depth``
tricks deep with the rest estimated, and marked ``~``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import cast

from cardtable.engine.game import Action, State
from cardtable.games.chai_tea_jazz import actions as act
from cardtable.games.chai_tea_jazz.ai.solver import Position, Solver, round_score, solvable
from cardtable.games.chai_tea_jazz.state import ChaiTeaJazzState

EXACT_TRICKS = 6
DEPTH = 2


@dataclass(frozen=True)
class CardChoice:
    """One decision of the seat: the round score (declarer's) after each legal card."""

    round_no: int
    trick: int
    seat: int
    declaring: bool
    played: str
    scores: dict[str, int]
    exact: bool

    @property
    def best(self) -> list[str]:
        pick = max if self.declaring else min
        target = pick(self.scores.values())
        return [card for card, s in self.scores.items() if s == target]

    @property
    def cost(self) -> int:
        """Points the play gave away against the best card (from the seat's side's view)."""
        best = self.scores[self.best[0]]
        diff = best - self.scores[self.played]
        return diff if self.declaring else -diff


def choices(
    states: Sequence[State],
    actions: Sequence[Action],
    seat: int,
    exact: int = EXACT_TRICKS,
    depth: int = DEPTH,
) -> Iterator[CardChoice]:
    """Every card play of ``seat`` with more than one legal card, analysed."""
    for before, action in zip(states, actions, strict=False):
        assert isinstance(before, ChaiTeaJazzState)
        if before.current_player() != seat or not solvable(before):
            continue
        legal = before.legal_actions()
        if len(legal) < 2:
            continue
        game = before.game
        pos = Position.from_state(before)
        left = game.tricks - before.trick_no
        full = left <= exact
        values = Solver.for_position(pos, None if full else depth).move_values(pos)
        names = game.names
        yield CardChoice(
            round_no=before.round_no + 1,
            trick=before.trick_no + 1,
            seat=seat,
            declaring=game.side_of[seat] == game.side_of[before.declarer],
            played=names[cast(act.PlayCard, action).card],  # tricks: cards only
            scores={names[c]: round_score(before, v) for c, v in sorted(values.items())},
            exact=full,
        )


def report(
    states: Sequence[State], actions: Sequence[Action], seat: int, exact: int = EXACT_TRICKS
) -> Iterator[str]:
    """Lines for ``cardtable analyze``: each decision, the best card and every card's score."""
    total = 0
    count = 0
    for choice in choices(states, actions, seat, exact):
        mark = "" if choice.exact else "~"
        role = "declarer" if choice.declaring else "defender"
        verdict = "best" if choice.played in choice.best else f"lost {choice.cost}"
        cards = " ".join(f"{c}:{mark}{s}" for c, s in choice.scores.items())
        yield (
            f"round {choice.round_no} trick {choice.trick:>2} ({role}): played {choice.played} "
            f"({verdict}); best {'/'.join(choice.best)}; declarer's score after each card: {cards}"
        )
        total += choice.cost
        count += 1
    yield (
        f"{count} decisions; points given away against double-dummy best play: {total} "
        f"(~ = estimated: more than {exact} tricks left, searched {DEPTH} tricks deep)"
    )
