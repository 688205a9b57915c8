"""A heuristic Chai Tea Jazz bot: pick on hand strength, play sensible tricks.

It reads only its seat's observation and the legal actions (plus the game's
fixed tables: card names and strength orders, which every player knows).

Picking: for every open row and every way to play it, estimate the points the
hand would capture; pick the best row when the estimate beats the table's
average share, saving the flexible Joker row for when nothing else fits.
Playing: win points cheaply, throw low when the trick is lost, give points to
a partner who is winning, and keep trumps for tricks worth taking.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.bots.base import Bot
from cardtable.engine.game import Action
from cardtable.games.chai_tea_jazz import actions as act
from cardtable.games.chai_tea_jazz.cards import (
    HIGH,
    JOKER,
    LOW,
    NUM_CODES,
    POINTS,
    RANK_OF,
    SUIT_OF,
)
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.games.chai_tea_jazz.plays import Play
from cardtable.games.chai_tea_jazz.schema import Observation

JOKER_ROW_PENALTY = 12.0


class HeuristicBot(Bot[Observation]):
    name = "heuristic"
    game: ChaiTeaJazzGame

    # ---- picking -------------------------------------------------------------------
    def _estimate(self, hand: list[int], play: Play) -> float:
        """Rough points the hand captures as declarer under ``play``.

        Each card's share of a trick and whether it is a trump depend only on the
        play, so they are tabled once per play on the game (shared by every bot of
        it); the sum runs over the hand in its order, so the float is the same as
        adding the terms card by card.
        """
        game = self.game
        table = game.estimates.get(play)
        if table is None:
            table = self._estimate_table(play)
            game.estimates[play] = table
        value, is_trump = table
        wins = 0.0
        trumps = 0
        for c in hand:
            wins += value[c]
            trumps += is_trump[c]
        wins += 0.15 * max(0, trumps - 3)
        return wins * game.deck_points / game.tricks

    def _estimate_table(self, play: Play) -> tuple[tuple[float, ...], tuple[int, ...]]:
        """Per card code: its expected trick share under ``play``, and 1 for a trump."""
        game = self.game
        dirs = play.directions(game.tricks)
        top = game.top
        tables = [game.strength[d] for d in (HIGH, LOW) if d in dirs] or [game.strength[dirs[0]]]
        if len(set(dirs)) == 1:
            tables = [game.strength[dirs[0]]]
        trump = play.trump
        value = [0.0] * NUM_CODES
        for c in range(NUM_CODES):
            if c == JOKER:
                value[c] = 1.0
                continue
            if RANK_OF[c] > top:
                continue  # not a card of this deck
            rel = sum(t[RANK_OF[c]] for t in tables) / (len(tables) * top)
            if SUIT_OF[c] == trump:
                value[c] = 0.45 + 0.55 * rel
            else:
                value[c] = rel**4 * (0.55 if trump >= 0 else 1.0)
        is_trump = tuple(int(SUIT_OF[c] == trump) for c in range(NUM_CODES))
        return tuple(value), is_trump

    def ranked_picks(self, obs: Observation, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        """Every legal pick with its estimate, best first (equals in the order of ``legal``)."""
        return sorted(self.scored_picks(obs, legal), key=lambda pair: -pair[0])  # stable

    def scored_picks(self, obs: Observation, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        """Every legal pick with its estimate, in the order of ``legal``.

        The estimate is the points the hand would capture, less the bid, with the
        Joker row held back while other rows are open, mirrored for Avoidance rows,
        and leaning a little toward the valuable rows.
        """
        game = self.game
        hand = [game.code_of[c.upper()] for c in obs["hand"]]
        picks = [a for a in legal if isinstance(a, act.Pick)]
        share = game.deck_points / game.num_sides
        open_rows = {a.row for a in picks}
        several = len(open_rows) > 1
        facts = [(row.is_joker and several, row.avoid, row.value) for row in game.rows]
        scored: list[tuple[float, Action]] = []
        # one estimate per contract, not per pick: the picks repeat each contract at every
        # Bet Debt step, and a search's widening asks this about a hundred picks at a time
        estimates: dict[int, float] = {}
        for a in picks:
            play = a.play
            known = estimates.get(id(play))  # the play is held by ``picks`` meanwhile
            if known is None:
                known = estimates[id(play)] = self._estimate(hand, play)
            est = known - a.debt
            held_back, avoid, value = facts[a.row]
            if held_back:
                est -= JOKER_ROW_PENALTY
            if avoid:
                est = share * 2 - est
            est += value  # a small lean toward the valuable rows
            scored.append((est, a))
        return scored

    def _pick(self, obs: Observation, legal: Sequence[Action]) -> Action:
        game = self.game
        share = game.deck_points / game.num_sides
        if act.ACCEPT in legal:
            return act.ACCEPT if obs["bidding"]["offer"] >= 10 else act.PASS
        # the first of the best, as ``ranked_picks`` would rank it, without sorting them all
        # (a search's widening asks this at every new picking node)
        best: tuple[float, Action] | None = None
        for pair in self.scored_picks(obs, legal):
            if best is None or pair[0] > best[0]:
                best = pair
        if best is None:
            return act.PASS
        if act.PASS not in legal:
            return best[1]  # forced
        threshold = share * 1.25 + (5 if obs["bidding"]["current"] else 0)
        return best[1] if best[0] >= threshold else act.PASS

    # ---- playing -------------------------------------------------------------------
    def _key(self, card: int, led: int, trump: int, table: tuple[int, ...]) -> int:
        if card == JOKER:
            return 1000
        s = SUIT_OF[card]
        if s == trump:
            return 500 + table[RANK_OF[card]]
        if s == led or led < 0:
            return 100 + table[RANK_OF[card]]
        return 0

    def _play(self, obs: Observation, legal: Sequence[Action]) -> Action:
        game = self.game
        code = game.code_of
        contract = obs["contract"]
        trick = obs["trick"]
        assert contract is not None and trick is not None, "cards are played in a trick"
        trump = "CDHS".index(contract["trump"]) if contract["trump"] else -1
        direction = {"high": HIGH, "low": LOW}.get(trick["direction"], 2)
        table = game.strength[direction]
        sides = {p: i for i, members in enumerate(obs["sides"]) for p in members}
        declaring = sides[contract["declarer"]]

        def friend(seat: int) -> bool:
            return (sides[seat] == declaring) == (sides[self.seat] == declaring)

        cards = [a for a in legal if isinstance(a, act.PlayCard)]
        # each card on the table is a pair [seat, card]
        on_table = [(int(s), code[str(c).upper()]) for s, c in trick["cards"]]
        if not on_table:
            return self._lead(obs, cards, trump, table)
        led = "CDHS".index(trick["led"]) if trick["led"] else -1
        best_key, best_seat = -1, -1
        for s, c in on_table:
            k = self._key(c, led, trump, table)
            if k >= best_key:
                best_key, best_seat = k, s
        last = len(on_table) == game.num_players - 1
        worth = sum(POINTS[c] for _, c in on_table)

        def cost(a: act.PlayCard) -> tuple[int, int, int]:
            c = a.card
            return (int(SUIT_OF[c] == trump or c == JOKER), POINTS[c], table[RANK_OF[c]])

        if friend(best_seat):
            if last:
                return max(
                    cards, key=lambda a: (-cost(a)[0], POINTS[a.card], -table[RANK_OF[a.card]])
                )
            return min(cards, key=cost)
        winners = [a for a in cards if self._key(a.card, led, trump, table) >= best_key]
        plain = [a for a in winners if SUIT_OF[a.card] != trump and a.card != JOKER]
        if plain:
            if last:
                return max(plain, key=lambda a: (POINTS[a.card], -table[RANK_OF[a.card]]))
            return max(plain, key=lambda a: table[RANK_OF[a.card]])
        if winners and (worth >= 5 or (last and worth > 0)):
            return min(winners, key=lambda a: self._key(a.card, led, trump, table))
        return min(cards, key=cost)

    def _lead(
        self, obs: Observation, cards: list[act.PlayCard], trump: int, table: tuple[int, ...]
    ) -> Action:
        game = self.game
        code = game.code_of
        seen = {code[c.upper()] for t in obs["tricks"] for c in t["cards"]}
        mine = {a.card for a in cards}
        unseen = [c for c in set(game.deck_list) if c not in seen and c not in mine]

        def sure(c: int) -> bool:
            if c == JOKER:
                return True
            s = SUIT_OF[c]
            rivals = [
                x for x in unseen if SUIT_OF[x] == s and table[RANK_OF[x]] > table[RANK_OF[c]]
            ]
            if rivals:
                return False
            return s == trump or not any(SUIT_OF[x] == trump for x in unseen) or trump < 0

        winners = [a for a in cards if sure(a.card)]
        if winners:
            return max(winners, key=lambda a: (POINTS[a.card], table[RANK_OF[a.card]]))
        plain = [a for a in cards if SUIT_OF[a.card] != trump and a.card != JOKER] or cards
        return min(plain, key=lambda a: (POINTS[a.card], table[RANK_OF[a.card]]))

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if isinstance(legal[0], act.PlayCard):
            return self._play(observation, legal)
        return self._pick(observation, legal)
