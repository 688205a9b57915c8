"""A new contract is its module and one registry line: a toy contract played through a game.

The toy is declared here as a rule module would declare it (a frozen
``Contract``), added with ``CONTRACTS.with_rule`` in the registry's place, and
offered by a scoreboard row that names it: the rows, the picks, the tricks'
directions, the views and the statistics all take it from the registry.
"""

from __future__ import annotations

import random

import pytest

from cardtable.games.chai_tea_jazz import offers
from cardtable.games.chai_tea_jazz.cards import HIGH, MIDDLE
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.games.chai_tea_jazz.plays import Play
from cardtable.games.chai_tea_jazz.rules import registry
from cardtable.games.chai_tea_jazz.rules.contract import Contract


def toy_directions(tricks: int, high: bool | None) -> tuple[int, ...]:
    """High for the first trick, the centre for the rest (or the reverse, starting low)."""
    first, rest = (HIGH, MIDDLE) if high else (MIDDLE, HIGH)
    return (first,) + (rest,) * (tricks - 1)


TOY = Contract(
    name="toy",
    title="Toy",
    trump=True,
    directed=True,
    directions=toy_directions,
    narrowed=(("toy-hearts", (2,)),),
)
SETUP = [
    {"name": "Toy", "contract": "toy", "value": 2},
    {"name": "Hearts Toy", "contract": "toy-hearts", "value": 1},
    {"name": "Joker", "contract": "joker", "value": 3},
]


@pytest.fixture
def with_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "CONTRACTS", registry.CONTRACTS.with_rule(TOY))


def test_the_game_refuses_the_toy_row_without_its_registry_line() -> None:
    assert "toy" not in registry.CONTRACTS
    with pytest.raises(Exception, match="contract 'toy' is unknown"):
        ChaiTeaJazzGame(3, setup=SETUP)


@pytest.mark.usefixtures("with_toy")
def test_a_toy_contract_added_to_the_registry_is_offered_and_played() -> None:
    assert offers.contract_specs()[-3:] == ("toy", "toy-hearts", "joker")
    game = ChaiTeaJazzGame(3, setup=SETUP)
    assert {p.rule for p in game.rows[0].plays} == {"toy"}
    assert {p.trump for p in game.rows[1].plays} == {2}
    assert Play("toy", 2, False) in game.rows[2].plays
    rng = random.Random(7)
    state = game.new_initial_state(seed=7)
    declared: list[Play] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        if state.phase.label == "play" and state.trick_no == 0 and not state.trick_cards:
            pick = state.pick
            assert pick is not None
            declared.append(pick.play)
            assert state.order == TOY.directions(game.tricks, pick.play.high)
            observed = state.observation(state.cp)["contract"]
            assert observed is not None and observed["description"].startswith("Toy (")
        state.apply_action(rng.choice(state.legal_actions()))
    # every row offers the toy only (the Joker row: the other rows' plays)
    assert len(declared) == game.rounds and {play.rule for play in declared} == {"toy"}
    assert state.statistics()["contracts_played"] == {"toy": game.rounds}
