"""The flow of a Chai Tea Jazz game: rounds of deal, picking and tricks until every row is played.

Cards are ints (see ``cards``); the deal is chance card by card in the order
of ``game.layout`` (or an explicit deal), so a game is a list of actions and
``resample`` can rewrite the current round's deal. This layer starts and
scores the rounds, dispatches each action to the picking or the tricks, and
reads the results; ``state`` joins it with the views and the refusals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from cardtable.engine.game import Action, Marker
from cardtable.games.chai_tea_jazz import actions as act
from cardtable.games.chai_tea_jazz.cards import POINTS, RANK_OF, SUIT_OF
from cardtable.games.chai_tea_jazz.events import Event
from cardtable.games.chai_tea_jazz.phases import Phase
from cardtable.games.chai_tea_jazz.picking import ChaiTeaJazzPicking
from cardtable.games.chai_tea_jazz.records import RoundRecord, RoundSummary
from cardtable.games.chai_tea_jazz.schema import RoundSummaryView
from cardtable.games.chai_tea_jazz.scoring import cumulative_total, final_ranking, row_game_points
from cardtable.games.chai_tea_jazz.zones import DOWN, HAND, UP

# the phases as statics (a module name that is not ``Final`` is a dict lookup each time)
DEAL: Final = Phase.DEAL
PICK: Final = Phase.PICK
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER
CHANCE: Final = Marker.CHANCE
TERMINAL: Final = Marker.TERMINAL
# the deal's zones as statics, compared by identity (``==`` on an ``IntEnum`` is generic)
HAND_ZONE: Final = HAND
UP_ZONE: Final = UP
DOWN_ZONE: Final = DOWN


def _running_sums(n: int) -> list[float]:
    """The running sums ``sample_chance`` reaches drawing one of ``n`` equal outcomes.

    Added up exactly as a walk of the outcomes adds ``1 / n`` (the same floats in
    the same order), so the first sum above the draw is the outcome the walk stops
    at, found from a guess instead of a walk.
    """
    p = 1 / n
    acc = 0.0
    out: list[float] = []
    for _ in range(n):
        acc += p
        out.append(acc)
    return out


# the running sums for every count of cards a distinct deck may have left
RUNNING: Final = [_running_sums(n) if n else [] for n in range(129)]


def _outcome_at(r: float, n: int) -> int:
    """Which of ``n`` equal outcomes the walk of running sums stops at for the draw ``r``.

    The first running sum above ``r`` (the last outcome when rounding leaves every
    sum at or below it), from the even split's guess: the sums differ from
    ``(i + 1) / n`` by rounding only, so the guess is a step off at most. Compared
    as native floats; ``bisect`` compares boxed ones, a call each.
    """
    sums = RUNNING[n] if n < len(RUNNING) else _running_sums(n)
    at = int(r * n)
    while at > 0 and sums[at - 1] > r:
        at -= 1
    while at < n and sums[at] <= r:
        at += 1
    return at if at < n else n - 1


def _no_legal_action(state: ChaiTeaJazzPicking) -> RuntimeError:
    """A run that reaches a decision with nothing legal stops with this, not a draw for ever."""
    return RuntimeError(
        f"Chai Tea Jazz: a rollout reached a decision with no legal action "
        f"(phase {state.phase.label}, round {state.round_no})"
    )


@mypyc_attr(allow_interpreted_subclasses=True)  # see ChaiTeaJazzCore
class ChaiTeaJazzFlow(ChaiTeaJazzPicking):
    plays_random_runs: ClassVar[bool] = True

    # ---- rounds --------------------------------------------------------------------
    def _start_round(self, n: int) -> None:
        game = self.game
        self.phase = DEAL
        self.cp = CHANCE
        self.remaining = len(game.deck_list)
        # distinct-card decks keep the cards left to deal (all equally likely), in the
        # order of the outcomes, so that a draw is an index found from the running sums;
        # decks with twins or two Jokers keep counts instead
        self.deal_left = None
        self.undealt_counts = {}
        self.deal_at = -1
        if game.distinct:
            self.deal_left = list(game.deal_actions)
        else:
            self.undealt_counts = dict(Counter(game.deck_list))
        self.slots = []
        self.hands = [[] for _ in range(n)]
        self.up = [[-1] * 5 for _ in range(n)] if n == 2 else []
        self.down = [[-1] * 5 for _ in range(n)] if n == 2 else []
        self.aside = []
        self.passed = [False] * n
        self.cb = -1
        self.cb_pick = None
        self.forced = False
        self.offer = 0
        self.responders = []
        self.declarer = -1
        self.pick = None
        self.bonus = 0
        self.trump = -1
        self.order = ()
        self.strength = ()
        self.trick_no = 0
        self.led = -1
        self.trick_seats = []
        self.trick_cards = []
        self.best_key = -1
        self.best_seat = -1
        self.points = [0] * n
        self.tricks_won = [0] * n
        self.captured = [[] for _ in range(n)]
        self.void = [0] * n
        self.flips = []
        self.tricks_log = []
        self.aside_taken = []
        if self.events:
            self.old_events += tuple(self.events)
            self.events = []
        if self.round_no < len(self.explicit):
            for card in self.explicit[self.round_no]:
                self._place(card)

    def _place(self, card: int) -> None:
        """Put the next card of the deal into its slot."""
        game = self.game
        zone, seat, index = game.layout[len(self.slots)]
        self.slots.append(card)
        left = self.deal_left
        if left is not None:
            # the sampled card's place, or (an outcome chosen by the caller) its search
            at = self.deal_at
            if at < 0 or at >= len(left) or left[at] != card:
                at = left.index(card)
            left.pop(at)  # compiled as a list pop; ``del left[at]`` goes through the slice code
            self.deal_at = -1
        else:
            k = self.undealt_counts[card]
            if k == 1:
                del self.undealt_counts[card]
            else:
                self.undealt_counts[card] = k - 1
        self.remaining -= 1
        if zone is HAND_ZONE:
            self.hands[seat].append(card)
        elif zone is UP_ZONE:
            self.up[seat][index] = card
        elif zone is DOWN_ZONE:
            self.down[seat][index] = card
        else:
            self.aside.append(card)
        if not self.remaining:
            self._after_deal()

    def _after_deal(self) -> None:
        game = self.game
        for hand in self.hands:
            hand.sort()
        self.phase = PICK
        for seat in range(game.num_players):
            self.passed[seat] = not any(self.open_rows[game.side_of[seat]])
        self.cp = self.barrel

    def _declare(self, seat: int, pick: act.Pick, bonus: int) -> None:
        game = self.game
        self.declarer = seat
        self.pick = pick
        self.bonus = bonus
        self.trump = pick.play.trump
        self.order = pick.play.directions(game.tricks)
        self.strength = game.strength[self.order[0]]
        self.events.append((Event.CONTRACT, seat, pick.row, str(pick.play), pick.debt, bonus))
        self.phase = PLAY
        self.cp = seat

    def stronger_aside(self) -> int:
        """Index of the set-aside card the last trick's winner takes (two players)."""
        a, b = self.aside
        trump = self.trump
        table = self.game.strength[self.order[-1]]
        ta, tb = SUIT_OF[a] == trump, SUIT_OF[b] == trump
        if ta != tb:
            return 0 if ta else 1
        if ta or SUIT_OF[a] == SUIT_OF[b]:
            return 0 if table[RANK_OF[a]] >= table[RANK_OF[b]] else 1
        return 0 if RANK_OF[a] >= RANK_OF[b] else 1

    def _finish_round(self) -> None:
        game = self.game
        n = game.num_players
        last = self.tricks_log[-1][2]
        if n == 2:
            first = self.stronger_aside()
            cards = (self.aside[first], self.aside[1 - first])
            for seat, card in ((last, cards[0]), (1 - last, cards[1])):
                self.points[seat] += POINTS[card]
                self.captured[seat].append(card)
                self.aside_taken.append((seat, card))
            self.aside = []
            self.digest = hash((self.digest, cards))  # shown to both: public from now on
        pick = self.pick
        assert pick is not None
        side = game.side_of[self.declarer]
        members = game.members[side]
        captured = sum(self.points[m] for m in members)
        bonus_last = game.last_bonus if game.side_of[last] == side else 0
        score = captured + bonus_last - pick.debt + self.bonus
        match = -1
        if game.jass:
            winners = {game.side_of[s] for s in range(n) if self.tricks_won[s]}
            if len(winners) == 1:
                match = winners.pop()
                self.game_points[match] += 1
        row = pick.row
        self.row_score[row][side] = score
        self.completions[row] += 1
        self.row_order[row][side] = self.completions[row]
        self.open_rows[side][row] = False
        if not any(self.open_rows[side]):
            self.finished += 1
            self.finish[side] = self.finished
        awarded = None
        if self.completions[row] == game.num_sides:
            # every side has completed the row, so no entry is None
            scores = [x for x in self.row_score[row] if x is not None]
            orders = [x for x in self.row_order[row] if x is not None]
            awarded = tuple(row_game_points(game.rows[row], scores, orders))
            self.row_points[row] = list(awarded)
            for s, gp in enumerate(awarded):
                self.game_points[s] += gp
            self.events.append((Event.ROW, row, awarded))
        # by position (the fields' order): keywords cost a named tuple twice the call
        summary = RoundSummary(
            self.round_no + 1,  # round
            self.declarer,  # declarer
            side,  # side
            game.rows[row].name,  # row
            str(pick.play),  # contract
            captured,  # captured
            bonus_last,  # last_trick
            pick.debt,  # bet_debt
            self.bonus,  # barrel_offer
            score,  # score
            match,  # match_point
            awarded,  # row_game_points
            tuple((s, game.names[c]) for s, c in self.aside_taken),  # aside
        )
        self.round_summaries += (summary,)
        self.events.append((Event.ROUND, self.round_no, self.declarer, row, score))
        self.finished_round = self._round_record()
        if self.finished == game.num_sides or (game.settings["early_end"] and self._decided()):
            self._end()
            return
        b = self.barrel
        for i in range(1, n + 1):
            q = (b + i) % n
            if any(self.open_rows[game.side_of[q]]):
                self.barrel = q
                break
        self.round_no += 1
        self.deal_start = self.move_number() + 1
        self._start_round(n)

    def _round_record(self) -> RoundRecord:
        """The public record of the round just played, before the next one resets it."""
        game = self.game
        return RoundRecord(
            self.round_no + 1,  # round
            tuple(self.tricks_log),  # tricks
            tuple(self.points),  # points
            tuple(sum(self.points[m] for m in members) for members in game.members),  # side_points
            tuple(self.tricks_won),  # tricks_won
            tuple((s, game.names[c]) for s, c in self.aside_taken),  # aside
        )

    @property
    def summaries(self) -> list[RoundSummaryView]:
        """One summary per finished round, as ``rounds_played`` shows them."""
        return [summary.view() for summary in self.round_summaries]

    def totals(self) -> list[int]:
        """What decides the game: game points, or Cumulative's total score."""
        game = self.game
        if game.settings["cumulative"]:
            return [
                cumulative_total(game.rows, [self.row_score[r][s] for r in range(len(game.rows))])
                for s in range(game.num_sides)
            ]
        return list(self.game_points)

    def all_events(self) -> list[tuple[Any, ...]]:
        return [*self.old_events, *self.events]

    def statistics(self) -> dict[str, Any]:
        """Per-game figures for ``cardtable simulate`` (per-contract scores and picking)."""
        game = self.game
        scores: dict[str, float] = {}
        for r, row in enumerate(game.rows):
            done = [x for x in self.row_score[r] if x is not None]
            if done:
                scores[row.name] = sum(done) / len(done)
        rules: dict[str, int] = {}
        summaries = self.round_summaries
        for summary in summaries:
            rule = summary.contract.split(" ")[0]
            rules[rule] = rules.get(rule, 0) + 1
        rounds = len(summaries) or 1
        return {
            "contract_scores": scores,
            "contracts_played": rules,
            "mean_bet_debt": sum(x.bet_debt for x in summaries) / rounds,
            "forced_picks": sum(1 for e in self.all_events() if e[0] == Event.FORCED),
            "declarer_score": sum(x.score for x in summaries) / rounds,
        }

    def _decided(self) -> bool:
        """Early end: the leader stays ahead whatever the unscored rows give.

        Every unscored row can still move any side by its value either way, and
        with Match points every round left can add 1. Strictly ahead only, since
        a tie would go to the finishing order, which is not known yet.
        """
        game = self.game
        swing = sum(game.rows[r].value for r in range(len(game.rows)) if self.row_points[r] is None)
        left = sum(sum(open_) for open_ in self.open_rows)
        gain = swing + (left if game.jass else 0)
        points = self.game_points
        leader = max(range(game.num_sides), key=lambda s: points[s])
        return all(
            points[leader] - swing > points[s] + gain for s in range(game.num_sides) if s != leader
        )

    def _end(self) -> None:
        self.phase = OVER
        self.cp = TERMINAL
        finish = [f if f is not None else 99 for f in self.finish]
        self.result = tuple(final_ranking(self.totals(), finish))
        self.events.append((Event.END, self.result))

    # ---- contract ------------------------------------------------------------------
    def current_player(self) -> int | Marker:
        return self.cp

    def _legal_actions(self) -> list[Action]:
        if self.phase is PLAY:
            return self._play_legal()
        return self._picking_legal()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase is not DEAL:
            return []
        left = self.deal_left
        table = self.game.deal_actions
        if left is not None:
            p = 1 / len(left)
            return [(table[c], p) for c in left]
        r = self.remaining
        return [(table[c], k / r) for c, k in self.undealt_counts.items()]

    def sample_chance(self) -> Action:
        """The engine's draw, without building ``(outcome, probability)`` pairs.

        The same RNG call and the same running sums of the same probabilities,
        in the order of ``chance_outcomes``, as ``State.sample_chance``, so the
        same card (``test_ctj_values`` compares them at every deal). The draw is
        marked as sampled, so ``apply_action`` takes it without listing the outcomes.
        """
        if self.phase is not DEAL:
            return super().sample_chance()
        left = self.deal_left
        r = self.rng.random()
        table = self.game.deal_actions
        chosen: Action | None = None
        if left is not None:
            at = _outcome_at(r, len(left))
            chosen = table[left[at]]
            self.deal_at = at
        else:
            acc = 0.0
            remaining = self.remaining
            for c, k in self.undealt_counts.items():
                chosen = table[c]
                acc += k / remaining
                if r < acc:
                    break
        assert chosen is not None, "a deal has a card left to deal"
        self._sampled = chosen
        return chosen

    def random_run(self, bits: Callable[[int], int], budget: int) -> int:
        """The tricks, the picking and a distinct deck's deal in one loop (``State.random_run``).

        Each step is what ``apply_action`` does with the rollout's action: a card
        drawn by ``bits`` from ``_play_cards`` (the order of the legal actions), a
        pick or pass drawn from ``_picking_legal``, or the deal's next card drawn
        as ``sample_chance`` draws it; then the same ``_apply_play``,
        ``_apply_picking`` or ``_place``, the action in the history. A deck with
        twins deals through the rollout's own loop (its counts are drawn there).
        """
        game = self.game
        plays = game.play_actions
        deals = game.deal_actions
        history = self._history
        # the generator's draw, looked up at the run's first deal and not again (a clone
        # makes its generator on first use, so a run without a deal does not make it)
        rand: Callable[[], float] | None = None
        played = 0
        while played < budget:
            phase = self.phase
            if phase is PLAY:
                cards = self._play_cards()
                n = len(cards)
                if not n:
                    raise _no_legal_action(self)
                k = n.bit_length()
                j = bits(k)
                while j >= n:
                    j = bits(k)
                card = cards[j]
                self.finished_round = None
                self.digest = hash((self.digest, card))
                self._apply_play(card)
                history.append(plays[card])
            elif phase is DEAL:
                left = self.deal_left
                if left is None:
                    break  # twins: counts, drawn by ``sample_chance``
                if rand is None:
                    rand = self.rng.random
                at = _outcome_at(rand(), len(left))
                card = left[at]
                self.deal_at = at
                self._place(card)
                history.append(deals[card])
            elif phase is not OVER:
                # the picking: its legal actions, one drawn as for a card, applied as
                # ``_apply`` applies it
                legal = self._picking_legal()
                n = len(legal)
                if not n:
                    raise _no_legal_action(self)
                k = n.bit_length()
                j = bits(k)
                while j >= n:
                    j = bits(k)
                action = legal[j]
                self.finished_round = None
                self.digest = hash((self.digest, action))
                self._apply_picking(action)
                history.append(action)
            else:
                break
            played += 1
        if played:
            self._legal = None
            self._sampled = None
        return played

    def _apply(self, action: Action) -> None:
        # phases compared by identity (each is one member, and ``==`` on an ``IntEnum`` is a
        # generic comparison, three a move)
        phase = self.phase
        if phase is not DEAL:
            self.finished_round = None  # the next round's first decision (or any decision)
        if phase is PLAY:
            assert isinstance(action, act.PlayCard), "legal in a trick: cards only"
            self.digest = hash((self.digest, action.card))
            self._apply_play(action.card)
        elif phase is DEAL:
            assert isinstance(action, act.Deal), "legal at a deal: Deal outcomes only"
            self._place(action.card)
        else:
            self.digest = hash((self.digest, action))
            self._apply_picking(action)

    # ---- results ------------------------------------------------------------------
    def returns(self) -> list[float]:
        game = self.game
        if self.phase is not OVER:
            return [0.0] * game.num_players
        totals = self.totals()
        return [float(totals[game.side_of[s]]) for s in range(game.num_players)]

    def interim_returns(self) -> list[float] | None:
        """Game points so far plus a provisional share of every row not yet complete.

        A row some sides have completed is scored as if the sides still to play
        it made a typical declarer score (1.2 times a side's even share of the
        points in play: 44 of 110 with three players), and the result counts at 75% while it is
        open; a side that has not played the row gets nothing from it. During
        the tricks the declarer's row is projected from the points captured so
        far plus its share of those still out. Cumulative games use the total
        of the row scores. Equals ``returns()`` once the game is over.
        """
        game = self.game
        if self.phase is OVER:
            return self.returns()
        sides = game.num_sides
        in_play = game.deck_points
        typical = game.typical
        row_score = [r[:] for r in self.row_score]
        row_order = [r[:] for r in self.row_order]
        if self.phase is PLAY and self.pick is not None:
            side = game.side_of[self.declarer]
            members = game.members[side]
            captured = sum(self.points[m] for m in members)
            left = in_play - sum(self.points)
            done = self.trick_no
            won = sum(self.tricks_won[m] for m in members)
            share = won / done if done else len(members) / game.num_players
            projected = captured + left * share - self.pick.debt + self.bonus
            row_score[self.pick.row][side] = round(projected)
            row_order[self.pick.row][side] = self.completions[self.pick.row] + 1
        if game.settings["cumulative"]:
            return [
                float(cumulative_total(game.rows, [row_score[r][s] for r in range(len(game.rows))]))
                for s in (game.side_of[p] for p in range(game.num_players))
            ]
        est = [float(x) for x in self.game_points]
        for r, row in enumerate(game.rows):
            if self.row_points[r] is not None:
                continue
            scores = row_score[r]
            known = [s for s in range(sides) if scores[s] is not None]
            if not known:
                continue
            filled = [x if (x := scores[s]) is not None else typical[s] for s in range(sides)]
            orders = [row_order[r][s] or 99 for s in range(sides)]
            awarded = row_game_points(row, filled, orders)
            for s in known:
                est[s] += 0.75 * awarded[s]
        return [est[game.side_of[p]] for p in range(game.num_players)]

    def places(self) -> list[int] | None:
        if self.result is None:
            return None
        place = {side: i + 1 for i, side in enumerate(self.result)}
        return [place[self.game.side_of[s]] for s in range(self.game.num_players)]


__all__ = ["ChaiTeaJazzFlow"]
