"""Every effect the deck format names has exactly one rule module, registered under its word."""

from __future__ import annotations

from cardtable.games.chez_geek.game import ChezGeekGame
from cardtable.games.chez_geek.rules.registry import EFFECT_WORDS as EFFECTS
from cardtable.games.chez_geek.rules.registry import ROOM_TARGETED as TARGETED
from cardtable.games.chez_geek.rules.registry import RULES


def test_every_effect_word_has_a_rule() -> None:
    assert sorted(RULES) == sorted(EFFECTS)
    assert all(rule.kind == kind for kind, rule in RULES.items())


def test_every_effect_of_the_open_deck_is_registered() -> None:
    deck = ChezGeekGame(players=3).deck_def
    used = {e.kind for c in deck.cards for e in (*c.effects, *c.stay)}
    assert used <= set(RULES)


def test_room_targeted_effects() -> None:
    assert set(TARGETED) == {"take_thing", "move_person", "discard_card", "slack"}
