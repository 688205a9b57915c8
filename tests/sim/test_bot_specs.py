"""Bot specs: one parser for the CLI, the arena and the server; levels resolve per game."""

from __future__ import annotations

import pytest

from cardtable.bots.ismcts import ISMCTSBot
from cardtable.bots.registry import available_bots, make_bot
from cardtable.bots.specs import BotSpec, check_specs, parse_spec, split_specs
from cardtable.engine.errors import SettingError
from cardtable.engine.registry import available_games, load_game


def test_a_spec_with_settings_builds_the_bot_with_them() -> None:
    game = load_game("contest")
    bot = make_bot("ismcts(iterations=20, rollout=heuristic, exploration=0.5)", game, 0, 1)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.rollout, bot.exploration) == (20, "heuristic", 0.5)


def test_spec_values_are_typed_and_the_spec_prints_back() -> None:
    spec = parse_spec(" ismcts( iterations = 2000 , max_time=0.5, inference=none, x=true ) ")
    assert spec == BotSpec(
        "ismcts", (("iterations", 2000), ("max_time", 0.5), ("inference", None), ("x", True))
    )
    assert str(spec) == "ismcts(iterations=2000, max_time=0.5, inference=none, x=true)"
    assert parse_spec(str(spec)) == spec


def test_old_names_still_work() -> None:
    game = load_game("contest")
    bot = make_bot("ismcts-fast", game, 0)
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 200
    assert make_bot("ismcts-fast(iterations=7)", game, 0).iterations == 7  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ismcts(iterations=2000", "missing closing parenthesis"),
        ("ismcts(iterations)", "key=value"),
        ("ismcts(iterations=1, iterations=2)", "given twice"),
        ("ismcts(bogus=1)", "no setting 'bogus'"),
        ("heuristic(depth=2)", "no setting 'depth'"),
        ("nobot", "unknown bot 'nobot'"),
        ("Robert'); drop", "a name such as"),
        ("ismcts(iterations=1" + "0" * 300 + ")", "longer than"),
        ("ismcts(rollout=$x)", "use a number"),
    ],
)
def test_bad_specs_are_refused_with_a_typed_error_naming_the_problem(
    text: str, message: str
) -> None:
    game = load_game("contest")
    with pytest.raises(SettingError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_spec(text).check(game)


def test_bot_lists_split_on_top_level_commas_only() -> None:
    assert split_specs("ismcts(iterations=20, rollout=heuristic), heuristic") == [
        "ismcts(iterations=20, rollout=heuristic)",
        "heuristic",
    ]
    game = load_game("contest")
    assert check_specs(game, "hard,heuristic") == ("hard", "heuristic")
    with pytest.raises(SettingError, match="at least one"):
        check_specs(game, " , ")


@pytest.mark.parametrize("name", available_games())
def test_every_game_has_four_levels_that_build_at_every_count(name: str) -> None:
    """Levels may change with the count (``bot_levels_at``): each must still parse
    and build wherever the game can be played."""
    for players in load_game(name).info.player_counts():
        game = load_game(name, players=players)
        names = available_bots(game)
        assert names[:4] == ["easy", "medium", "hard", "expert"]
        for level in names[:4]:
            assert make_bot(level, game, 0, seed=1) is not None, (level, players)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_chai_tea_jazz_searching_levels_can_search_at_every_count(players: int) -> None:
    """A PIMC level where its solver cannot play the count's rules would be the heuristic
    bot, level with ``medium``: at 2 players (face-up straw) and 6 (twin cards) the
    searching levels play their cards by ISMCTS (at 6 players ``expert`` picks its
    contract by rollouts, ``searchpick``), at 3 and 4 by PIMC, whose solver takes the
    trick positions."""
    from cardtable.games.chai_tea_jazz.ai.pimc import PIMCBot
    from cardtable.games.chai_tea_jazz.ai.search_pick import SearchPickBot
    from cardtable.games.chai_tea_jazz.ai.solver import solvable
    from cardtable.games.chai_tea_jazz.phases import Phase

    game = load_game("chai-tea-jazz", players=players)
    state = game.new_initial_state(seed=3)
    while state.is_chance_node() or state.phase != Phase.PLAY:
        state.apply_action(
            state.sample_chance() if state.is_chance_node() else state.legal_actions()[0]
        )
    kinds = set()
    for level in ("hard", "expert"):
        bot = make_bot(level, game, 0, seed=1)
        kinds.add(type(bot).__name__)
        if isinstance(bot, PIMCBot):
            assert solvable(state), f"{level} at {players} players cannot search"
        elif isinstance(bot, SearchPickBot):
            assert isinstance(bot.search, ISMCTSBot)
        else:
            assert isinstance(bot, ISMCTSBot)
    expected = {2: {"ISMCTSBot"}, 6: {"ISMCTSBot", "SearchPickBot"}}
    assert kinds == expected.get(players, {"PIMCBot"})


def test_measured_ratings_are_shown_only_at_the_count_they_were_measured_at() -> None:
    """The ladder's ratings were played at each game's usual count; at 2 players Chai
    Tea Jazz's hard and expert are other searches, so the 3-player figures do not apply."""
    from cardtable.bots.levels import levels_of

    usual = levels_of(load_game("chai-tea-jazz"))
    assert all(level.rating for level in usual)
    two = levels_of(load_game("chai-tea-jazz", players=2))
    assert [level.rating for level in two] == [None] * 4
    assert {level.level: level.spec for level in two}["hard"] == "ismcts(iterations=600)"
