"""A Contest bot that bluffs to hide its King and calls reveals on unlikely declarations.

It reads only its observation. The key facts it exploits:
- a King in your own Defeated Pile is safe forever, because only you choose your
  consequence, so with the King in hand it declares a Pawn (the most plausible
  card) and lets the King lose the round;
- calling a reveal while holding the King shows it, so it never does;
- a consequence can always be taken safely when you know where your King is
  (show the pile if the King is not in it, else show the top card);
- the opponent's bluff rate is estimated from every reveal seen, and a
  declaration of a piece the opponent can no longer hold is a sure bluff.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.bots.base import Bot
from cardtable.engine.game import Action, Game
from cardtable.games.contest.pieces import LETTERS, VALUES, PieceLetter
from cardtable.games.contest.schema import ContestObservation

VALUE_OF = {LETTERS[p]: VALUES[p] for p in range(len(LETTERS))}


class HeuristicBot(Bot[ContestObservation]):
    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int | None = None) -> None:
        super().__init__(game, seat, seed)
        self.reveals = 0
        self.bluffs = 0
        self.rounds_seen: set[int] = set()
        # copies of each piece in one pile (the ``pile`` setting may make it tiny)
        self.count_of: dict[str, int] = {letter: n // 2 for letter, n in game.deck().items()}

    # ---- memory ----------------------------------------------------------------
    def observe(self, observation: ContestObservation) -> None:
        last = observation.get("last_round")
        if not last or last["round"] in self.rounds_seen:
            return
        self.rounds_seen.add(last["round"])
        if last["revealed"] is not None:
            opp = 1 - self.seat
            self.reveals += 1
            self.bluffs += last["declared"][opp] != last["revealed"][opp]

    def bluff_rate(self) -> float:
        """Posterior mean of the opponent's bluff rate; prior Beta(1, 2): most are honest."""
        return (self.bluffs + 1) / (self.reveals + 3)

    # ---- decisions --------------------------------------------------------------
    def act(self, observation: ContestObservation, legal: Sequence[Action]) -> Action:
        self.observe(observation)
        by_text = {str(a): a for a in legal}
        phase = observation["phase"]
        if phase in ("declare-first", "declare-second"):
            choice = self.declare(observation, phase == "declare-second")
        elif phase in ("call-first", "call-second"):
            choice = "call" if self.should_call(observation) else "pass"
        else:
            choice = self.consequence(observation)
        return by_text.get(choice) or legal[0]

    def declare(self, obs: ContestObservation, second: bool) -> str:
        me = obs["you"]
        card = me["card"]
        assert card is not None, "a declarer holds a card"
        if card == "K":
            return "P"  # the most plausible card, and a lost King is a safe King
        if obs["you"]["card_shown"] or not second:
            return card
        opp_declared: str | None = obs["declared"][1 - self.seat]
        if opp_declared is None or VALUE_OF[card] >= VALUE_OF[opp_declared]:
            return card
        # losing honestly costs the card; a bluff that is called costs no more, since
        # true cards decide, and its consequence can be taken safely
        for piece in ("R", "Q"):
            if VALUE_OF[piece] > VALUE_OF[opp_declared] and self.could_hold(obs, piece):
                return piece
        return card

    def could_hold(self, obs: ContestObservation, piece: PieceLetter) -> bool:
        """Whether the opponent could believe I hold ``piece``: not all copies lost."""
        lost: int = obs["you"]["defeated"].count(piece)
        return lost < self.count_of.get(piece, 0)

    def should_call(self, obs: ContestObservation) -> bool:
        me = obs["you"]
        if me["card"] == "K":
            return False  # a reveal would show our own King
        opp = obs["opponent"]
        declared = obs["declared"][1 - self.seat]
        assert declared is not None, "calls open once both have declared"
        shown = opp["card"]
        if shown is not None:  # their card is shown: we know
            return shown != declared
        # copies of the declared piece that are known to be elsewhere (not the card in play)
        elsewhere = opp["known_cards"].get(declared, 0)
        if elsewhere >= self.count_of.get(declared, 0):
            return True
        if me["wrong_calls_in_a_row"] >= 1 and self.bluff_rate() < 0.6:
            return False  # a second wrong call in a row would cost us the next round's call
        mine: str | None = obs["declared"][self.seat]
        stakes = VALUE_OF[declared] > VALUE_OF[mine or "P"]
        threshold = 0.45 if stakes else 0.6
        return self.bluff_rate() > threshold

    def consequence(self, obs: ContestObservation) -> str:
        me = obs["you"]
        if "K" in me["defeated"]:
            return "top"
        return "pile"
