"""Whenever effects, timing restrictions and Job perks not covered elsewhere."""

from __future__ import annotations

from cg_helpers import deal, obs, pass_window, room, run

FILLER = ["nap", "nap", "read-a-book", "read-a-book", "movie-night"]


def legal(st) -> set[str]:
    return {str(a) for a in st.legal_actions()}


def test_own_turn_whenevers_are_not_offered_in_another_players_window() -> None:
    st = deal(
        3,
        ["Grad Student", "Barista", "Librarian"],
        [
            ["sleep", *FILLER],
            ["change-in-couch", "narcolepsy", "second-wind", "bum", "nap", "sleep"],
            [],
        ],
        rooms=[["cheap-beer"], [], []],
    )
    run(st, "done", "do sleep")
    assert legal(st) == {"pass", "play bum 0:cheap-beer"}


def test_change_in_couch_only_on_your_own_turn_and_narcolepsy_only_in_free_time() -> None:
    st = deal(
        3,
        ["Grad Student", "Barista", "Librarian"],
        [["change-in-couch", "narcolepsy", *FILLER[:4]], [], []],
    )
    assert "play change-in-couch" in legal(st) and "play narcolepsy" not in legal(st)
    run(st, "done")
    assert {"play change-in-couch", "play narcolepsy"} <= legal(st)


def test_borrowed_for_good_takes_a_thing_into_your_room_with_its_slack() -> None:
    st = deal(
        3,
        ["Grad Student", "Barista", "Librarian"],
        [["borrowed-for-good", *FILLER], [], []],
        rooms=[[], ["game-console"], []],
    )
    run(st, "play borrowed-for-good 1:game-console")
    pass_window(st)
    assert room(st, 0) == [("game-console", 4)] and room(st, 1) == []


def test_spring_cleaning_discards_an_activity_from_another_room() -> None:
    st = deal(
        3,
        ["Grad Student", "Barista", "Librarian"],
        [["spring-cleaning", *FILLER], [], []],
        rooms=[["sleep"], ["sleep", "lava-lamp"], []],
    )
    assert "play spring-cleaning 0:sleep" not in legal(st)  # scope: another room
    run(st, "play spring-cleaning 1:sleep")
    pass_window(st)
    assert room(st, 1) == [("lava-lamp", 1)]


def test_compliment_adds_a_token_to_your_own_card() -> None:
    st = deal(
        3,
        ["Grad Student", "Barista", "Librarian"],
        [["compliment", *FILLER], [], []],
        rooms=[["lava-lamp"], ["lava-lamp"], []],
    )
    assert "play compliment 1:lava-lamp" not in legal(st)
    run(st, "play compliment 0:lava-lamp")
    pass_window(st)
    assert obs(st)["players"][0]["room"] == [{"card": "lava-lamp", "slack": 2, "tokens": True}]


def test_second_wind_draws_two_but_never_above_the_hand_size() -> None:
    st = deal(
        3,
        ["Grad Student", "Barista", "Librarian"],
        [["second-wind", "nap", "nap", "sleep", "sleep", "sleep"], [], []],
        deck=["dog", "cat"],
    )
    run(st, "play second-wind")
    pass_window(st)
    run(st, "draw dog")  # one card fits: five in hand after playing it, six allowed
    assert obs(st)["players"][0]["hand"] == 6
    assert st.current_player() == 0


def test_bartender_evict_bonus_turns_a_3_into_leaving() -> None:
    st = deal(
        3,
        ["Bartender", "Barista", "Librarian"],
        [["sleep", *FILLER], [], []],
        rooms=[["mooch"], [], []],
    )
    run(st, "roll 3")
    assert "dismiss" in legal(st)


def test_job_requirement_jam_session_is_for_drummers_and_roadies() -> None:
    st = deal(3, ["Band Roadie", "Barista", "Librarian"], [["jam-session", *FILLER], [], []])
    run(st, "roll 1", "done")
    assert "do jam-session" in legal(st)
    st = deal(3, ["Grad Student", "Barista", "Librarian"], [["jam-session", *FILLER], [], []])
    run(st, "done")
    assert "do jam-session" not in legal(st)


def test_tags_in_room_requirement() -> None:
    st = deal(
        3,
        ["Grad Student", "Barista", "Librarian"],
        [["lan-party", *FILLER], [], []],
        rooms=[["used-laptop"], [], []],
    )
    run(st, "done")
    assert "do lan-party" in legal(st)


def test_dice_slack_person_rolls_its_slack_when_it_comes_over() -> None:
    st = deal(3, ["Barista", "Grad Student", "Librarian"], [["party-animal", *FILLER], [], []])
    run(st, "call party-animal 0")
    pass_window(st)
    run(st, "roll 4", "roll 6")  # comes over; one die minus 1 = 5
    assert room(st, 0) == [("party-animal", 5)]


def test_nobody_home_cancels_a_call() -> None:
    st = deal(
        3,
        ["Barista", "Grad Student", "Librarian"],
        [["old-friend", *FILLER], ["nobody-home", "sleep", "sleep", "sleep", "nap", "dog"], []],
    )
    run(st, "call old-friend 0", "play nobody-home")
    pass_window(st)
    pass_window(st)
    assert room(st, 0) == [] and "old-friend" in obs(st)["discard"]
    assert st.current_player() == 0  # no roll: the Call never happened
