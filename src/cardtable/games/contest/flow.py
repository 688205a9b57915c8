"""A round of Contest: the deal, the declarations, the calls, the duel and the next round.

``ContestFlow`` runs the phases in order. It names no consequence: after a
reveal it offers what its game's registry of consequences (``rules``) offers and
runs the chosen rule; the call ban is asked through ``rules.call_ban``.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from cardtable.engine.game import Action
from cardtable.games.contest import actions as act
from cardtable.games.contest.core import RoundResult
from cardtable.games.contest.phases import (
    CALL_FIRST,
    CALL_SECOND,
    CONSEQUENCE,
    DEAL,
    DECLARE_FIRST,
    DECLARE_SECOND,
    OVER,
)
from cardtable.games.contest.pieces import KING, SEAT_NAMES, VALUES, duel_winner
from cardtable.games.contest.rules import call_ban, consequences_of
from cardtable.games.contest.view import ContestView


@mypyc_attr(allow_interpreted_subclasses=True)  # see ContestCore
class ContestFlow(ContestView):
    # ---- the contract's hooks ----------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is DECLARE_FIRST or phase is DECLARE_SECOND:
            return list(self.rules.declarations)
        if phase is CALL_SECOND or phase is CALL_FIRST:
            return list(act.CALL_CHOICES)
        taker = self.taker
        return [rule.action for rule in consequences_of(self).all if rule.applies(self, taker)]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase is not DEAL:
            return []
        seat, pos = divmod(self.dealt, self.size)
        left = self.size - pos
        deal = act.DEAL[seat]
        return [(deal[p], n / left) for p, n in enumerate(self.deal_left[seat]) if n]

    def is_reaction_window(self) -> bool:
        phase = self.phase
        return phase is CALL_SECOND or phase is CALL_FIRST

    def _apply(self, action: Action) -> None:
        phase = self.phase
        if phase is DEAL:
            assert isinstance(action, act.Deal), "legal at a deal: Deal outcomes only"
            seat, pos = divmod(self.dealt, self.size)
            self.piece[seat][pos] = action.piece
            self.deal_left[seat][action.piece] -= 1
            self.dealt += 1
            if self.dealt == 2 * self.size:
                self._start_round()
        elif phase is DECLARE_FIRST:
            assert isinstance(action, act.Declare), "legal at a declaration: Declare only"
            self.declared = [-1, -1]
            self.declared_round = self.round
            self.declared[self.first] = action.piece
            self.phase = DECLARE_SECOND
            self.cp = 1 - self.first
        elif phase is DECLARE_SECOND:
            assert isinstance(action, act.Declare), "legal at a declaration: Declare only"
            self.declared[1 - self.first] = action.piece
            self._open_calls()
        elif phase is CALL_SECOND:
            if action is act.CALL or action == act.CALL:
                self._reveal(1 - self.first)
            elif call_ban.may_call(self, self.first):
                self.phase = CALL_FIRST
                self.cp = self.first
            else:
                self._settle_by_declarations()
        elif phase is CALL_FIRST:
            if action is act.CALL or action == act.CALL:
                self._reveal(self.first)
            else:
                self._settle_by_declarations()
        elif phase is CONSEQUENCE:
            taker = self.taker
            self.taker = -1
            assert isinstance(action, act.Choose), "legal here: a consequence only"
            consequences_of(self)[action.name].take(self, taker)
            if self.phase is not OVER:
                self._next_round()

    # ---- rounds ------------------------------------------------------------------
    def _start_round(self) -> None:
        """Draw both top cards (the game may end here), then the first declarer declares."""
        if self.round >= self.max_rounds:
            self._end(None, f"the {self.max_rounds}-round limit was reached")
            return
        main = self.main
        if not main[0] or not main[1]:
            if not main[0] and not main[1]:
                self._end(None, "both Main Piles ran out")
                return
            loser = 0 if not main[0] else 1
            self._end(1 - loser, f"{SEAT_NAMES[loser]} had to draw from an empty Main Pile")
            return
        call_ban.at_round_start(self)
        for s in (0, 1):
            card = main[s].popleft()
            self.table[s].append(card)
            self.known[s][s].add(card)
        for hook in self.draw_hooks:
            hook(self)
            if self.phase is OVER:
                return
        self.phase = DECLARE_FIRST
        self.cp = self.first

    def _open_calls(self) -> None:
        """The second declarer may call first, then the first declarer; a banned seat is skipped."""
        second = 1 - self.first
        if call_ban.may_call(self, second):
            self.phase = CALL_SECOND
            self.cp = second
        elif call_ban.may_call(self, self.first):
            self.phase = CALL_FIRST
            self.cp = self.first
        else:
            self._settle_by_declarations()

    def _record_round(self, caller: int | None, winner: int | None) -> None:
        declared = self.declared
        self.table_as[0].append(declared[0])
        self.table_as[1].append(declared[1])
        revealed = None
        if caller is not None:
            revealed = (self.piece[0][self.table[0][-1]], self.piece[1][self.table[1][-1]])
        self.last_round = RoundResult(
            self.round + 1, (declared[0], declared[1]), caller, revealed, winner
        )

    def _settle_by_declarations(self) -> None:
        """No reveal: the declared values decide."""
        declared = self.declared
        winner = duel_winner(VALUES[declared[0]], VALUES[declared[1]])
        self._record_round(None, winner)
        self.events.append(("duel", tuple(declared), None, winner))
        self._move_cards(winner)
        if self.phase is not OVER:
            self._next_round()

    def _reveal(self, caller: int) -> None:
        """Both cards are shown and the true cards decide; a revealed King is found.

        Then the bluffer, or the accuser of a truthful player, takes a consequence.
        """
        cards = [self.table[0][-1], self.table[1][-1]]
        pieces = [self.piece[0][cards[0]], self.piece[1][cards[1]]]
        for s in (0, 1):
            self.known[1 - s][s].add(cards[s])
        accused = 1 - caller
        bluffed = pieces[accused] != self.declared[accused]
        kings = [pieces[0] == KING, pieces[1] == KING]
        winner = None
        if not kings[0] and not kings[1]:
            winner = duel_winner(VALUES[pieces[0]], VALUES[pieces[1]])
        self._record_round(caller, winner)
        self.events.append(("duel", tuple(self.declared), caller, tuple(pieces)))
        if kings[0] and kings[1]:
            self._end(None, "both Kings were revealed in the same duel")
            return
        if kings[0] or kings[1]:
            loser = 0 if kings[0] else 1
            self._end(1 - loser, f"{SEAT_NAMES[loser]}'s King was revealed")
            return
        call_ban.after_reveal(self, caller, right=bluffed)
        self.taker = accused if bluffed else caller
        self._move_cards(winner)
        if self.phase is OVER:
            return
        self.phase = CONSEQUENCE
        self.cp = self.taker

    def _move_cards(self, winner: int | None) -> None:
        """The winner's cards to the bottom of their Main Pile in order, the loser's defeated."""
        if winner is None:
            return  # a tie: the cards stay on the table for the tie-break round
        loser = 1 - winner
        self.main[winner].extend(self.table[winner])
        self.defeated[loser].extend(self.table[loser])
        self.defeated_as[loser].extend(self.table_as[loser])
        self.table = [[], []]
        self.table_as = [[], []]
        if len(self.defeated[loser]) == self.size:
            self._end(winner, f"all of {SEAT_NAMES[loser]}'s cards are defeated")

    def _next_round(self) -> None:
        self.round += 1
        self.first = 1 - self.first
        self._start_round()
