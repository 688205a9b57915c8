"""The sandbag bot: its spec, legal whole games, holding back, discarding, defending, secrecy."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest
from cg_helpers import deal, pass_window, run

from cardtable.bots.registry import make_bot
from cardtable.engine.errors import SettingError
from cardtable.engine.game import Marker
from cardtable.engine.registry import load_game
from cardtable.games.chez_geek.actions import CardAct, Play, Word
from cardtable.games.chez_geek.bots import HeuristicBot
from cardtable.games.chez_geek.sandbag import SandbagBot
from cardtable.games.chez_geek.state import ChezGeekState

SEAT = 0  # the sandbag bot's seat in these games; heuristic bots at the others
# the default and each group of settings, played through whole games and re-deals
SPECS = [
    "sandbag",
    "sandbag(hold=true)",
    "sandbag(target=needed, keep_slack=3)",
    "sandbag(shop_first=true, ascending=true, reserve=2, reserve_at=6)",
    "sandbag(engine=0, keep_engine=false, spare_ft=2)",
    "sandbag(plan=1, target=pace, keep_next=true)",
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
    bot = make_bot("sandbag(hold=true, margin=0.2, near=3)", game, 1, seed=5)
    assert isinstance(bot, SandbagBot)
    assert (bot.hold, bot.margin, bot.near) == (True, 0.2, 3)
    plain = make_bot("sandbag", game, 0)
    assert isinstance(plain, SandbagBot) and plain.hold is False
    with pytest.raises(SettingError, match="hold, margin"):
        make_bot("sandbag(holdback=1)", game, 0)
    with pytest.raises(SettingError):
        make_bot("sandbag(margin=-1)", game, 0)
    with pytest.raises(SettingError, match="ratio, needed, soon or pace"):
        make_bot("sandbag(target=nearest)", game, 0)


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


def _gain(action: object) -> bool:
    return (isinstance(action, Word) and action.word == "shop") or (
        isinstance(action, CardAct) and action.verb in ("do", "buy")
    )


def test_it_holds_back_a_slack_gain_that_would_make_it_the_clear_leader() -> None:
    """Found positions: the heuristic takes the Slack, the holding bot waits and keeps the card."""
    held = 0
    for state, bot in _decisions("sandbag(hold=true)", range(12)):
        if state.observation(SEAT)["phase"] != "free-time":
            continue
        obs = state.observation(SEAT)
        legal = state.legal_actions()
        heuristic = HeuristicBot(state.game, SEAT).act(obs, legal)
        gain = bot.gain_of(heuristic, obs)
        if not _gain(heuristic) or not bot.too_far_ahead(obs, gain):
            continue
        me = obs["players"][SEAT]
        assert (me["slack"] + gain) / me["goal"] > bot.best_other_ratio(obs)  # a clear lead
        assert me["slack"] + bot.turn_potential(obs) < me["goal"]  # and it cannot finish now
        action = bot.act(obs, legal)
        assert not _gain(action)
        slug = getattr(heuristic, "slug", None)
        assert slug is None or slug in bot.held
        # the same position with the seat one gain from its goal: it takes it
        closer = copy.deepcopy(obs)
        closer["players"][SEAT]["slack"] = me["goal"] - 1
        assert not bot.too_far_ahead(closer, gain)
        # without ``hold`` the bot takes the Slack too
        plain = SandbagBot(state.game, SEAT)
        assert _gain(plain.act(obs, legal))
        held += 1
        if held >= 3:
            break
    assert held >= 3


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
        defending = [a for a in legal if isinstance(a, Play) and bot.defends(a, obs)]
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


def test_target_needed_attacks_the_seat_with_the_least_slack_to_go() -> None:
    """Not the Slack-ratio leader: a seat with a bigger goal can be nearer its finish."""
    checked = 0
    for state, bot in _decisions("sandbag(target=needed)", range(6)):
        obs = state.observation(SEAT)
        others = [p for p in obs["players"] if p["seat"] != SEAT]
        to_go = {p["seat"]: p["goal"] - p["slack"] for p in others}
        target = bot.leader(obs)
        assert to_go[target] == min(to_go.values())
        ratio_leader = HeuristicBot.leader(bot, obs)
        if ratio_leader != target:
            assert to_go[ratio_leader] > to_go[target]
            checked += 1
        if checked >= 3:
            break
    assert checked >= 3


def test_keep_slack_keeps_the_cards_worth_it_next_turn_and_the_last_cancel() -> None:
    checked = 0
    for state, bot in _decisions("sandbag(keep_slack=3)", range(40)):
        obs = state.observation(SEAT)
        if (obs["prompt"] or {}).get("step") != "discard":
            continue
        worth = [s for s in obs["hand"] if bot.next_turn_value(bot.card(s), obs) >= 3]
        if not worth or len(obs["hand"]) < 3:
            continue
        line = state.clone()
        while line.current_player() == SEAT and line.phase.label == "discard":
            line.apply_action(bot.act(line.observation(SEAT), line.legal_actions()))
        kept = line.observation(SEAT)["hand"]
        for slug in worth:
            assert slug in kept
        cancels = [s for s in obs["hand"] if bot.card(s).cancel is not None]
        assert sum(1 for s in kept if bot.card(s).cancel is not None) == min(1, len(cancels))
        assert len(kept) == len(worth) + min(1, len(cancels)) or len(kept) == 1
        checked += 1
        if checked >= 3:
            break
    assert checked >= 3


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
        if any(
            bot.card(s).cancel is not None and bot.coverage(bot.card(s)) > 0 for s in obs["hand"]
        ):
            assert bot.coverage(bot.card(kept[0])) > 0
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


@pytest.mark.parametrize("room", [FULL_ROOM, []])
def test_reserve_holds_a_compliment_until_it_wins(room: list[str]) -> None:
    """At 17 of 18 the Compliment wins at once; at 13 ``reserve`` keeps it, the default plays it.

    A heuristic bot never cancels a Whenever that is not aimed at its own play.
    """
    state = deal(
        4,
        ["Comic Shop Clerk", "Librarian", "Barista", "Bartender"],
        [["compliment", "nap"], ["nap"], ["nap"], ["read-a-book"]],
        rooms=[room or ["gaming-pc", "game-console", "big-tv"], [], [], []],
        deck=["sleep"] * 2 + ["cold-pizza"] * 2 + ["cheap-beer"] * 3 + ["lava-lamp"],
        first=0,
    )
    while state.current_player() == Marker.CHANCE:
        state.apply_action(state.sample_chance())
    obs, legal = state.observation(SEAT), state.legal_actions()
    wins = obs["players"][SEAT]["slack"] + 1 >= obs["players"][SEAT]["goal"]
    assert wins == bool(room)
    at_once = make_bot("sandbag(late=false)", state.game, SEAT).act(obs, legal)
    assert isinstance(at_once, Play) and at_once.slug == "compliment"
    held = make_bot("sandbag(reserve=1)", state.game, SEAT).act(obs, legal)
    assert (isinstance(held, Play) and held.slug == "compliment") == wins


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


@pytest.mark.parametrize("mine", [[], ["gaming-pc", "game-console"]])
def test_rod_lets_a_far_rival_pass_this_seat_and_draw_the_attacks(mine: list[str]) -> None:
    """Seat 1's Nap lifts it past an empty room: ``rod=9`` lets it (it needs far more than 9).

    With Slack of its own this seat stays ahead after the Nap, so it cancels as ``eager`` does.
    """
    state = _seat_one_naps([mine, [], [], []])
    obs, legal = state.observation(SEAT), state.legal_actions()
    assert obs["prompt"]["answering"]["cards"] == ["nap"]
    default = SandbagBot(state.game, SEAT).act(obs, legal)
    assert isinstance(default, Play) and default.slug == "rained-out"
    rod = make_bot("sandbag(rod=9)", state.game, SEAT).act(obs, legal)
    assert isinstance(rod, Play) == bool(mine)


def _big_play_window() -> ChezGeekState:
    """Seat 2 (the others' leader) does Dinner Out (3 Slack); seat 3 has passed; seat 0 holds
    Rained Out, and seat 1, asked after it, cancels its leader's plays worth 3 when it can."""
    state = deal(
        4,
        ["Librarian", "Comic Shop Clerk", "Barista", "Bartender"],
        [["rained-out", "lava-lamp"], ["nap"], ["dinner-out"], ["nap"]],
        rooms=[[], [], ["gaming-pc"], []],
        deck=["sleep"] * 2 + ["cold-pizza"] * 2 + ["cheap-beer"] * 3,
        first=2,
    )
    _run_with_draws(state, ("done", "do dinner-out", "pass"))
    assert state.current_player() == SEAT and isinstance(state, ChezGeekState)
    return state


def test_defer_leaves_a_big_play_to_a_later_seat_and_infer_reads_the_passes() -> None:
    state = _big_play_window()
    obs, legal = state.observation(SEAT), state.legal_actions()
    assert obs["prompt"]["answering"] == {"play": "Activity", "by": 2, "cards": ["dinner-out"]}
    default = SandbagBot(state.game, SEAT).act(obs, legal)
    assert isinstance(default, Play) and default.slug == "rained-out"
    bot = make_bot("sandbag(defer=1, infer=true)", state.game, SEAT)
    assert isinstance(bot, SandbagBot)
    assert not isinstance(bot.act(obs, legal), Play)  # seat 1 is asked next and cancels it
    # seat 3 passed on its leader's play worth 3: it holds no cancel of an Activity
    assert {"rained-out", "season-finale", "infomercial"} <= bot.lacks[3]
    assert "store-closed" not in bot.lacks[3] and 1 not in bot.lacks
    assert not bot.may_hold(3, "Activity", ["dinner-out"])
    assert bot.may_hold(3, "Shopping trip", ["lava-lamp"])
    # once seat 1's passes show it lacks one too, this seat cancels
    bot.lacks[1] = set(bot.cancel_slugs())
    again = bot.act(obs, legal)
    assert isinstance(again, Play) and again.slug == "rained-out"
    # the same move whatever the other seats hold
    for k in range(4):
        other = state.resample(SEAT, random.Random(k))
        fresh = make_bot("sandbag(defer=1, infer=true)", state.game, SEAT)
        assert not isinstance(fresh.act(other.observation(SEAT), other.legal_actions()), Play)


def test_infer_forgets_what_a_seat_lacked_once_it_draws() -> None:
    state = _big_play_window()
    bot = make_bot("sandbag(infer=true)", state.game, SEAT)
    assert isinstance(bot, SandbagBot)
    bot.observe(state.observation(SEAT))
    assert 3 in bot.lacks
    later = copy.deepcopy(state.observation(SEAT))
    later["turn"] = 3  # seat 3's turn came: it drew
    later["prompt"] = None
    later["stack"] = []
    bot.observe(later)
    assert 3 not in bot.lacks


def test_keep_back_keeps_the_things_of_a_cancelled_trip() -> None:
    game = load_game("chez-geek", players=4)
    bot = make_bot("sandbag(keep_back=true)", game, SEAT)
    assert isinstance(bot, SandbagBot)
    for state, _ in _decisions("sandbag", range(3)):
        obs = state.observation(SEAT)
        if (obs["prompt"] or {}).get("step") != "discard" or obs["turn"] != SEAT:
            continue
        things = [
            s
            for s in obs["hand"]
            if bot.card(s).kind == "Thing" and bot.next_turn_value(bot.card(s), obs) > 0
        ]
        if not things or len(obs["hand"]) < 2:
            continue
        legal = state.legal_actions()
        step = obs["prompt"]["step"]
        leader = bot.leader(obs)
        thing = next(a for a in legal if isinstance(a, CardAct) and a.slug == things[0])
        bot.trip = []
        assert bot.score(thing, obs, step, leader) > 5.0  # discarded, as by default
        bot.trip = [things[0]]  # it came back from a cancelled trip
        assert bot.score(thing, obs, step, leader) < 5.0  # kept: below ``done``
        return
    pytest.fail("no Discard phase with a Thing worth keeping")


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
    # ``exempt_ahead``: seat 1 is at this seat's ratio (no Slack either), so no wait
    ahead = make_bot("sandbag(exempt_ahead=true)", state.game, SEAT).act(obs, legal)
    assert isinstance(ahead, Play) and ahead.slug == "rained-out"
    # the same Nap by the leader, or by the seat just before this one's turn: spent at once
    for by in (2, 3):
        moved = copy.deepcopy(obs)
        moved["prompt"]["answering"]["by"] = by
        moved["stack"][-1]["by"] = by
        spent = patient.act(moved, legal)
        assert isinstance(spent, Play) and spent.slug == "rained-out"


def test_shield_keeps_not_so_fast_besides_the_kept_cancel() -> None:
    """Down to one card by default (the TV card, which answers most finishing plays);
    ``shield=1`` keeps Not So Fast too, ``shield=2`` Nobody Home as well."""
    game = load_game("chez-geek", players=4)
    for state, _ in _decisions("sandbag", range(3)):
        obs = state.observation(SEAT)
        if (obs["prompt"] or {}).get("step") == "discard" and obs["turn"] == SEAT:
            break
    else:
        pytest.fail("no Discard phase")
    hand = ["nap", "nobody-home", "not-so-fast", "season-finale"]
    obs = {**obs, "hand": hand}

    def kept(spec: str) -> set[str]:
        bot = make_bot(spec, game, SEAT)
        assert isinstance(bot, SandbagBot)
        leader = bot.leader(obs)
        return {
            s
            for s in hand
            if bot.score(CardAct("discard", bot.card(s).index, s), obs, "discard", leader) < 5.0
        }

    assert kept("sandbag") == set()  # every card scores above ``done``: down to the best one
    assert kept("sandbag(shield=1)") == {"not-so-fast"}
    assert kept("sandbag(shield=2)") == {"not-so-fast", "nobody-home"}


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


def test_spare_ft_keeps_narcolepsy_when_its_free_time_would_buy_nothing() -> None:
    state, obs = _own_discard_obs()
    bot = make_bot("sandbag(spare_ft=1)", state.game, SEAT)
    assert isinstance(bot, SandbagBot)
    narco = Play(bot.card("narcolepsy").index, "narcolepsy")
    free = {**obs, "phase": "free-time", "income": 0, "hand": ["big-tv", "narcolepsy"]}
    assert bot.wasted_free_time(narco, {**free, "free_time": 1})  # Free Time left: wait
    assert bot.wasted_free_time(narco, {**free, "free_time": 0})  # nothing it would buy
    spare = {**free, "free_time": 0, "hand": ["nap", "narcolepsy"]}
    assert not bot.wasted_free_time(narco, spare)  # a Nap to do with it
    plain = make_bot("sandbag", state.game, SEAT)
    assert isinstance(plain, SandbagBot) and not plain.wasted_free_time(narco, spare)
    hand = ["nap", "narcolepsy", "season-finale"]
    at_discard = {**obs, "hand": hand}
    leader = bot.leader(at_discard)
    kept = {
        s
        for s in hand
        if bot.score(CardAct("discard", bot.card(s).index, s), at_discard, "discard", leader) < 5
    }
    assert kept == {"narcolepsy"}


def test_wind_waits_until_both_cards_of_second_wind_fit_the_hand() -> None:
    state, obs = _own_discard_obs()
    bot = make_bot("sandbag(wind=true)", state.game, SEAT)
    assert isinstance(bot, SandbagBot)
    players = copy.deepcopy(obs["players"])
    players[SEAT]["job"] = "barista"  # hand size 6
    wind = Play(bot.card("second-wind").index, "second-wind")
    full = ["nap", "sleep", "big-tv", "tip-jar", "cat", "second-wind"]
    calls = {**obs, "players": players, "phase": "call-people", "hand": full}
    assert bot.early_wind(wind, calls)  # 5 other cards: it would draw 1
    assert not bot.early_wind(wind, {**calls, "hand": full[2:]})  # 3 others: draws 2
    spent = {**calls, "phase": "free-time", "free_time": 0}
    assert not bot.early_wind(wind, spent)  # no Free Time left to wait for
    plain = make_bot("sandbag", state.game, SEAT)
    assert isinstance(plain, SandbagBot) and not plain.early_wind(wind, calls)  # off by default


def test_plan_spends_free_time_and_income_on_the_best_set_of_plays() -> None:
    """Income 3, Free Time 2: greedily the Used Laptop's trip (3 Slack) comes first and
    spends the Income; the plan does Dinner Out (3) and buys the Cheap Beer (1) instead."""
    state, obs = _own_discard_obs()
    players = copy.deepcopy(obs["players"])
    players[SEAT]["slack"] = int(players[SEAT]["goal"]) - 5  # no turns to come: no ``engine``
    players[SEAT]["job"] = "barista"
    players[SEAT]["room"] = []
    hand = ["cheap-beer", "dinner-out", "used-laptop"]
    obs = {**obs, "players": players, "phase": "free-time", "hand": hand}
    obs = {**obs, "income": 3, "free_time": 2, "prompt": {"step": "free-time", "seat": SEAT}}
    bot = make_bot("sandbag(plan=1)", state.game, SEAT)
    assert isinstance(bot, SandbagBot)
    value, acts, things = bot.best_plan(obs, in_trip=False)
    assert (value, [c.slug for c in acts], [c.slug for c in things]) == (
        4.0,
        ["dinner-out"],
        ["cheap-beer"],
    )
    # in the trip (its Free Time paid), it buys the Cheap Beer, not the Used Laptop
    trip = {**obs, "free_time": 1, "prompt": {"step": "shopping", "seat": SEAT, "cart": []}}
    buys = [CardAct("buy", bot.card(s).index, s) for s in ("cheap-beer", "used-laptop")]
    legal = [*buys, Word("checkout")]
    plain = make_bot("sandbag", state.game, SEAT)
    assert isinstance(plain, SandbagBot)
    assert plain.act(trip, legal) == buys[1]  # the heuristic: the biggest Thing first
    assert bot.act(trip, legal) == buys[0]
    # a Thing whose tag an Activity needs is bought first: LAN Party needs a Computer
    tags = {**obs, "income": 4, "hand": ["lan-party", "used-laptop"]}
    value, acts, things = bot.best_plan(tags, in_trip=False)
    assert (value, [c.slug for c in acts], [c.slug for c in things]) == (
        6.0,
        ["lan-party"],
        ["used-laptop"],
    )
    free = [Word("done"), Word("shop")]
    assert bot.planned(tags, free, Word("done")) == Word("shop")


def test_pace_aims_at_the_seat_expected_to_reach_its_goal_first() -> None:
    """Seat 3 has the best Slack-to-goal ratio, but seat 1 plays two turns before it
    and at its Slack a turn so far reaches its goal first; turns are counted as seen."""
    state, obs = _own_discard_obs()
    bot = make_bot("sandbag(target=pace, prior=0)", state.game, SEAT)
    assert isinstance(bot, SandbagBot)
    players = copy.deepcopy(obs["players"])
    for p in players:
        p["job"], p["goal"], p["slack"] = "barista", 20, 0
    players[1]["slack"] = 14  # 3.5 a turn, 6 to go: 1.7 turns, from the next one
    players[3]["slack"] = 15  # 3.75 a turn, 5 to go: 1.3 turns, but two seats later
    seen = {**obs, "players": players, "turn": 0}
    bot.count_turns(seen)  # first look at turn 0: seat 0 has begun one turn
    for _ in range(4):  # four whole rounds seen
        for turn in (1, 2, 3, 0):
            bot.count_turns({**seen, "turn": turn})
    assert bot.turns_seen == {0: 5, 1: 4, 2: 4, 3: 4}
    assert bot.finish_time(players[1], seen) < bot.finish_time(players[3], seen)
    assert bot.leader(seen) == 1
    ratio = make_bot("sandbag", state.game, SEAT)
    assert isinstance(ratio, SandbagBot) and ratio.leader(seen) == 3
    players[3]["slack"] = 18  # 2 to go: now it comes first
    assert bot.leader(seen) == 3


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
