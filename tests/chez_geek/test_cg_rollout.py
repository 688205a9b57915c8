"""The rollout bot: a spec that builds, legal moves, no hidden state read, a sane estimate."""

from __future__ import annotations

import random

import pytest

from cardtable.bots.infoset import decide
from cardtable.bots.ismcts import InformationSetRequired
from cardtable.bots.registry import make_bot
from cardtable.engine.errors import SettingError
from cardtable.engine.game import Marker
from cardtable.engine.registry import load_game
from cardtable.games.chez_geek.ai.bots import HeuristicBot
from cardtable.games.chez_geek.ai.estimate import win_chances
from cardtable.games.chez_geek.ai.rollout import RolloutBot
from cardtable.games.chez_geek.ai.sandbag import SandbagBot
from cardtable.games.chez_geek.state import ChezGeekState
from cardtable.sim.match import play_match


def _state_with_a_choice(seed: int, skip: int) -> ChezGeekState:
    """A heuristic game played on until a seat has its ``skip``-th choice of several actions."""
    game = load_game("chez-geek", players=4)
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, ChezGeekState)
    bots = [HeuristicBot(game, s, seed=s) for s in range(4)]
    choices = 0
    while True:
        player = state.current_player()
        assert player is not Marker.TERMINAL
        if player is Marker.CHANCE:
            state.apply_action(state.sample_chance())
            continue
        assert isinstance(player, int)
        if len(state.legal_actions()) > 1:
            choices += 1
            if choices > skip:
                return state
        state.apply_action(decide(bots[player], state, player))


def test_the_spec_builds_the_bot_with_its_settings_and_refuses_unknown_ones() -> None:
    game = load_game("chez-geek", players=4)
    bot = make_bot("rollout(samples=3, candidates=2, horizon=40, margin=0.1)", game, 1, seed=5)
    assert isinstance(bot, RolloutBot)
    assert (bot.samples, bot.candidates, bot.horizon, bot.margin) == (3, 2, 40, 0.1)
    with pytest.raises(SettingError, match="samples, max_samples"):
        make_bot("rollout(sample=3)", game, 0)
    with pytest.raises(SettingError):
        make_bot("rollout(samples=0)", game, 0)


def test_it_needs_its_information_set() -> None:
    state = _state_with_a_choice(3, 5)
    seat = state.current_player()
    assert isinstance(seat, int)
    bot = RolloutBot(state.game, seat, seed=1)
    with pytest.raises(InformationSetRequired):
        bot.act(state.observation(seat), state.legal_actions())


@pytest.mark.parametrize("skip", [4, 30, 60])
def test_it_plays_one_of_the_heuristics_best_actions_and_values_each(skip: int) -> None:
    state = _state_with_a_choice(21, skip)
    seat = state.current_player()
    assert isinstance(seat, int)
    before = state.to_record()
    bot = RolloutBot(state.game, seat, seed=2, samples=3, max_samples=3, candidates=3)
    action = decide(bot, state, seat)
    ranked = HeuristicBot(state.game, seat).ranked(state.observation(seat), state.legal_actions())
    assert action in ranked[:3]
    assert set(bot.last_values) == set(ranked[:3])
    assert all(0.0 <= v <= 1.0 for v in bot.last_values.values())
    assert bot.last_samples == 3
    assert state.to_record() == before  # the search never touches the real game


def test_the_decision_depends_only_on_what_the_seat_has_seen() -> None:
    """Re-deal every card the seat has not seen: the same bot seed gives the same values."""
    for skip in (10, 40):
        state = _state_with_a_choice(8, skip)
        seat = state.current_player()
        assert isinstance(seat, int)
        other = state.resample(seat, random.Random(99))
        assert other.observation(seat) == state.observation(seat)
        hidden = [s for s in range(4) if s != seat]
        assert any(sorted(other.hands[s]) != sorted(state.hands[s]) for s in hidden) or any(
            other.slot_type[x] != state.slot_type[x] for s in hidden for x in state.hands[s]
        )
        first = RolloutBot(state.game, seat, seed=4, samples=2, max_samples=4, candidates=3)
        second = RolloutBot(state.game, seat, seed=4, samples=2, max_samples=4, candidates=3)
        assert decide(first, state, seat) == decide(second, other, seat)
        assert first.last_values == second.last_values


@pytest.mark.parametrize(
    ("spec", "others", "seed"),
    [
        ("rollout(samples=1, candidates=2, horizon=30)", "heuristic", 5),
        ("rollout(policy=sandbag, samples=1, candidates=2, horizon=30)", "sandbag", 6),
    ],
)
def test_it_plays_a_whole_game(spec: str, others: str, seed: int) -> None:
    game = load_game("chez-geek", players=4)
    bots = [
        make_bot(spec, game, 0, seed=1),
        *(make_bot(others, game, s, seed=s) for s in range(1, 4)),
    ]
    state = play_match(game, bots, seed=seed, observe=False)
    assert state.is_terminal()
    assert sorted(state.returns()) == [0.0, 0.0, 0.0, 1.0]


def test_win_chances_sum_to_one_and_give_the_winner_everything_at_the_end() -> None:
    state = _state_with_a_choice(13, 50)
    chances = win_chances(state)
    assert len(chances) == 4
    assert sum(chances) == pytest.approx(1.0)
    assert all(c >= 0.0 for c in chances)
    game = state.game
    bots = [HeuristicBot(game, s) for s in range(4)]
    end = play_match(game, bots, seed=13, observe=False)
    assert isinstance(end, ChezGeekState)
    assert win_chances(end) == [1.0 if r == 1.0 else 0.0 for r in end.returns()]


def test_win_chances_favour_the_seat_that_needs_less_slack() -> None:
    state = _state_with_a_choice(13, 50)
    seat = (state.turn + 1) % 4
    richer = state.clone()
    thing = next(c.index for c in state.defs if c.kind == "Thing")
    richer.rooms[seat].append((thing, 5, 0, 10_000))  # five more Slack in that room
    assert richer.slack_of(seat) < richer.goal(seat)  # still short of the goal
    assert win_chances(richer)[seat] > win_chances(state)[seat]
    others = [s for s in range(4) if s != seat]
    assert all(win_chances(richer)[s] < win_chances(state)[s] for s in others)


def test_the_sandbag_policy_gives_the_candidates_and_plays_the_rollouts() -> None:
    """With ``policy=sandbag`` the candidates are sandbag's best, and nothing hidden is read."""
    game = load_game("chez-geek", players=4)
    with pytest.raises(SettingError, match="rule-of-thumb"):
        make_bot("rollout(policy=rollout)", game, 0)
    state = _state_with_a_choice(8, 25)
    seat = state.current_player()
    assert isinstance(seat, int)
    spec = "rollout(policy=sandbag, others=sandbag, samples=2, max_samples=2, candidates=3)"
    first, second = make_bot(spec, game, seat, seed=6), make_bot(spec, game, seat, seed=6)
    assert isinstance(first, RolloutBot) and isinstance(second, RolloutBot)
    other = state.resample(seat, random.Random(7))
    before = state.to_record()
    action = decide(first, state, seat)
    assert state.to_record() == before
    ranked = SandbagBot(game, seat).ranked(state.observation(seat), state.legal_actions())
    assert action in ranked[:3]
    assert set(first.last_values) <= set(ranked[:3])
    assert decide(second, other, seat) == action
    assert first.last_values == second.last_values
