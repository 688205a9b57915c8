"""Rules found wanting when the rulebook was played against the engine.

Each test is named after the rule it checks, from an explicit deal and
explicit dice: an unwanted Person you get rid of has no effect on you that
turn, Slack changes may target Cats, tokens travel with a moved card, and a
roll's prompt says what the roll is for.
"""

from __future__ import annotations

from cg_helpers import deal, obs, pass_window, room, run, step_name

from cardtable.engine.game import Marker

FILLER = ["nap", "nap", "read-a-book", "read-a-book", "movie-night"]
FILLER2 = ["dinner-out", "dinner-out", "binge-watch", "binge-watch", "karaoke"]


def jobs3() -> list[str]:
    return ["Grad Student", "Barista", "Librarian"]


def draw_up(st) -> None:
    """Apply the seeded draws of a Draw phase (dice stay scripted)."""
    while st.current_player() is Marker.CHANCE and step_name(st) == "draw":
        st.apply_action(st.sample_chance())


def preacher_arrives_on_p0s_turn():
    """P0 sends a Door-to-Door Preacher (-1 Free Time each turn) to P1 and ends the turn."""
    st = deal(2, ["Comic Shop Clerk", "Barista"], [["door-to-door-preacher", *FILLER], []])
    run(st, "call door-to-door-preacher 1")
    pass_window(st)
    run(st, "done", "done", "done")
    draw_up(st)
    return st


# ---- getting rid of People ------------------------------------------------------------
def test_uninvited_person_got_rid_of_on_4_6_has_no_effect_that_turn() -> None:
    st = preacher_arrives_on_p0s_turn()
    assert obs(st, 1)["players"][1]["owed_free_time"] == 0  # nothing to take on P0's turn
    run(st, "roll 6", "dismiss")
    assert room(st, 1) == []
    assert obs(st, 1)["free_time"] == 2  # the Barista's full 2


def test_uninvited_person_that_stays_costs_after_the_roll_only() -> None:
    st = preacher_arrives_on_p0s_turn()
    run(st, "roll 2")
    assert room(st, 1) == [("door-to-door-preacher", -1)]
    assert obs(st, 1)["free_time"] == 1  # one Free Time for staying, none for arriving


def test_uninvited_person_entering_on_your_own_turn_costs_at_once() -> None:
    st = deal(
        2,
        ["Comic Shop Clerk", "Barista"],
        [["bouncer", *FILLER], []],
        rooms=[[], ["door-to-door-preacher"]],
    )
    run(st, "done")
    assert obs(st)["free_time"] == 2
    run(st, "play bouncer 1:door-to-door-preacher>0")
    pass_window(st)
    assert room(st, 0) == [("door-to-door-preacher", -1)]
    assert obs(st)["free_time"] == 1


def test_uninvited_person_card_cost_on_entry_is_paid_on_another_players_turn() -> None:
    """The rulebook's Choad Warrior: Pam discards a Food card when he is played on her."""
    st = deal(3, jobs3(), [["choad-warrior", *FILLER], ["microwave-popcorn", *FILLER2], []])
    run(st, "call choad-warrior 1")
    pass_window(st)
    assert st.current_player() == 1 and step_name(st) == "person-cost"
    run(st, "discard microwave-popcorn")
    assert "microwave-popcorn" in obs(st)["discard"]


# ---- Cats -----------------------------------------------------------------------------
def test_slack_changes_may_target_cats() -> None:
    st = deal(3, jobs3(), [["compliment", *FILLER], [], []], rooms=[["cat"], [], []])
    assert "play compliment 0:cat" in {str(a) for a in st.legal_actions()}
    run(st, "play compliment 0:cat")
    pass_window(st)
    assert obs(st)["players"][0]["room"] == [{"card": "cat", "slack": 3, "tokens": True}]


def test_cats_still_cannot_be_moved_or_discarded_out_of_a_room() -> None:
    st = deal(
        3,
        jobs3(),
        [["bouncer", "spring-cleaning", *FILLER[:4]], [], []],
        rooms=[["cat"], ["grumpy-cat"], []],
    )
    plays = {str(a) for a in st.legal_actions() if str(a).startswith("play")}
    assert not any("cat" in p for p in plays)


# ---- Marking Slack ----------------------------------------------------------------------
def test_rolled_slack_keeps_its_tokens_when_the_card_moves() -> None:
    st = deal(3, jobs3(), [["bouncer", *FILLER], [], []], rooms=[[], ["party-animal=4"], []])
    assert obs(st)["players"][1]["room"] == [{"card": "party-animal", "slack": 4, "tokens": True}]
    run(st, "play bouncer 1:party-animal>0")
    pass_window(st)
    assert obs(st)["players"][0]["room"] == [{"card": "party-animal", "slack": 4, "tokens": True}]


# ---- what a roll is for -----------------------------------------------------------------
def roll_prompt(st) -> dict:
    prompt = obs(st)["prompt"]
    assert st.current_player() is Marker.CHANCE and prompt["step"] == "roll"
    return {k: v for k, v in prompt.items() if k != "seat"}


def test_roll_prompts_say_what_the_roll_is_for() -> None:
    st = deal(3, ["Temp", "Barista", "Librarian"], [["sleep", *FILLER], [], []])
    assert roll_prompt(st) == {"step": "roll", "purpose": "income"}
    run(st, "roll 4")
    assert roll_prompt(st) == {"step": "roll", "purpose": "free-time"}

    st = deal(3, jobs3(), [FILLER + ["sleep"], [], []], rooms=[["door-to-door-preacher"], [], []])
    assert roll_prompt(st) == {
        "step": "roll",
        "purpose": "get-rid-of-person",
        "card": "door-to-door-preacher",
    }

    st = deal(3, ["Barista", "Grad Student", "Librarian"], [["party-animal", *FILLER], [], []])
    run(st, "call party-animal 0")
    pass_window(st)
    assert roll_prompt(st) == {"step": "roll", "purpose": "call", "card": "party-animal"}
    run(st, "roll 4")
    assert roll_prompt(st) == {"step": "roll", "purpose": "slack", "card": "party-animal"}

    st = deal(3, ["Barista", "Grad Student", "Librarian"], [["pub-crawl", *FILLER], [], []])
    run(st, "done", "do pub-crawl")
    pass_window(st)
    assert roll_prompt(st) == {"step": "roll", "purpose": "slack", "card": "pub-crawl"}
