"""The sandbag bot: its spec, legal whole games, discarding, cancelling, defending, secrecy.

Every move of its default settings is fingerprinted in test_cg_sandbag_fingerprint.py.
"""

from __future__ import annotations

import ast
import copy
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cg_helpers import deal, pass_window, run

from cardtable.bots.registry import make_bot
from cardtable.engine.errors import SettingError
from cardtable.engine.game import Marker
from cardtable.engine.registry import load_game
from cardtable.games.chez_geek.actions import CardAct, Play
from cardtable.games.chez_geek.ai import sandbag
from cardtable.games.chez_geek.ai.bots import HeuristicBot
from cardtable.games.chez_geek.ai.sandbag import SandbagBot, SandbagSettings
from cardtable.games.chez_geek.ai.sandbag.cancels import coverage, defends
from cardtable.games.chez_geek.state import ChezGeekState

SEAT = 0  # the sandbag bot's seat in these games; heuristic bots at the others
# the default and each group of settings, played through whole games and re-deals
SPECS = [
    "sandbag",
    "sandbag(near=-1, defend=0, finish=false, eager=-1, rank=0)",
    "sandbag(discard_all=false, cancel_keep=0, patience=0, steal=0)",
    "sandbag(engine=0, keep_engine=false, keep_next=false)",
    "sandbag(keep_two=99, late=false, aim=0.1, next_bonus=2.5)",
]


def _run_with_draws(state: Any, texts: tuple[str, ...]) -> None:
    """Each action in turn, after the draws (chance) that come before it."""
    for text in texts:
        while state.current_player() == Marker.CHANCE:
            state.apply_action(state.sample_chance())
        run(state, text)


def _decisions(spec: str, seeds: range) -> Iterator[tuple[ChezGeekState, SandbagBot]]:
    """Every position where the sandbag bot at ``SEAT`` has a choice, in seeded games."""
    game = load_game("chez-geek", players=4)
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        assert isinstance(state, ChezGeekState)
        me = make_bot(spec, game, SEAT, seed=seed)
        assert isinstance(me, SandbagBot)
        bots = [me, *(HeuristicBot(game, s, seed=s) for s in range(1, 4))]
        while True:
            player = state.current_player()
            if player is Marker.TERMINAL:
                break
            if player is Marker.CHANCE:
                state.apply_action(state.sample_chance())
                continue
            assert isinstance(player, int)
            legal = state.legal_actions()
            if player == SEAT and len(legal) > 1:
                yield state, me
            action = bots[player].act(state.observation(player), legal)
            assert action in legal
            state.apply_action(action)


def test_the_spec_builds_the_bot_with_its_settings_and_refuses_unknown_ones() -> None:
    game = load_game("chez-geek", players=4)
    bot = make_bot("sandbag(aim=1, near=3, late=false)", game, 1, seed=5)
    assert isinstance(bot, SandbagBot)
    assert (bot.settings.aim, bot.settings.near, bot.settings.late) == (1.0, 3, False)
    assert isinstance(bot.settings.aim, float)  # an integer taken for a float
    plain = make_bot("sandbag", game, 0)
    assert isinstance(plain, SandbagBot) and plain.settings == SandbagSettings()
    assert SandbagBot.SETTINGS[:3] == ("discard_all", "cancel_keep", "near")
    with pytest.raises(SettingError, match="'holdback'.*discard_all, cancel_keep"):
        make_bot("sandbag(holdback=1)", game, 0)
    # the settings removed because they measured no better are refused by name
    for removed in ("hold", "target", "plan", "defer", "reserve", "keep_slack"):
        with pytest.raises(SettingError, match=repr(removed)):
            make_bot(f"sandbag({removed}=1)", game, 0)
        with pytest.raises(SettingError, match=repr(removed)):
            SandbagBot(game, 0, **{removed: 1})
    with pytest.raises(SettingError, match="'late' takes true or false"):
        make_bot("sandbag(late=1)", game, 0)
    with pytest.raises(SettingError, match="'near' takes a whole number"):
        make_bot("sandbag(near=0.5)", game, 0)
    with pytest.raises(SettingError, match="'aim' takes a number"):
        make_bot("sandbag(aim=high)", game, 0)


@pytest.mark.parametrize("spec", SPECS)
def test_it_plays_legal_moves_through_whole_seeded_games(spec: str) -> None:
    game = load_game("chez-geek", players=4)
    for seed in range(4):
        state = game.new_initial_state(seed=seed)
        bots = [make_bot(spec, game, s, seed=seed + s) for s in range(4)]  # at every seat
        while not state.is_terminal():
            player = state.current_player()
            if player is Marker.CHANCE:
                state.apply_action(state.sample_chance())
                continue
            assert isinstance(player, int)
            legal = state.legal_actions()
            action = bots[player].act(state.observation(player), legal)
            assert action in legal
            state.apply_action(action)
        assert sorted(state.returns()) == [0.0, 0.0, 0.0, 1.0]


def test_it_discards_down_to_one_card_and_keeps_a_cancel() -> None:
    checked = 0
    for state, bot in _decisions("sandbag(keep_two=99)", range(12)):
        obs = state.observation(SEAT)
        if obs["phase"] != "discard" or (obs["prompt"] or {}).get("step") != "discard":
            continue
        cards = [bot.card(s) for s in obs["hand"]]
        if len(cards) < 3 or not any(c.cancel for c in cards) or all(c.cancel for c in cards):
            continue
        line = state.clone()
        while line.current_player() == SEAT and line.phase.label == "discard":
            line.apply_action(bot.act(line.observation(SEAT), line.legal_actions()))
        kept = line.observation(SEAT)["hand"]
        assert len(kept) == 1
        assert bot.card(kept[0]).cancel is not None
        checked += 1
        if checked >= 3:
            break
    assert checked >= 3


def test_it_cancels_an_attack_on_its_own_room() -> None:
    found = 0
    for state, bot in _decisions("sandbag", range(40)):
        obs = state.observation(SEAT)
        legal = state.legal_actions()
        defending = [a for a in legal if isinstance(a, Play) and defends(bot, a, obs)]
        if not defending:
            continue
        prompt = obs["prompt"]
        assert prompt is not None and prompt["answering"]["by"] != SEAT
        assert obs["stack"][-1]["target"] == SEAT
        assert bot.act(obs, legal) in defending
        found += 1
        if found >= 2:
            break
    assert found >= 2


@pytest.mark.parametrize("spec", SPECS)
def test_its_move_does_not_change_when_unseen_cards_are_re_dealt(spec: str) -> None:
    """Every card the seat has not seen re-dealt: the same observation, the same move."""
    compared = 0
    for i, (state, bot) in enumerate(_decisions(spec, range(3))):
        if i % 7:
            continue
        other = state.resample(SEAT, random.Random(99 + i))
        assert other.observation(SEAT) == state.observation(SEAT)
        hidden = [s for s in range(4) if s != SEAT]
        changed = any(sorted(other.hands[s]) != sorted(state.hands[s]) for s in hidden) or any(
            other.slot_type[x] != state.slot_type[x] for s in hidden for x in state.hands[s]
        )
        twin = copy.deepcopy(bot)  # what it remembers of earlier turns, as the bot does
        obs = state.observation(SEAT)
        assert bot.act(obs, state.legal_actions()) == twin.act(
            other.observation(SEAT), other.legal_actions()
        )
        compared += changed
    assert compared >= 10


def _finishing_window() -> ChezGeekState:
    """Seat 1 (16 of 18 Slack) has announced a Shopping trip for the 2 it lacks.

    Seat 0 holds Spilled Drink, the one card that answers; seat 2 (18 of 19)
    is the heuristic's leader, so the plain heuristic spills it there.
    """
    state = deal(
        4,
        ["Librarian", "Comic Shop Clerk", "Barista", "Bartender"],
        [["spilled-drink", "nap"], ["thrift-store-couch", "read-a-book"], ["nap"], ["nap"]],
        rooms=[
            [],
            ["gaming-pc", "game-console", "big-tv", "guitar"],
            [
                "used-laptop",
                "used-laptop",
                "game-console",
                "bottle-of-rum",
                "nt-server-docco",
                "hammock",
            ],
            [],
        ],
        deck=["sleep"] * 2 + ["cold-pizza"] * 2 + ["cheap-beer"] * 3 + ["lava-lamp"] * 2,
        first=1,
    )
    _run_with_draws(state, ("done", "shop", "buy thrift-store-couch", "checkout", "pass", "pass"))
    assert state.current_player() == SEAT and isinstance(state, ChezGeekState)
    return state


def test_it_stops_a_win_with_a_whenever_that_takes_the_finishers_slack() -> None:
    state = _finishing_window()
    obs = state.observation(SEAT)
    assert obs["players"][1]["slack"] == 16 and obs["prompt"]["answering"]["by"] == 1
    legal = state.legal_actions()
    heuristic = HeuristicBot(state.game, SEAT).act(obs, legal)
    assert isinstance(heuristic, Play) and heuristic.tseat == 2  # the leader, not the finisher
    action = SandbagBot(state.game, SEAT).act(obs, legal)
    assert isinstance(action, Play) and action.slug == "spilled-drink" and action.tseat == 1
    state.apply_action(action)
    pass_window(state)
    while not state.is_terminal() and state.current_player() == Marker.CHANCE:
        state.apply_action(state.sample_chance())
    assert state.winner != 1 and state.observation(SEAT)["players"][1]["slack"] == 16
    # without ``finish`` it spills on the leader, and seat 1 wins at once
    plain = make_bot("sandbag(finish=false)", state.game, SEAT)
    again = _finishing_window()
    assert plain.act(again.observation(SEAT), again.legal_actions()).tseat == 2  # type: ignore[attr-defined]


def test_its_move_in_the_window_does_not_change_when_unseen_cards_are_re_dealt() -> None:
    state = _finishing_window()
    bot = SandbagBot(state.game, SEAT)
    move = bot.act(state.observation(SEAT), state.legal_actions())
    for k in range(8):
        other = state.resample(SEAT, random.Random(k))
        assert [other.slot_type[x] for x in other.hands[1]] != [
            state.slot_type[x] for x in state.hands[1]
        ] or k
        assert (
            SandbagBot(state.game, SEAT).act(other.observation(SEAT), other.legal_actions()) == move
        )


def test_rank_keeps_a_cancel_of_finishing_plays_before_a_dud() -> None:
    """Phone Rings (Sleep cards only) is discarded before any other card; a TV card is kept."""
    checked = 0
    for state, bot in _decisions("sandbag", range(60)):
        obs = state.observation(SEAT)
        if (obs["prompt"] or {}).get("step") != "discard" or "phone-rings" not in obs["hand"]:
            continue
        if len(obs["hand"]) < 2:
            continue
        line = state.clone()
        while line.current_player() == SEAT and line.phase.label == "discard":
            line.apply_action(bot.act(line.observation(SEAT), line.legal_actions()))
        kept = line.observation(SEAT)["hand"]
        assert kept != ["phone-rings"]
        if any(bot.card(s).cancel is not None and coverage(bot.card(s)) > 0 for s in obs["hand"]):
            assert coverage(bot.card(kept[0])) > 0
        checked += 1
        if checked >= 3:
            break
    assert checked >= 3


def test_it_cancels_a_whenever_that_would_win_the_game() -> None:
    """A Compliment that takes seat 1 from 17 to its goal of 18: Not So Fast stops it.

    The heuristic reads a Whenever's cards as worth no Slack and lets it win.
    """
    state = deal(
        4,
        ["Librarian", "Comic Shop Clerk", "Barista", "Bartender"],
        [["not-so-fast", "nap"], ["compliment", "read-a-book"], ["nap"], ["nap"]],
        rooms=[[], ["gaming-pc", "game-console", "big-tv", "guitar", "lava-lamp"], [], []],
        deck=["sleep"] * 2 + ["cold-pizza"] * 2 + ["cheap-beer"] * 3 + ["lava-lamp"],
        first=1,
    )
    _run_with_draws(state, ("play compliment 1:gaming-pc", "pass", "pass"))
    assert state.current_player() == SEAT
    obs, legal = state.observation(SEAT), state.legal_actions()
    assert obs["players"][1]["slack"] == 17
    assert not isinstance(HeuristicBot(state.game, SEAT).act(obs, legal), Play)
    action = SandbagBot(state.game, SEAT).act(obs, legal)
    assert isinstance(action, Play) and action.slug == "not-so-fast"
    state.apply_action(action)
    pass_window(state)
    assert state.winner != 1 and state.observation(SEAT)["players"][1]["slack"] == 17


def test_eager_spends_a_cancel_on_any_slack_play_the_heuristic_lets_through() -> None:
    """Seat 1 (no Slack yet) does a Nap: the heuristic keeps its Rained Out, sandbag spends it."""
    state = deal(
        4,
        ["Librarian", "Comic Shop Clerk", "Barista", "Bartender"],
        [["rained-out", "lava-lamp"], ["nap", "read-a-book"], ["nap"], ["nap"]],
        deck=["sleep"] * 2 + ["cold-pizza"] * 2 + ["cheap-beer"] * 3 + ["lava-lamp"],
        first=1,
    )
    _run_with_draws(state, ("done", "do nap", "pass", "pass"))
    assert state.current_player() == SEAT
    obs, legal = state.observation(SEAT), state.legal_actions()
    assert obs["prompt"]["answering"]["cards"] == ["nap"]
    assert not isinstance(HeuristicBot(state.game, SEAT).act(obs, legal), Play)
    assert not isinstance(make_bot("sandbag(eager=-1)", state.game, SEAT).act(obs, legal), Play)
    action = SandbagBot(state.game, SEAT).act(obs, legal)
    assert isinstance(action, Play) and action.slug == "rained-out"
    # the same move whatever the other seats hold
    for k in range(4):
        other = state.resample(SEAT, random.Random(k))
        assert (
            SandbagBot(state.game, SEAT).act(other.observation(SEAT), other.legal_actions())
            == action
        )


FULL_ROOM = ["gaming-pc", "game-console", "big-tv", "guitar", "lava-lamp"]  # 17 Slack of 18


def _seat_one_naps(rooms: list[list[str]]) -> ChezGeekState:
    """Seat 1 does a Nap (1 Slack) and the two seats after it pass: this seat, holding
    Rained Out, answers it last, two seats before its own turn."""
    state = deal(
        4,
        ["Librarian", "Comic Shop Clerk", "Barista", "Bartender"],
        [["rained-out", "lava-lamp"], ["nap", "read-a-book"], ["nap"], ["nap"]],
        rooms=rooms,
        deck=["sleep"] * 2 + ["cold-pizza"] * 2 + ["cheap-beer"] * 3 + ["lava-lamp"],
        first=1,
    )
    _run_with_draws(state, ("done", "do nap", "pass", "pass"))
    return state


def test_patience_keeps_the_cancel_for_the_leader_or_the_last_seat_before_its_turn() -> None:
    """Seat 1's Nap (1 Slack), two seats before this one's turn, seat 2 the leader:
    ``patience=2`` (the default) waits: it asks 1 + 2 x 2 Slack; ``eager`` alone
    (``patience=0``) spends Rained Out."""
    state = _seat_one_naps([[], [], ["gaming-pc"], []])
    obs, legal = state.observation(SEAT), state.legal_actions()
    assert obs["prompt"]["answering"] == {"play": "Activity", "by": 1, "cards": ["nap"]}
    eager = make_bot("sandbag(patience=0)", state.game, SEAT).act(obs, legal)
    assert isinstance(eager, Play) and eager.slug == "rained-out"
    patient = SandbagBot(state.game, SEAT)
    assert isinstance(patient, SandbagBot) and patient.leader(obs) == 2
    assert not isinstance(patient.act(obs, legal), Play)
    # the same Nap by the leader, or by the seat just before this one's turn: spent at once
    for by in (2, 3):
        moved = copy.deepcopy(obs)
        moved["prompt"]["answering"]["by"] = by
        moved["stack"][-1]["by"] = by
        spent = patient.act(moved, legal)
        assert isinstance(spent, Play) and spent.slug == "rained-out"


def _own_discard_obs() -> tuple[ChezGeekState, dict[str, Any]]:
    """An observation of the sandbag bot's own Discard phase, in a seeded game."""
    for state, _ in _decisions("sandbag", range(3)):
        obs = state.observation(SEAT)
        if (obs["prompt"] or {}).get("step") == "discard" and obs["turn"] == SEAT:
            return state, obs
    pytest.fail("no Discard phase")


def test_engine_buys_the_thing_that_gives_free_time_every_turn_first() -> None:
    """By printed Slack the Big TV (4) comes before the Espresso Machine (2, +1 Free Time
    every turn); with ``engine`` the Free Time of the turns to come counts too."""
    state, obs = _own_discard_obs()
    players = copy.deepcopy(obs["players"])
    players[SEAT]["slack"] = 0  # far from its goal: turns to come
    obs = {**obs, "players": players, "hand": ["big-tv", "espresso-machine"], "income": 4}
    obs["free_time"] = 1

    def buys(spec: str) -> dict[str, float]:
        bot = make_bot(spec, state.game, SEAT)
        assert isinstance(bot, SandbagBot)
        leader = bot.leader(obs)
        return {
            s: bot.score(CardAct("buy", bot.card(s).index, s), obs, "shop", leader)
            for s in obs["hand"]
        }

    plain = buys("sandbag(engine=0)")
    assert plain["big-tv"] > plain["espresso-machine"]
    engine = buys("sandbag")  # engine=3, the default
    assert engine["espresso-machine"] > engine["big-tv"]
    bot = make_bot("sandbag", state.game, SEAT)
    assert isinstance(bot, SandbagBot)
    assert bot.shopping_value(obs) > HeuristicBot.shopping_value(bot, obs) == 4.0
    # near its goal no turn is to come: the printed Slack again
    players[SEAT]["slack"] = int(players[SEAT]["goal"]) - 3
    near = buys("sandbag(engine=3)")
    assert near["big-tv"] > near["espresso-machine"]


def test_keep_engine_keeps_a_tip_jar_that_next_turns_income_buys() -> None:
    state, obs = _own_discard_obs()
    players = copy.deepcopy(obs["players"])
    players[SEAT]["slack"] = 0
    players[SEAT]["job"] = "barista"  # Income 2: buys the Tip Jar (cost 2) next turn
    obs = {**obs, "players": players, "hand": ["nap", "season-finale", "tip-jar"]}

    def kept(spec: str) -> set[str]:
        bot = make_bot(spec, state.game, SEAT)
        assert isinstance(bot, SandbagBot)
        leader = bot.leader(obs)
        return {
            s
            for s in obs["hand"]
            if bot.score(CardAct("discard", bot.card(s).index, s), obs, "discard", leader) < 5.0
        }

    assert kept("sandbag(keep_engine=false)") == set()
    assert kept("sandbag") == {"tip-jar"}  # the default
    players[SEAT]["job"] = "grad-student"  # Income 1: not next turn
    assert kept("sandbag") == set()


def test_keep_next_keeps_the_card_that_adds_most_next_turn() -> None:
    """With no Income left the heuristic reads the White Russian (2 for 2) as worth less
    than a Nap, and keeps a LAN Party that this room (no Computer) cannot do; next
    turn's Income (the Barista's 2) buys the White Russian."""
    state, obs = _own_discard_obs()
    players = copy.deepcopy(obs["players"])
    players[SEAT]["job"] = "barista"
    players[SEAT]["room"] = []
    hand = ["lan-party", "nap", "white-russian"]
    obs = {**obs, "players": players, "hand": hand, "income": 0}

    def last(spec: str) -> str:
        bot = make_bot(spec, state.game, SEAT)
        assert isinstance(bot, SandbagBot)
        leader = bot.leader(obs)
        return min(
            hand,
            key=lambda s: bot.score(
                CardAct("discard", bot.card(s).index, s), obs, "discard", leader
            ),
        )

    assert last("sandbag(keep_next=false)") == "lan-party"
    assert last("sandbag") == "white-russian"  # the default


def _settle(state: ChezGeekState) -> None:
    """Draw and roll until a seat has a decision."""
    while state.current_player() == Marker.CHANCE:
        state.apply_action(state.sample_chance())


@pytest.mark.parametrize("room", [FULL_ROOM, ["gaming-pc", "game-console", "big-tv"]])
def test_late_plays_the_compliment_last_in_free_time_or_at_once_when_it_wins(
    room: list[str],
) -> None:
    """``late``: a Whenever adding Slack to its room waits for the end of its Free
    Time, after the Activities, so that it (which no heuristic bot cancels) is the
    finishing play; at 17 of 18 it wins at once."""
    state = deal(
        4,
        ["Comic Shop Clerk", "Librarian", "Barista", "Bartender"],
        [["compliment", "nap"], ["nap"], ["nap"], ["read-a-book"]],
        rooms=[room, [], [], []],
        deck=["sleep"] * 2 + ["cold-pizza"] * 2 + ["cheap-beer"] * 3 + ["lava-lamp"],
        first=0,
    )
    _settle(state)
    bot = SandbagBot(state.game, SEAT)  # ``late`` is on by default
    early = make_bot("sandbag(late=false)", state.game, SEAT)
    at_once = early.act(state.observation(SEAT), state.legal_actions())
    assert isinstance(at_once, Play) and at_once.slug == "compliment"  # without ``late``
    played: list[str] = []
    while state.current_player() == SEAT and state.observation(SEAT)["phase"] != "discard":
        action = bot.act(state.observation(SEAT), state.legal_actions())
        played.append(action.slug if isinstance(action, (Play, CardAct)) else str(action))
        state.apply_action(action)
        pass_window(state)
        _settle(state)
        if state.is_terminal():
            break
    if room == FULL_ROOM:  # 17 of 18: the Compliment first, and the game is won
        assert played[0] == "compliment"
        assert state.is_terminal()
    else:
        # held through the Call People phase, played after the turn's Activities
        assert played[0] == "done"
        assert played[-1] == "compliment"
        assert {"sleep", "nap"} & set(played[1:-1])


def test_keep_two_keeps_a_sure_activity_besides_the_cancel() -> None:
    """A Barista (Income 2) with Rained Out, a Pub Crawl (1d6 for 2, 3.5 on average, which
    next turn's Income pays for), a Nap and a Lava Lamp: without ``keep_two`` only the
    cancel is kept; with it (3, the default) the Pub Crawl too, and with no card worth 3
    one card."""
    state, obs = _own_discard_obs()
    players = copy.deepcopy(obs["players"])
    players[SEAT]["job"] = "barista"
    players[SEAT]["room"] = []
    obs = {**obs, "players": players, "income": 0}

    def kept(spec: str, hand: list[str]) -> list[str]:
        bot = make_bot(spec, state.game, SEAT)
        assert isinstance(bot, SandbagBot)
        now = list(hand)
        while len(now) > 1:
            seen = {**obs, "hand": now}
            leader = bot.leader(seen)
            scores = {
                s: bot.score(CardAct("discard", bot.card(s).index, s), seen, "discard", leader)
                for s in now
            }
            worst = max(now, key=lambda s: scores[s])
            if scores[worst] <= 5.0:  # ``done`` scores 5 in the Discard phase
                break
            now.remove(worst)
        return sorted(now)

    hand = ["rained-out", "pub-crawl", "nap", "lava-lamp"]
    assert kept("sandbag(keep_two=99)", hand) == ["rained-out"]
    assert kept("sandbag", hand) == ["pub-crawl", "rained-out"]  # keep_two=3, the default
    assert kept("sandbag", ["rained-out", "nap", "lava-lamp"]) == ["rained-out"]
    # of two copies one is the second card, and the cancel is still the one card
    twice = ["rained-out", "pub-crawl", "pub-crawl", "nap"]
    assert kept("sandbag", twice) == ["pub-crawl", "rained-out"]


def test_the_sandbag_package_has_no_import_circle() -> None:
    """Each module imports only those below it: settings and reading, then the rules, then bot."""
    package = Path(sandbag.__file__).parent
    names = {p.stem for p in package.glob("*.py")}
    prefix = "cardtable.games.chez_geek.ai.sandbag"
    graph: dict[str, set[str]] = {}
    for path in package.glob("*.py"):
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(prefix):
                rest = (node.module or "").removeprefix(prefix).lstrip(".")
                deps |= {rest} if rest else {a.name for a in node.names} & names
        graph[path.stem] = deps - {path.stem}
    order: list[str] = []
    while len(order) < len(graph):
        ready = sorted(m for m, deps in graph.items() if m not in order and deps <= set(order))
        assert ready, f"an import circle among {sorted(set(graph) - set(order))}"
        order += ready
