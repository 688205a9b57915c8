"""Observations are JSON, hold only what the seat may know, and render as text."""

from __future__ import annotations

import json

from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame

from .ctj_helpers import do, state_with


def test_observation_is_json_and_hides_other_hands() -> None:
    s = state_with(hands=[["5C"], ["2C"], ["9S"]])
    obs = s.observation(0)
    assert json.loads(json.dumps(obs)) == obs
    assert "5C" in obs["hand"] and "2C" not in json.dumps(obs) and "9S" not in json.dumps(obs)


def test_observation_shows_bidding_contract_trick_and_scoreboard() -> None:
    s = state_with(hands=[["5C"], ["2C"], ["9S"]])
    do(s, "pick under", "pick slalom high debt 5", "pass", "pass", "2C")
    obs = s.observation(2)
    assert obs["bidding"]["log"] == [
        [0, "pick under"],
        [1, "pick slalom high debt 5"],
        [2, "pass"],
        [0, "pass"],
    ]
    assert obs["contract"]["declarer"] == 1 and obs["contract"]["bet_debt"] == 5
    assert obs["trick"]["cards"] == [[1, "2C"]] and obs["trick"]["direction"] == "high"
    assert obs["scoreboard"]["rows"][0]["name"] == "Trump"


def test_render_shows_hand_trick_contract_scoreboard_and_bidding() -> None:
    s = state_with(hands=[["5C"], ["2C"], ["9S"]])
    do(s, "pick under", "pass", "pass", "5C")
    text = s.game.render(s.observation(1))
    for part in (
        "Your hand: ",
        "2C",
        "Contract: P0 plays Under: Under",
        "Trick 1/12",
        "P0:5C",
        "Trump",
        "Bidding:",
    ):
        assert part in text


def test_public_log_tells_the_story() -> None:
    s = state_with()
    do(s, "pass", "pass", "pass", "pick under")
    log = s.public_log()
    assert log[0] == "P0 passes." and "Everyone passed: P0 must pick." in log
    assert log[-1].startswith("P0 declares Under")


def test_a_full_game_renders_the_result() -> None:
    game = ChaiTeaJazzGame(3, setup="short")
    s = game.new_initial_state(seed=2)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.sample_chance())
        else:
            s.apply_action(s.legal_actions()[-1])
    assert "Game over" in game.render(s.observation(0))
    assert s.to_record()["result"]["places"] == s.places()


def test_statistics_for_simulations() -> None:
    game = ChaiTeaJazzGame(3)
    s = game.new_initial_state(seed=5)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.sample_chance())
        else:
            s.apply_action(s.legal_actions()[0])
    stats = s.statistics()
    assert set(stats["contract_scores"]) == {"Trump", "Under", "Slalom", "Joker"}
    assert sum(stats["contracts_played"].values()) == 12
    assert json.loads(json.dumps(stats)) == stats


def test_the_finished_round_stays_visible_until_the_next_rounds_first_action() -> None:
    """Every trick, the last trick and every seat's and side's points of the round just
    played, from its last card until the first bid of the next round."""
    from cardtable.engine.game import Marker
    from cardtable.games.chai_tea_jazz.cards import POINTS

    s = state_with(rounds=2)
    assert s.observation(0)["finished_round"] is None
    do(s, "pick under", "pass", "pass")
    while s.trick_no < s.game.tricks - 1 or len(s.trick_cards) < 2:
        assert s.current_player() is not Marker.CHANCE
        s.apply_action(s.legal_actions()[0])
    before = s.observation(1)
    assert before["finished_round"] is None
    s.apply_action(s.legal_actions()[0])  # the round's last card
    assert s.round_no == 1 and s.observation(0)["phase"] == "pick"
    for seat in range(3):
        done = s.observation(seat)["finished_round"]
        assert done["round"] == 1
        assert len(done["tricks"]) == s.game.tricks
        assert done["tricks"][:-1] == before["tricks"]
        last = done["last_trick"]
        assert last == done["tricks"][-1]
        assert last["cards"][:2] == [c for _, c in before["trick"]["cards"]]
        assert sum(done["tricks_won"]) == s.game.tricks
        # every card is captured (three players: no set-aside cards)
        assert sum(done["points"]) == sum(POINTS[c] for c in s.game.deck_list)
        assert done["side_points"] == done["points"]  # no teams: one seat per side
        declarer_side = s.summaries[-1]["side"]
        assert done["side_points"][declarer_side] == s.summaries[-1]["captured"]
    # the new round's own fields start afresh
    assert s.observation(0)["tricks"] == [] and s.observation(0)["points"] == [0, 0, 0]
    do(s, "pass")  # the next round's first action
    assert s.observation(0)["finished_round"] is None


def test_two_players_finished_round_counts_the_set_aside_cards() -> None:
    from cardtable.games.chai_tea_jazz.cards import POINTS

    game = ChaiTeaJazzGame(2, setup="short")
    s = game.new_initial_state(seed=4)
    while s.round_no == 0:
        if s.is_chance_node():
            s.apply_action(s.sample_chance())
        else:
            s.apply_action(s.legal_actions()[0])
    done = s.observation(1)["finished_round"]
    assert len(done["aside"]) == 2 and {seat for seat, _ in done["aside"]} == {0, 1}
    assert sum(done["points"]) == sum(POINTS[c] for c in game.deck_list)
    assert done["points"] == s.observation(0)["finished_round"]["points"]
