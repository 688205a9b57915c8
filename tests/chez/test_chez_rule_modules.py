"""The rule modules and the registries: labels match the declared view, each name is
declared once, the game follows its settings and its class's registries."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import get_args

import pytest

from cardtable import load_game
from cardtable.compiled import GAMES
from cardtable.engine.schema import SchemaError, check_schema
from cardtable.games.chez import rules
from cardtable.games.chez.actions import Play, play_of
from cardtable.games.chez.core import ChezCore
from cardtable.games.chez.game import ChezGame, chez_info
from cardtable.games.chez.rules import DISCARD, FRONT, settings_of
from cardtable.games.chez.rules._shape import DiscardCombo, FrontCombo, OfferOf, kinds_of
from cardtable.games.chez.schema import PlayName, RollFor
from cardtable.games.chez.steps import PLAY_NAMES, DrawStep, Pending, RollPurpose
from tests.chez.chez_helpers import do, hand, legal, passes


def test_the_play_names_of_the_schema_are_the_kinds_then_the_registry_s_combos():
    assert rules.play_names() == (*PLAY_NAMES, *(rule.label for rule in DISCARD))
    for name in rules.play_names():
        check_schema(name, PlayName)
    with pytest.raises(SchemaError, match="'Royal Flush' is not one of"):
        check_schema("Royal Flush", PlayName)


def test_every_roll_purpose_label_is_a_word_of_the_schema():
    assert {p.label for p in RollPurpose} == set(get_args(RollFor))


def test_each_combo_has_a_setting_of_its_own():
    settings = settings_of(DISCARD, FRONT)
    names = [s.name for s in settings]
    assert len(names) == len(set(names))
    assert names[1:] == [*DISCARD.names(), *FRONT.names()]
    assert [s.name for s in ChezGame.info.settings] == [*names, "nope_window"]


def test_a_combo_switched_off_is_not_among_the_game_s_combos():
    game = load_game("chez", players=3, revolution=False, siege=False)
    assert isinstance(game, ChezGame)
    assert "revolution" not in [r.name for r in game.discard_combos]
    assert "siege" not in [r.name for r in game.front_combos]
    assert len(game.discard_combos) == len(DISCARD) - 1
    assert len(game.front_combos) == len(FRONT) - 1


def test_every_rule_module_holds_one_rule_of_the_registries_and_is_compiled():
    """A module of ``rules/`` is a registered rule (or ``doubles`` / a shared ``_`` one),
    and the compiled build lists every one of them."""
    root = Path(rules.__file__).parent
    modules = sorted(p.stem for p in root.glob("*.py") if p.stem != "__init__")
    registered = sorted([*DISCARD.names(), *FRONT.names()])
    held = []
    for stem in modules:
        if stem.startswith("_") or stem == "doubles":
            continue
        module = importlib.import_module(f"cardtable.games.chez.rules.{stem}")
        assert isinstance(module.RULE, DiscardCombo | FrontCombo), stem
        held.append(module.RULE.name)
    assert sorted(held) == registered
    compiled = GAMES["chez"]
    assert all(f"cardtable.games.chez.rules.{stem}" in compiled for stem in modules)


# a toy combo, declared as every combo is: a module-level frozen rule value
def _toy_options(by_rank: Sequence[list[int]], playable: Sequence[bool], out: list[Play]) -> None:
    for seven in by_rank[7]:
        for eight in by_rank[8]:
            if playable[seven]:
                out.append(play_of((seven, eight)))


def _toy_recognises(ranks: Sequence[int], kinds: Sequence[int]) -> bool:
    return tuple(ranks) == (7, 8)


def _toy_resolve(state: ChezCore, play: Pending) -> None:
    """Everyone else picks up one card."""
    for seat in range(state.n):
        if seat != play.seat and state.active[seat]:
            state.stack.append(DrawStep(seat, 1))


def _nothing(state: ChezCore, play: Pending) -> None:
    """Noped: nothing happens."""


TOY = DiscardCombo(
    name="seven_eight",
    label="Seven-Eight",
    title="A seven then an eight: everyone else picks up one",
    needs=(1 << 7) | (1 << 8),
    values=2,
    offer=OfferOf(_toy_options, kinds_of((7, 8))),
    recognises=_toy_recognises,
    resolve=_toy_resolve,
    noped=_nothing,
)


class ToyChez(ChezGame):
    discard_rules = DISCARD.with_rule(TOY)
    info = chez_info(discard_rules, FRONT)


def test_a_toy_combo_added_to_the_registry_is_offered_played_named_and_counted():
    game = ToyChez(3)
    assert TOY in game.discard_combos and TOY not in DISCARD
    state = game.new_initial_state(
        deal={"hands": [["7H", "8S", "2C"], ["3C"], ["4C"]], "top": "7D", "draw": ["5D", "6D"]}
    )
    assert "7H+8S" in legal(state)
    do(state, "7H+8S")
    prompt = state.observation(0)["prompt"]
    assert prompt["step"] == "window" and prompt.get("play") == "Seven-Eight"
    passes(state)
    assert hand(state, 0) == ["2C"]
    assert len(hand(state, 1)) == 2 and len(hand(state, 2)) == 2
    assert state.tally["seven_eight"] == 1
    # switched off by its own setting, like any combo
    off = ToyChez(3, seven_eight=False).new_initial_state(
        deal={"hands": [["7H", "8S", "2C"], ["3C"], ["4C"]], "top": "7D"}
    )
    assert "7H+8S" not in legal(off)
    assert "seven_eight" not in [s.name for s in ChezGame.info.settings]
