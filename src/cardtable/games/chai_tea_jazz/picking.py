"""The picking phase: pass, pick, Hard Pass, forced pick, Bet Debt, Passing the Barrel.

A layer of the state over ``tricks`` (its fields are declared in ``core``) so the hot path
stays plain attribute access.
Seats whose side has completed every row are marked as passed when the round
starts: the rules say they must always pass, so asking them is no decision.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from cardtable.engine.game import Action
from cardtable.games.chai_tea_jazz import actions as act
from cardtable.games.chai_tea_jazz.events import Event
from cardtable.games.chai_tea_jazz.phases import Phase
from cardtable.games.chai_tea_jazz.tricks import ChaiTeaJazzTricks

# the phases as statics, compared by identity (see ``flow``)
PICK: Final = Phase.PICK
OFFER: Final = Phase.OFFER
ACCEPT: Final = Phase.ACCEPT


@mypyc_attr(allow_interpreted_subclasses=True)  # see ChaiTeaJazzCore
class ChaiTeaJazzPicking(ChaiTeaJazzTricks):
    def _pick_options(self, seat: int, level: int) -> list[Action]:
        """Picks of every row the seat's side has not completed, Bet Debt ``level`` and up.

        Cached on the game by (open rows, level): picking lists run to a hundred
        actions and recur every round.
        """
        game = self.game
        open_rows = self.open_rows[game.side_of[seat]]
        key = (tuple(open_rows), level, True)
        out = game.pick_cache.get(key)
        if out is None:
            out = []
            for r, per_play in enumerate(game.pick_actions):
                if open_rows[r]:
                    for picks in per_play:
                        out.extend(picks[level:])
            game.pick_cache[key] = out
        return out

    def _picking_legal(self) -> list[Action]:
        seat = self.cp
        assert isinstance(seat, int), "called only when a seat is to act"
        game = self.game
        if self.phase is OFFER:
            return [act.ACCEPT, act.PASS]
        if self.phase is ACCEPT:
            return list(self._level_picks(seat, 0))
        if self.forced:
            out: list[Action] = list(self._level_picks(seat, 0))
            if game.settings["passing_the_barrel"] and self._responders():
                level = self.offer // game.increment
                out.extend(game.offer_actions[level + 1 :])
            return out
        out = [act.PASS]
        if self.cb < 0:
            out.extend(self._level_picks(seat, 0))
        else:
            assert self.cb_pick is not None, "a current bid has its pick"
            level = self.cb_pick.debt // game.increment + 1
            if level < len(game.debts):
                out.extend(self._pick_options(seat, level))
        return out

    def _level_picks(self, seat: int, level: int) -> list[Action]:
        game = self.game
        open_rows = self.open_rows[game.side_of[seat]]
        key = (tuple(open_rows), level, False)
        out = game.pick_cache.get(key)
        if out is None:
            out = [
                picks[level]
                for r, per_play in enumerate(game.pick_actions)
                if open_rows[r]
                for picks in per_play
            ]
            game.pick_cache[key] = out
        return out

    def _responders(self) -> list[int]:
        """Passing the Barrel: opponents with rows to play, in turn order after the holder."""
        game = self.game
        n = game.num_players
        side = game.side_of[self.barrel]
        out = []
        for i in range(1, n):
            q = (self.barrel + i) % n
            qs = game.side_of[q]
            if qs != side and any(self.open_rows[qs]):
                out.append(q)
        return out

    def _next_active(self, seat: int) -> int:
        """The next seat after ``seat`` that has not passed (``-1`` if none)."""
        n = self.game.num_players
        passed = self.passed
        for i in range(1, n + 1):
            q = (seat + i) % n
            if not passed[q]:
                return q
        return -1

    def _apply_picking(self, action: Action) -> None:
        seat = self.cp
        assert isinstance(seat, int), "called only when a seat is to act"
        phase = self.phase
        if phase is OFFER:
            if action is act.ACCEPT:
                self.events.append((Event.ACCEPT, seat, self.offer))
                self.phase = ACCEPT
                return
            self.events.append((Event.DECLINE, seat, self.offer))
            self.responders.pop(0)
            if self.responders:
                self.cp = self.responders[0]
            else:
                self.phase = PICK
                self.cp = self.barrel
            return
        if isinstance(action, act.Offer):
            self.offer = action.amount
            self.events.append((Event.OFFER, seat, action.amount))
            self.responders = self._responders()
            self.phase = OFFER
            self.cp = self.responders[0]
            return
        if isinstance(action, act.Pick):
            self.events.append((Event.PICK, seat, action.text))
            if phase is ACCEPT:
                self._declare(seat, action, self.offer)
                return
            if self.forced:
                self._declare(seat, action, 0)
                return
            self.cb = seat
            self.cb_pick = action
            nxt = self._next_active(seat)
            if nxt == seat:
                self._declare(seat, action, 0)
            else:
                self.cp = nxt
            return
        # a pass (Hard Pass: out for the rest of this picking phase)
        self.events.append((Event.PASS, seat))
        self.passed[seat] = True
        nxt = self._next_active(seat)
        if self.cb >= 0:
            if nxt == self.cb:
                assert self.cb_pick is not None, "a current bid has its pick"
                self._declare(self.cb, self.cb_pick, 0)
            else:
                self.cp = nxt
        elif nxt < 0:
            self.forced = True
            self.events.append((Event.FORCED, self.barrel))
            self.cp = self.barrel
        else:
            self.cp = nxt
