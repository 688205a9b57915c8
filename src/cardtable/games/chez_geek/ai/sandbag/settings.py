"""The sandbag bot's settings and the scores its rules give, in one place.

Why only these: each setting here measured better than the plain heuristic
(docs/notes/sandbag-tuning.md has the rounds and their figures); the ideas
that measured no better (holding Slack back, other targets, planning the
turn around the heuristic's cancels …) were removed with their settings, and
a spec naming one is refused (``settings_from``).
"""

from __future__ import annotations

from dataclasses import dataclass

# Scores, on the heuristic's scale (``HeuristicBot.score``): where each rule
# puts an action among the heuristic's own choices.
HOLD = -0.5  # a play held back: below ``done``/``pass`` (0), above a harmful play
NEAR = 3.0  # a cancel of a near-finishing play: above the heuristic's leader cancel (2)
EAGER = 2.5  # a cancel spent at once: above the heuristic's leader cancel (2), below ``NEAR``
STOPS_WIN = 9.0  # a cancel of a winning Whenever: as the heuristic's cancel of a winning play
FINISH = 9.5  # above cancelling a finishing play (9.0): spend the Whenever, keep the cancel
WINS = 20.0  # a play that reaches this seat's goal: above anything else
KEPT = 4.0  # a card scored below ``done`` (5) in the Discard phase: kept
DOWN_TO_ONE = 10.0  # added to every discard: above ``done``, so the hand goes down to one card
DUD = 3.0  # added to a cancel that answers no finishing play: kept after any other card

# how much of the plays that finish games a cancel answers, by what it cancels (``rank``)
COVERAGE = {
    "free_time": 1.0,  # TV cards: any Shopping trip or Activity
    "shopping": 0.8,
    "activity": 0.8,
    "whenever": 0.8,
    "call": 0.6,
    "tag": 0.0,  # Sleep or Nookie cards only: a dud to keep
}
COVERAGE_OTHER = 0.5  # a cancel of a kind not listed above


@dataclass(frozen=True)
class SandbagSettings:
    """Each setting with its default, the measured best; the rules that read it are named."""

    discard_all: bool = True  # discard down to one card in the Discard phase (keeping)
    cancel_keep: float = 3.0  # added to a cancel's keep value in the Discard phase (keeping)
    near: int = 2  # cancel a play that brings its seat within this of its goal (-1: off)
    defend: float = 5.0  # score of a cancel that stops an attack on this seat (0: off)
    aim: float = 0.3  # per point of Slack of the room card an attack takes or spoils
    rank: float = 1.0  # weigh a cancel's keep bonus by the finishing plays it answers (0: alike)
    finish: bool = True  # stop a win in a window with a Whenever that takes the finisher's Slack
    steal: float = 1.0  # per point of Slack a Whenever moves from another room into this one
    eager: int = 1  # cancel any other seat's play worth this much Slack at once (-1: off)
    patience: float = 2.0  # ``eager`` needs this much more per seat still to play before this one
    engine: float = 3.0  # Slack per future turn of a Thing's +1 Free Time (Income: half), bought
    keep_engine: bool = True  # keep such a Thing through the Discard phase for next turn's trip
    keep_next: bool = True  # the card kept (no cancel): by the Slack it adds next turn for sure
    next_bonus: float = 1.5  # with ``keep_next``: added to that Slack (a cancel's keep value is 4)
    keep_two: float = 3.0  # a second card kept: an Activity or Thing worth this next turn (99: off)
    late: bool = True  # Whenevers adding Slack to its room: last in its Free Time, as the finisher
