"""Actions are values, clones share nothing mutable, and the fast deal draw is the engine's."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from cardtable.engine.conformance import check_clone_shares_nothing_mutable
from cardtable.engine.game import Action, State
from cardtable.games.chai_tea_jazz import actions as act
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.games.chai_tea_jazz.plays import Play


def _twin(action: Action) -> Action:
    """An equal action built anew, not the interned one (the constructor does not intern).

    Built through the class, not ``object.__new__``: compiled classes refuse that.
    """
    return dataclasses.replace(action)  # type: ignore[type-var]


def test_every_action_kind_equals_and_hashes_like_its_twin() -> None:
    game = ChaiTeaJazzGame(3, passing_the_barrel=True)
    actions: list[Action] = [
        *game.deal_actions.values(),
        *game.play_actions.values(),
        *game.offer_actions,
        act.PASS,
        act.ACCEPT,
        *(p for per_play in game.pick_actions for picks in per_play for p in picks),
    ]
    for action in actions:
        twin = _twin(action)
        assert twin is not action and twin == action and hash(twin) == hash(action)
    assert len(set(actions)) == len(actions)  # distinct actions stay distinct


def test_actions_of_different_kinds_or_fields_differ() -> None:
    game = ChaiTeaJazzGame(3)
    card = next(iter(game.deal_actions))
    assert game.deal_actions[card] != game.play_actions[card]
    assert act.Pick(0, Play("under"), 0, "pick under") != act.Pick(0, Play("under"), 5, "x")
    assert act.Pick(0, Play("under"), 5, "a") == act.Pick(0, Play("under"), 5, "b")
    assert act.PASS != act.ACCEPT and act.Offer(5) != act.Offer(10)


@pytest.mark.parametrize(
    ("players", "settings"),
    [(2, {}), (3, {}), (4, {}), (6, {}), (6, {"double_deck": True})],
)
def test_the_deal_draw_is_the_engines(players: int, settings: dict[str, bool]) -> None:
    state = ChaiTeaJazzGame(players, **settings).new_initial_state(seed=players)
    while state.is_chance_node():
        engine = state.clone()
        expected = State.sample_chance(engine)
        assert state.sample_chance() == expected
        assert state.legal_actions() == engine.legal_actions()
        state.apply_action(expected)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_clone_shares_nothing_mutable_at_any_move(players: int) -> None:
    game = ChaiTeaJazzGame(players)
    state = game.new_initial_state(seed=5)
    rng = random.Random(5)
    while not state.is_terminal():
        state.legal_actions()
        check_clone_shares_nothing_mutable(game, 5, state)
        state.apply_action(rng.choice(state.legal_actions()))
    check_clone_shares_nothing_mutable(game, 5, state)


def test_a_clone_of_an_explicit_deal_shares_nothing_mutable() -> None:
    game = ChaiTeaJazzGame(3)
    names = [game.names[c] for c in game.deck_list]
    state = game.new_initial_state(deal={"hands": [names[0:12], names[12:24], names[24:36]]})
    check_clone_shares_nothing_mutable(game, 0, state)


def test_every_contract_rule_is_registered_named_in_the_schema_and_offered_by_its_spec() -> None:
    from cardtable.engine.schema import SchemaError, check_schema
    from cardtable.games.chai_tea_jazz.offers import specs
    from cardtable.games.chai_tea_jazz.rules.registry import CONTRACTS
    from cardtable.games.chai_tea_jazz.schema import RuleName

    for name in CONTRACTS.names():
        check_schema(name, RuleName)
    with pytest.raises(SchemaError, match="'misere' is not one of"):
        check_schema("misere", RuleName)
    for rule in CONTRACTS:
        plays = specs()[rule.name]
        assert {p.rule for p in plays} == {rule.name}
        assert all((p.trump >= 0) == rule.trump for p in plays)
        assert all((p.high is not None) == rule.directed for p in plays)


def test_every_phase_label_is_a_phase_name_of_the_schema() -> None:
    from typing import get_args

    from cardtable.games.chai_tea_jazz.phases import Phase
    from cardtable.games.chai_tea_jazz.schema import PhaseName

    assert tuple(p.label for p in Phase) == get_args(PhaseName)


def _play_randomly(state: State, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("players", "settings", "moves"),
    [
        (2, {}, 60),
        (3, {"passing_the_barrel": True}, 50),
        (4, {}, 140),
        (6, {"double_deck": True}, 90),
        (3, {"jass": True}, 400),
    ],
)
def test_a_state_pickles_and_plays_on_the_same(
    players: int, settings: dict[str, bool], moves: int
) -> None:
    # the server pickles states (snapshots, the bot process pool), compiled or not
    state = ChaiTeaJazzGame(players, **settings).new_initial_state(seed=players)
    _play_randomly(state, random.Random(players), moves)
    copy = pickle.loads(pickle.dumps(state))
    assert type(copy) is type(state) and type(copy.game) is type(state.game)
    assert copy.to_record() == state.to_record()
    assert copy.legal_actions() == state.legal_actions()
    for seat in range(players):
        assert copy.observation(seat) == state.observation(seat)
    assert copy.public_log() == state.public_log()
    # the same choices and the same seeded deals from here to the end
    first, second = random.Random(7), random.Random(7)
    while not state.is_terminal():
        _play_randomly(state, first, 1)
        _play_randomly(copy, second, 1)
        assert copy.observation(0) == state.observation(0)
    assert copy.returns() == state.returns() and copy.places() == state.places()


def test_every_action_kind_pickles_to_an_equal_action() -> None:
    game = ChaiTeaJazzGame(3, passing_the_barrel=True)
    actions: list[Action] = [
        *game.deal_actions.values(),
        *game.play_actions.values(),
        *game.offer_actions,
        act.PASS,
        act.ACCEPT,
        *(p for per_play in game.pick_actions for picks in per_play for p in picks),
    ]
    for action in actions:
        copy = pickle.loads(pickle.dumps(action))
        assert type(copy) is type(action) and copy == action and hash(copy) == hash(action)
        assert str(copy) == str(action)
