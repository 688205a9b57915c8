"""The trick-taking phase: must follow, may trump, must trump when trump is led.

Cards are ``suit << 4 | rank`` (see ``cards``), so ``c >> 4`` and ``c & 15``
are used directly on this hot path. Strength is one integer per played card:
Joker 1000, trump 500 + strength, led suit 100 + strength, anything else 0.
A later card wins ties (``>=``), which settles both the two Jokers and the
double deck's twin cards.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from cardtable.engine.game import Action
from cardtable.games.chai_tea_jazz.cards import JOKER, POINTS
from cardtable.games.chai_tea_jazz.core import ChaiTeaJazzCore
from cardtable.games.chai_tea_jazz.events import Event

# the trick event as a static (``Event.TRICK`` is two lookups by name, every trick)
TRICK: Final = Event.TRICK
JOKER_KEY: Final = 1000
TRUMP_KEY: Final = 500
LED_KEY: Final = 100


@mypyc_attr(allow_interpreted_subclasses=True)  # see ChaiTeaJazzCore
class ChaiTeaJazzTricks(ChaiTeaJazzCore):
    def playable(self, seat: int) -> list[int]:
        """Cards the seat may play from (hand and, with two players, face-up straw)."""
        hand = self.hands[seat]
        if self.game.num_players == 2:
            ups = [c for c in self.up[seat] if c >= 0]
            if ups:
                return sorted(hand + ups)
        return hand

    def _play_legal(self) -> list[Action]:
        table = self.game.play_actions
        return [table[c] for c in self._play_cards()]

    def _play_cards(self) -> list[int]:
        """The cards the seat to act may play, in the order of its legal actions.

        The hand itself when every card of it may be played: read it, do not change it.
        """
        seat = self.cp
        assert isinstance(seat, int), "called only when a seat is to act"
        game = self.game
        cards = self.playable(seat) if game.straw else self.hands[seat]
        led = self.led
        if led >= 0:
            follow = [c for c in cards if c >> 4 == led]
            if follow:
                trump = self.trump
                if trump >= 0 and led != trump:
                    cards = [c for c in cards if c >> 4 == led or c >> 4 == trump or c == JOKER]
                elif JOKER in cards:
                    cards = [c for c in cards if c >> 4 == led or c == JOKER]
                else:
                    cards = follow
        if game.twins:
            return sorted(set(cards))
        return cards

    def _apply_play(self, card: int) -> None:
        seat = self.cp
        assert isinstance(seat, int), "called only when a seat is to act"
        game = self.game
        hand = self.hands[seat]
        # the card's place found by comparing native ints, then popped (``remove`` and
        # ``in`` compare through the generic object protocol, card by card; ``del`` goes
        # through the slice code)
        at = -1
        for i in range(len(hand)):
            if hand[i] == card:
                at = i
                break
        if at >= 0:
            hand.pop(at)
        elif not game.straw:  # legality is checked first: ``remove``'s error, as before
            raise ValueError("list.remove(x): x not in list")
        else:
            i = self.up[seat].index(card)
            self.up[seat][i] = -1
            self.flips.append((seat, i))
        trick_cards = self.trick_cards
        trick_cards.append(card)
        self.trick_seats.append(seat)
        if card == JOKER:
            key = JOKER_KEY
        else:
            suit = card >> 4
            led = self.led
            if led < 0:
                self.led = led = suit
            elif suit != led and (led == self.trump or suit != self.trump):
                self.void[seat] |= 1 << led
            if suit == self.trump:
                key = TRUMP_KEY + self.strength[card & 15]
            elif suit == led:
                key = LED_KEY + self.strength[card & 15]
            else:
                key = 0
        if key >= self.best_key:
            self.best_key = key
            self.best_seat = seat
        n = game.num_players
        if len(trick_cards) < n:
            self.cp = seat + 1 if seat + 1 < n else 0
            return
        winner = self.best_seat
        self.tricks_won[winner] += 1
        won = 0
        for c in trick_cards:
            won += POINTS[c]
        self.points[winner] += won
        self.captured[winner] += trick_cards
        entry = (self.trick_seats[0], tuple(trick_cards), winner)
        self.tricks_log.append(entry)
        self.events.append((TRICK, entry))
        if self.flips:
            for s, i in self.flips:
                self.up[s][i] = self.down[s][i]
                self.down[s][i] = -1
            self.flips = []
        self.trick_seats = []
        self.trick_cards = []
        self.trick_no += 1
        self.led = -1
        self.best_key = -1
        self.best_seat = -1
        if self.trick_no == game.tricks:
            self._finish_round()
            return
        self.strength = game.strength[self.order[self.trick_no]]
        self.cp = winner
