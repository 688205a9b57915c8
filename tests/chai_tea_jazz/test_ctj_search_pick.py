"""``searchpick``: contracts picked by rollouts, cards by ISMCTS, at the counts the
double-dummy solver cannot play (6 players' twin cards, 2 players' straw)."""

from __future__ import annotations

import pytest

from cardtable.bots.infoset import decide
from cardtable.bots.registry import make_bot
from cardtable.engine.errors import SettingError
from cardtable.games.chai_tea_jazz import actions as act
from cardtable.games.chai_tea_jazz.ai.search_pick import SearchPickBot
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from cardtable.games.chai_tea_jazz.state import ChaiTeaJazzState


@pytest.mark.parametrize("players", [2, 6])
def test_it_picks_by_rollouts_and_plays_cards_by_search_to_the_round_end(players: int) -> None:
    state = ChaiTeaJazzGame(players).new_initial_state(seed=3)
    assert isinstance(state, ChaiTeaJazzState)
    bots = {
        seat: make_bot("searchpick(iterations=30, pick_samples=3)", state.game, seat, seed=seat)
        for seat in range(players)
    }
    picks = plays = 0
    rounds = state.round_no
    while not state.is_terminal() and state.round_no == rounds:
        if state.is_chance_node():
            state.resolve_chance()
            continue
        seat = state.current_player()
        assert isinstance(seat, int)
        bot = bots[seat]
        assert isinstance(bot, SearchPickBot)
        legal = state.legal_actions()
        bot.last_values = {}
        choice = decide(bot, state, seat)
        assert choice in legal
        if len(legal) > 1 and isinstance(legal[0], act.PlayCard):
            plays += 1
            # the card came from the search: its root visited every card it could play
            root = bot.search.last_root
            assert root is not None and set(root.visits) == set(legal)
            assert bot.search.last_iterations == 30
        elif len(legal) > 1 and bot.last_values:
            picks += 1
            assert choice in bot.last_values  # one of the candidates rolled out
        state.apply_action(choice)
    assert picks >= 1 and plays >= 1


def test_searchpick_settings_are_checked() -> None:
    game = ChaiTeaJazzGame(6)
    with pytest.raises(SettingError, match="pick_samples"):
        make_bot("searchpick(pick_samples=0)", game, 0)
    with pytest.raises(SettingError, match="iterations"):
        make_bot("searchpick(iterations=0)", game, 0)
    with pytest.raises(SettingError, match="searchpick. has no setting .samples"):
        make_bot("searchpick(samples=3)", game, 0)
