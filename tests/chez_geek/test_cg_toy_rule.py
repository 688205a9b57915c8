"""A new effect word is its rule value and one registry line: nothing else names it.

The toy word ``keepsake`` is defined here, in the test, as a module-level
frozen rule value; a game whose registry has it added (``with_rule``) reads a
deck that uses it, offers its Whenever, resolves it, and lists it in the RL
action table, while the game's own registry still refuses the word.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cg_helpers import pass_window, room, run

from cardtable.engine.rules import Registry
from cardtable.games.chez_geek.cards import Effect, EffectSyntax
from cardtable.games.chez_geek.core import ChezGeekCore, EffectRule
from cardtable.games.chez_geek.deck_loader import OPEN_DECK, DeckError
from cardtable.games.chez_geek.game import ChezGeekGame
from cardtable.games.chez_geek.rules.registry import EFFECTS
from cardtable.games.chez_geek.state import ChezGeekState
from cardtable.games.chez_geek.steps import Announced
from cardtable.games.chez_geek.zones import put_in_room
from cardtable.rl.games.chez_geek import action_labels


def _keep(st: ChezGeekCore, play: Announced, t: int, e: Effect) -> bool:
    """The Whenever stays in its player's room, worth ``amount`` Slack (not discarded)."""
    put_in_room(st, play.seat, t, e.amount, tokened=True)
    return True


KEEPSAKE = EffectRule(
    "keepsake", syntax=EffectSyntax(frozenset({"amount"}), amount=1), resolve=_keep
)

CARD = """[[card]]
name = "Lucky Charm"
kind = "Whenever"
copies = 1
when = "own_turn"
effects = [{ effect = "keepsake", amount = 2 }]
text = "Play on your turn: it stays in your room, worth 2 Slack."
"""


class KeepsakeGame(ChezGeekGame):
    def effect_rules(self) -> Registry[EffectRule]:
        return EFFECTS.with_rule(KEEPSAKE)


@pytest.fixture
def deck(tmp_path: Path) -> list[str]:
    path = tmp_path / "charm.toml"
    path.write_text(CARD)
    return [OPEN_DECK, str(path)]


def test_the_games_own_registry_refuses_the_word(deck: list[str]) -> None:
    assert "keepsake" not in EFFECTS
    with pytest.raises(DeckError, match="unknown effect 'keepsake'"):
        ChezGeekGame(players=3, deck=deck)


def test_a_rule_added_to_the_registry_plays(deck: list[str]) -> None:
    game = KeepsakeGame(players=3, deck=deck)
    assert game.effects["keepsake"] is KEEPSAKE
    state = game.new_initial_state(
        seed=7,
        deal={
            "jobs": ["Grad Student", "Barista", "Librarian"],
            "hands": [
                ["lucky-charm", "nap", "nap", "read-a-book", "read-a-book", "movie-night"],
                [],
                [],
            ],
        },
    )
    assert isinstance(state, ChezGeekState)
    assert "play lucky-charm" in {str(a) for a in state.legal_actions()}
    run(state, "play lucky-charm")
    pass_window(state)
    assert ("lucky-charm", 2) in room(state, 0)
    assert "play lucky-charm" in action_labels(game)
