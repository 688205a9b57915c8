"""What a finished round leaves behind: its summary and its public record.

Named tuples, so that a state and its clones share them safely; the view turns
them into the JSON lists and objects a seat is shown (``view()``), which are new
on every call and so cannot be changed behind a state's back. Named tuples
rather than frozen dataclasses: a search's rollouts finish a round at most
iterations, and a frozen dataclass's ``__init__`` sets each field through
``object.__setattr__``, interpreted (about 30,000 instructions a round's end,
5% of a Chai Tea Jazz search iteration); a named tuple is built in one call.
"""

from __future__ import annotations

from typing import NamedTuple

from cardtable.games.chai_tea_jazz.schema import FinishedRoundView, RoundSummaryView, TrickView

# (leader, cards in the order played, winner)
Trick = tuple[int, tuple[int, ...], int]


def trick_view(trick: Trick, names: list[str]) -> TrickView:
    lead, cards, winner = trick
    return {"leader": lead, "cards": [names[c] for c in cards], "winner": winner}


class RoundSummary(NamedTuple):
    """One row of ``rounds_played``: who declared what and how it scored."""

    round: int
    declarer: int
    side: int
    row: str
    contract: str
    captured: int
    last_trick: int
    bet_debt: int
    barrel_offer: int
    score: int
    match_point: int
    row_game_points: tuple[int, ...] | None
    aside: tuple[tuple[int, str], ...]

    def view(self) -> RoundSummaryView:
        awarded = self.row_game_points
        return {
            "round": self.round,
            "declarer": self.declarer,
            "side": self.side,
            "row": self.row,
            "contract": self.contract,
            "captured": self.captured,
            "last_trick": self.last_trick,
            "bet_debt": self.bet_debt,
            "barrel_offer": self.barrel_offer,
            "score": self.score,
            "match_point": self.match_point,
            "row_game_points": None if awarded is None else list(awarded),
            "aside": [[s, c] for s, c in self.aside],
        }


class RoundRecord(NamedTuple):
    """The round just played, shown until the next round's first decision."""

    round: int
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]
    side_points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    aside: tuple[tuple[int, str], ...]

    def view(self, names: list[str]) -> FinishedRoundView:
        tricks = [trick_view(t, names) for t in self.tricks]
        return {
            "round": self.round,
            "tricks": tricks,
            "last_trick": tricks[-1],
            "points": list(self.points),
            "side_points": list(self.side_points),
            "tricks_won": list(self.tricks_won),
            "aside": [[s, c] for s, c in self.aside],
        }


__all__ = ["RoundRecord", "RoundSummary", "Trick", "trick_view"]
