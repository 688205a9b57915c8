"""Which search reviews a game: its ISMCTS ``expert``, else the search the game names.

A review reads every action's value at the root, which only an ISMCTS search gives;
a game whose ``expert`` is another kind of bot (Chez Geek's rollout bot, Chai Tea
Jazz's PIMC) must still be reviewed by one.
"""

from __future__ import annotations

import pytest

from cardtable.bots.ismcts import ISMCTSBot
from cardtable.bots.review import make_reviewer, reviewer_spec
from cardtable.engine.registry import available_games, load_game


@pytest.mark.parametrize("name", available_games())
def test_every_game_is_reviewed_by_an_ismcts_search(name: str) -> None:
    game = load_game(name)
    assert isinstance(make_reviewer(game, 0), ISMCTSBot)


def test_an_ismcts_expert_reviews_and_otherwise_the_games_review_search_does() -> None:
    chez = load_game("chez")
    assert reviewer_spec(chez) == chez.bot_levels["expert"]
    geek = load_game("chez-geek")
    assert not geek.bot_levels["expert"].startswith("ismcts")
    assert geek.review_spec is not None
    assert reviewer_spec(geek) == geek.review_spec
    jazz = load_game("chai-tea-jazz")  # PIMC expert, no review search named: the default
    assert jazz.review_spec is None
    assert reviewer_spec(jazz) == "ismcts(iterations=1000)"
