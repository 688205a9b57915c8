"""Each rule of the rulebook and each ruling, with an explicit deal and explicit dice."""

from __future__ import annotations

from cg_helpers import deal, obs, pass_window, room, run, step_name

from cardtable.engine.game import Marker
from cardtable.engine.registry import load_game

FILLER = ["nap", "nap", "read-a-book", "read-a-book", "movie-night"]
FILLER2 = ["dinner-out", "dinner-out", "binge-watch", "binge-watch", "karaoke"]


def jobs3() -> list[str]:
    return ["Grad Student", "Barista", "Librarian"]


# ---- setup and the Draw phase ------------------------------------------------------
def test_setup_deals_jobs_face_up_and_five_life_cards() -> None:
    st = load_game("chez-geek", players=3).new_initial_state(seed=3)
    st.resolve_chance()
    o = obs(st, 1)
    assert all(p["job"] for p in o["players"])
    # the first player has drawn up to six in the Draw phase; the others hold five
    assert [p["hand"] for p in o["players"]] == [6, 5, 5]


def test_draw_phase_fills_the_hand_to_the_jobs_hand_size() -> None:
    st = deal(
        3, ["Corporate Drone", "Barista", "Librarian"], [FILLER, [], []], deck=["sleep", "sleep"]
    )
    assert st.current_player() is Marker.CHANCE
    run(st, "draw sleep", "draw sleep", "roll 1")  # Corporate Drone: 7 cards; FT 1/2
    assert obs(st)["players"][0]["hand"] == 7


def test_empty_pile_reshuffles_the_discards() -> None:
    st = deal(3, jobs3(), [["sleep", *FILLER], [], []])
    st.pile = [0] * len(st.pile)  # as if the pile had run out
    st.pile_n = 0
    run(st, "done", "done", "discard sleep", "discard nap", "done")
    # seat 1 must draw six: the two discards are shuffled into a new pile
    assert st.current_player() is Marker.CHANCE
    assert sorted(str(a) for a in st.legal_actions()) == ["draw nap", "draw sleep"]
    run(st, "draw sleep", "draw nap")
    assert obs(st, 1)["players"][1]["hand"] == 2  # then both piles are dry
    assert "The discards are shuffled into a new pile of 2." in st.public_log()


# ---- Roll phase: variable Income and Free Time ------------------------------------
def test_variable_income_1_to_3_low_4_to_6_high() -> None:
    for roll, income in ((3, 2), (4, 4)):
        st = deal(3, ["Temp", "Barista", "Librarian"], [["sleep", *FILLER], [], []])
        run(st, f"roll {roll}", "roll 6")
        assert obs(st)["income"] == income


def test_income_does_not_carry_over() -> None:
    st = deal(3, ["Telemarketer", "Barista", "Librarian"], [["sleep", *FILLER], [], []])
    run(st, "done", "done", "discard nap", "done")
    assert obs(st)["income"] == 0  # seat 1's turn now; seat 0's 3 unspent Income is gone
    assert st.turn == 1


# ---- Call People -------------------------------------------------------------------
def test_invited_call_roll_1_2_not_home_3_6_comes_over_with_slack_to_the_room() -> None:
    st = deal(
        3,
        ["Barista", "Grad Student", "Librarian"],
        [["old-friend", "old-friend", *FILLER[:4]], [], []],
    )
    run(st, "call old-friend 0")
    pass_window(st)
    run(st, "roll 2")
    assert room(st, 0) == [] and "old-friend" in obs(st)["discard"]
    run(st, "call old-friend 1")
    pass_window(st)
    run(st, "roll 3")
    assert room(st, 1) == [("old-friend", 2)]
    assert obs(st)["players"][1]["slack"] == 2


def test_grad_student_call_bonus_turns_a_2_into_a_visit() -> None:
    st = deal(3, ["Telemarketer", "Barista", "Librarian"], [["old-friend", *FILLER], [], []])
    run(st, "call old-friend 0")
    pass_window(st)
    run(st, "roll 2")
    assert room(st, 0) == [("old-friend", 2)]


def test_pets_need_no_roll_and_only_go_to_your_own_room() -> None:
    st = deal(3, jobs3(), [["cat", *FILLER], [], []])
    assert [str(a) for a in st.legal_actions() if str(a).startswith("call")] == ["call cat 0"]
    run(st, "call cat 0")
    pass_window(st)
    assert room(st, 0) == [("cat", 2)]
    assert step_name(st) == "call-people"


def test_uninvited_people_drop_in_without_a_roll() -> None:
    st = deal(3, jobs3(), [["landlord", *FILLER], [], []])
    run(st, "call landlord 2")
    pass_window(st)
    assert room(st, 2) == [("landlord", -2)]
    assert obs(st)["players"][2]["slack"] == -2


def test_rooms_a_person_may_not_enter_are_not_offered() -> None:
    st = deal(
        3,
        ["Grad Student", "Bartender", "Librarian"],
        [["roommate-s-ex", "couch-surfer", *FILLER[:4]], [], []],
        rooms=[[], [], ["cat"]],
    )
    calls = {str(a) for a in st.legal_actions() if str(a).startswith("call")}
    assert "call roommate-s-ex 1" not in calls  # barred from a Bartender's room
    assert "call couch-surfer 2" not in calls  # never enters a room with a Cat
    assert {"call roommate-s-ex 2", "call couch-surfer 1"} <= calls


# ---- getting rid of People and the timing rule -------------------------------------
def test_get_rid_roll_4_6_person_leaves_and_costs_nothing_that_turn() -> None:
    st = deal(3, jobs3(), [FILLER + ["sleep"], [], []], rooms=[["door-to-door-preacher"], [], []])
    run(st, "roll 4")
    assert sorted(str(a) for a in st.legal_actions()) == ["dismiss", "send 1", "send 2"]
    run(st, "dismiss")
    assert room(st, 0) == []
    assert obs(st)["free_time"] == 3  # no -1 Free Time this turn


def test_get_rid_roll_1_3_person_stays_and_costs() -> None:
    st = deal(3, jobs3(), [FILLER + ["sleep"], [], []], rooms=[["door-to-door-preacher"], [], []])
    run(st, "roll 3")
    assert room(st, 0) == [("door-to-door-preacher", -1)]
    assert obs(st)["free_time"] == 2


def test_unwanted_person_costs_on_entry_then_only_after_a_failed_roll() -> None:
    st = deal(3, jobs3(), [["noisy-upstairs-guy", *FILLER], [*FILLER2, "sleep"], []])
    run(st, "call noisy-upstairs-guy 1")
    pass_window(st)
    # he enters on seat 0's turn: seat 1 has no Income then, and none is carried over
    assert obs(st)["players"][1]["owed_income"] == 0
    run(st, "done", "done", "done")
    run(st, "roll 5", "dismiss")  # seat 1 gets rid of him
    assert obs(st, 1)["income"] == 2  # the Barista's 2: no effect that turn


def test_mooch_loses_slack_each_turn_he_stays_marked_with_tokens() -> None:
    st = deal(3, jobs3(), [FILLER + ["sleep"], [], []], rooms=[["mooch", "lava-lamp"], [], []])
    run(st, "roll 1")
    assert room(st, 0)[0] == ("mooch", -1)
    assert obs(st)["players"][0]["room"][0]["tokens"] is True


def test_cats_are_never_rolled_for_and_cannot_be_moved() -> None:
    st = deal(3, jobs3(), [["bouncer", *FILLER], [], []], rooms=[["cat", "mooch"], [], []])
    run(st, "roll 6", "dismiss")  # only the Mooch was rolled for
    assert room(st, 0) == [("cat", 2)]
    assert not any("cat" in str(a) for a in st.legal_actions() if str(a).startswith("play"))


def test_refusing_a_card_cost_costs_one_free_time() -> None:
    no_food = ["binge-watch", "binge-watch", "concert", "concert", "jam-session"]
    st = deal(3, jobs3(), [["choad-warrior", *FILLER], no_food, []])
    run(st, "call choad-warrior 1")
    pass_window(st)
    assert [str(a) for a in st.legal_actions()] == ["pass"]  # no Food or Booze in hand
    run(st, "pass")
    assert obs(st)["players"][1]["owed_free_time"] == 1


# ---- Free Time: Shopping and Activities --------------------------------------------
def test_cancelled_shopping_trip_returns_things_and_may_shop_again() -> None:
    st = deal(
        3,
        ["Telemarketer", "Barista", "Librarian"],
        [["cigarettes", "lava-lamp", *FILLER[:4]], ["store-closed", *FILLER2], []],
    )
    run(st, "done", "shop", "buy cigarettes", "buy lava-lamp", "checkout", "play store-closed")
    pass_window(st)
    pass_window(st)
    assert room(st, 0) == []
    assert obs(st)["hand"].count("cigarettes") == 1
    assert (obs(st)["income"], obs(st)["free_time"]) == (3, 1)
    run(st, "shop", "buy cigarettes", "checkout")
    pass_window(st)
    assert room(st, 0) == [("cigarettes", 1)]


def test_activity_cost_must_be_covered_by_income() -> None:
    st = deal(3, jobs3(), [["concert", "dinner-out", *FILLER[:4]], [], []])
    run(st, "done")
    legal = {str(a) for a in st.legal_actions()}
    assert "do concert" not in legal and "do dinner-out" not in legal  # Income 1


def test_requirements_nookie_needs_an_invited_person() -> None:
    st = deal(3, jobs3(), [["nookie-on-the-couch", *FILLER], [], []], rooms=[["mooch"], [], []])
    run(st, "roll 1", "done")
    assert "do nookie-on-the-couch" not in {str(a) for a in st.legal_actions()}


def test_variable_slack_is_marked_with_tokens() -> None:
    st = deal(3, ["Barista", "Grad Student", "Librarian"], [["pub-crawl", *FILLER], [], []])
    run(st, "done", "do pub-crawl")
    pass_window(st)
    run(st, "roll 5")
    assert obs(st)["players"][0]["room"] == [{"card": "pub-crawl", "slack": 5, "tokens": True}]
    assert obs(st)["income"] == 0


def test_narcolepsy_free_time_is_usable_at_once() -> None:
    st = deal(
        3,
        ["Corporate Drone", "Barista", "Librarian"],
        [["narcolepsy", "nap", "sleep", *FILLER[2:]], [], []],
        deck=["sleep"],
    )
    run(st, "draw sleep", "roll 1", "done", "do nap")
    pass_window(st)
    assert obs(st)["free_time"] == 0
    run(st, "play narcolepsy")
    pass_window(st)
    assert obs(st)["free_time"] == 1
    assert "do sleep" in {str(a) for a in st.legal_actions()}


def test_tv_card_cancels_another_players_free_time_which_is_still_used() -> None:
    st = deal(3, jobs3(), [["sleep", *FILLER], ["season-finale", *FILLER2], []])
    run(st, "done", "do sleep")
    assert "play season-finale" in {str(a) for a in st.legal_actions()}
    run(st, "play season-finale")
    pass_window(st)
    assert room(st, 0) == []
    assert obs(st)["free_time"] == 2


def test_cancels_are_only_offered_when_they_answer_the_play() -> None:
    st = deal(3, jobs3(), [["sleep", *FILLER], ["store-closed", "nobody-home", *FILLER2[:4]], []])
    run(st, "done", "do sleep")
    assert [str(a) for a in st.legal_actions()] == ["pass"]


def test_every_seat_is_asked_in_turn_order_whatever_it_holds() -> None:
    st = deal(4, ["Grad Student", "Barista", "Librarian", "Temp"], [["sleep", *FILLER], [], [], []])
    run(st, "done", "do sleep")
    asked = []
    while step_name(st) == "whenever-window":
        asked.append(st.current_player())
        run(st, "pass")
    assert asked == [1, 2, 3]


# ---- Whenevers ---------------------------------------------------------------------
def test_get_a_life_stays_on_the_table_for_two_turns() -> None:
    st = deal(3, jobs3(), [["get-a-life", *FILLER], [], []])
    run(st, "play get-a-life 1")
    pass_window(st)
    assert obs(st)["table"] == [{"card": "get-a-life", "on": 1, "turns": 2, "by": 0}]
    st.pile_n = 0  # keep the draws out of this test
    st.pile = [0] * len(st.pile)
    run(st, "done", "done", "done")
    assert obs(st, 1)["free_time"] == 1  # Barista 2 - 1
    assert obs(st)["table"][0]["turns"] == 1


def test_spilled_drink_tokens_and_zero_slack_discards() -> None:
    st = deal(
        3,
        jobs3(),
        [["spilled-drink", "spilled-drink", *FILLER[:4]], [], []],
        rooms=[[], ["game-console", "white-russian"], []],
    )
    run(st, "play spilled-drink 1:game-console")
    pass_window(st)
    assert room(st, 1) == [("game-console", 2), ("white-russian", 2)]
    run(st, "play spilled-drink 1:white-russian")
    pass_window(st)
    assert room(st, 1) == [("game-console", 2)]
    assert "white-russian" in obs(st)["discard"]


def test_bouncer_moves_a_person_and_the_new_host_pays_on_entry() -> None:
    st = deal(
        3, jobs3(), [["bouncer", *FILLER], [], ["white-russian"]], rooms=[[], ["choad-warrior"], []]
    )
    run(st, "play bouncer 1:choad-warrior>2")
    pass_window(st)
    assert room(st, 2) == [("choad-warrior", 0)]
    assert st.current_player() == 2 and step_name(st) == "person-cost"
    run(st, "discard white-russian")
    assert "white-russian" in obs(st)["discard"]


def test_job_cannot_play_tags() -> None:
    st = deal(3, ["Librarian", "Barista", "Grad Student"], [["cigarettes", *FILLER], [], []])
    run(st, "done", "shop")
    assert [str(a) for a in st.legal_actions()] == ["checkout"]


# ---- the Discard phase ---------------------------------------------------------------
def test_discard_down_to_five_but_never_to_zero() -> None:
    st = deal(3, jobs3(), [["sleep", *FILLER], [], []])
    run(st, "done", "done")
    assert "done" not in {str(a) for a in st.legal_actions()}
    for card in ("sleep", "nap", "nap", "read-a-book", "read-a-book"):
        run(st, f"discard {card}")
    assert [str(a) for a in st.legal_actions()] == ["done"]  # one card left: keep it


# ---- winning, places and match play --------------------------------------------------
def finish_turn(st) -> None:
    """Pass the current turn: draw (seeded chance), do nothing, discard to five."""
    st.resolve_chance()
    while step_name(st) != "discard":
        run(st, "done")
        st.resolve_chance()
    while "done" not in {str(a) for a in st.legal_actions()}:
        st.apply_action(st.legal_actions()[0])
    run(st, "done")


def test_turn_limit_ends_the_game_with_the_closest_to_goal() -> None:
    hands = [
        ["sleep", *FILLER],
        [*FILLER2, "sleep"],
        ["concert", "concert", "pub-crawl", "pub-crawl", "road-trip", "sleep"],
    ]
    st = deal(3, jobs3(), hands, rooms=[[], ["lava-lamp"], []], settings={"turn_limit": 1})
    for _ in range(3):
        finish_turn(st)
    assert st.is_terminal()
    assert st.returns() == [0.0, 1.0, 0.0]
    assert st.places() == [2, 1, 2]


def test_match_winner_picks_their_job_first_next_game() -> None:
    st = deal(
        3,
        ["Tech Support", "Grad Student", "Barista"],
        [["cigarettes", *FILLER], [], []],
        rooms=[["gaming-pc", "game-console", "game-console", "big-tv", "white-russian"], [], []],
        settings={"games": 2},
    )
    run(st, "roll 4", "done", "shop", "buy cigarettes", "checkout")
    pass_window(st)
    assert not st.is_terminal()
    assert st.wins == [1, 0, 0]
    assert st.current_player() == 0 and step_name(st) == "pick-job"
    run(st, "pick slacker")
    assert st.current_player() is Marker.CHANCE
    assert "job slacker" not in {str(a) for a in st.legal_actions()}


def test_two_players_leave_slacker_and_drummer_out_by_default() -> None:
    st = load_game("chez-geek", players=2).new_initial_state(seed=1)
    assert {str(a) for a in st.legal_actions()}.isdisjoint({"job slacker", "job drummer"})
    gv = load_game("chez-geek", players=2, two_player_jobs="give").new_initial_state(seed=1)
    assert {str(a) for a in gv.legal_actions()} == {"job slacker", "job drummer"}
    gv.apply_text("job drummer")
    assert [str(a) for a in gv.legal_actions()] == ["job slacker"]


def test_continuing_whenever_is_discarded_when_its_effect_ends() -> None:
    st = deal(3, jobs3(), [["get-a-life", *FILLER], [], []])
    st.pile = [0] * len(st.pile)  # no draws: the hands below are all there is
    st.pile_n = 0
    run(st, "play get-a-life 1")
    pass_window(st)
    for _ in range(6):  # two rounds: seat 1 takes two turns under Get a Life
        finish_turn(st)
    assert obs(st)["table"] == []
    assert "Get a Life on P1 ends." in st.public_log()


def test_fixed_slack_activity_shows_its_printed_value_without_tokens() -> None:
    st = deal(3, jobs3(), [["sleep", *FILLER], [], []])
    run(st, "done", "do sleep")
    pass_window(st)
    assert obs(st)["players"][0]["room"] == [{"card": "sleep", "slack": 2, "tokens": False}]
