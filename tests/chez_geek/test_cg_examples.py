"""The rulebook's worked examples, each with an explicit deal and explicit dice."""

from __future__ import annotations

from cg_helpers import deal, obs, pass_window, room, run

FILLER = ["nap", "nap", "read-a-book", "read-a-book", "movie-night"]
FILLER2 = ["dinner-out", "dinner-out", "binge-watch", "binge-watch", "karaoke"]


def test_van_zele_drummer_rolls_1_so_free_time_is_2() -> None:
    st = deal(3, ["Drummer", "Grad Student", "Barista"], [["sleep", *FILLER], [], []])
    run(st, "roll 5", "roll 1")  # Income 1/3 rolls high, Free Time 2/3 rolls low
    assert obs(st)["free_time"] == 2
    assert obs(st)["income"] == 3


def test_choad_warrior_pam_discards_then_sends_him_to_mike() -> None:
    st = deal(
        3,
        ["Grad Student", "Barista", "Librarian"],
        [
            ["choad-warrior", "cheap-beer", "nap", "nap", "read-a-book", "movie-night"],
            ["microwave-popcorn", "white-russian", "lava-lamp", "lava-lamp", "goldfish", "dog"],
            ["sleep", "sleep", "sleep", "nap", "tabletop-night", "tabletop-night"],
        ],
        deck=["read-a-book", "dinner-out", "dinner-out", "binge-watch"],
    )
    # Mike plays Choad Warrior on Pam: uninvited, so no roll; his cost hits at once
    run(st, "call choad-warrior 1")
    pass_window(st)
    assert st.current_player() == 1
    assert [str(a) for a in st.legal_actions()] == [
        "pass",
        "discard microwave-popcorn",
        "discard white-russian",
    ]
    run(st, "discard microwave-popcorn")
    assert room(st, 1) == [("choad-warrior", 0)]
    run(st, "done", "done", "done")
    # Pam's turn: she rolls 3, he stays, she discards White Russian to him
    run(st, "draw read-a-book", "roll 3", "discard white-russian")
    assert "white-russian" in obs(st)["discard"]
    run(st, "done", "done", "done")
    run(st, "done", "done", "discard sleep", "done")  # seat 2: six cards, discards to five
    run(st, "draw dinner-out", "done", "done", "discard dinner-out", "done")  # Mike
    # Pam's next turn: a 6, Choad Warrior must leave; she puts him in Mike's room
    run(st, "draw dinner-out", "roll 6")
    assert sorted(str(a) for a in st.legal_actions()) == ["dismiss", "send 0", "send 2"]
    run(st, "send 0")
    assert room(st, 0) == [("choad-warrior", 0)]
    assert room(st, 1) == []
    assert st.current_player() == 0  # now Mike must discard a card (and so on...)
    run(st, "discard cheap-beer")
    assert "cheap-beer" in obs(st)["discard"]


def test_megan_change_in_couch_then_one_trip_buys_ultra_slims_and_nt_server_docco() -> None:
    st = deal(
        3,
        ["Telemarketer", "Grad Student", "Barista"],
        [["change-in-couch", "ultra-slims", "nt-server-docco", "sleep", "nap", "nap"], [], []],
    )
    run(st, "done")  # no People to call
    assert (obs(st)["income"], obs(st)["free_time"]) == (3, 2)
    run(st, "play change-in-couch")
    pass_window(st)
    assert obs(st)["income"] == 4
    run(st, "shop", "buy ultra-slims", "buy nt-server-docco", "checkout")
    pass_window(st)
    assert sorted(room(st, 0)) == [("nt-server-docco", 3), ("ultra-slims", 1)]
    assert obs(st)["players"][0]["slack"] == 4
    assert (obs(st)["income"], obs(st)["free_time"]) == (0, 1)
    run(st, "do sleep")  # her second Free Time: an Activity
    pass_window(st)
    assert obs(st)["players"][0]["slack"] == 6


def test_eric_nookie_at_jimmys_rolls_1_worth_0_and_is_discarded() -> None:
    st = deal(
        3,
        ["Grad Student", "Barista", "Librarian"],
        [["nookie-at-jimmy-s", *FILLER], [], []],
        rooms=[["old-friend"], [], []],
    )
    run(st, "done", "do nookie-at-jimmy-s")
    pass_window(st)
    run(st, "roll 1")  # one die minus 1 = 0 Slack
    assert "nookie-at-jimmy-s" in obs(st)["discard"]
    assert room(st, 0) == [("old-friend", 2)]
    assert obs(st)["free_time"] == 2  # the Free Time was still used


def test_drummer_gets_plus_1_on_nookie_rolls() -> None:
    st = deal(
        3,
        ["Drummer", "Barista", "Librarian"],
        [["nookie-at-jimmy-s", *FILLER], [], []],
        rooms=[["old-friend"], [], []],
    )
    run(st, "roll 1", "roll 1", "done", "do nookie-at-jimmy-s")
    pass_window(st)
    run(st, "roll 1")
    assert ("nookie-at-jimmy-s", 1) in room(st, 0)
    assert obs(st)["players"][0]["room"][-1]["tokens"] is True


ZVI_ROOM_19 = ["gaming-pc", "game-console", "game-console", "big-tv", "white-russian"]


def test_zvi_wins_with_cigarettes_even_if_beau_holds_bum() -> None:
    st = deal(
        3,
        ["Tech Support", "Grad Student", "Barista"],
        [["cigarettes", *FILLER], ["bum", *FILLER2], []],
        rooms=[ZVI_ROOM_19, [], []],
    )
    assert obs(st)["players"][0]["slack"] == 19
    run(st, "roll 4", "done", "shop", "buy cigarettes", "checkout")
    assert "play bum 0:white-russian" in [str(a) for a in st.legal_actions()]
    pass_window(st)
    assert st.is_terminal()  # 20 Slack, even for a moment: Beau's Bum comes too late
    assert st.returns() == [1.0, 0.0, 0.0]
    assert st.places() == [1, 2, 2]


def test_bum_played_in_the_window_takes_effect_before_the_trip() -> None:
    st = deal(
        3,
        ["Tech Support", "Grad Student", "Barista"],
        [["cigarettes", *FILLER], ["bum", *FILLER2], []],
        rooms=[ZVI_ROOM_19, [], []],
    )
    run(st, "roll 4", "done", "shop", "buy cigarettes", "checkout", "play bum 0:white-russian")
    pass_window(st)  # the Bum's own window
    pass_window(st)  # the rest of the trip's window
    assert not st.is_terminal()
    assert obs(st)["players"][0]["slack"] == 18


ZVI_ROOM_18 = ["gaming-pc", "game-console", "game-console", "big-tv", "lava-lamp"]


def test_zvi_sleep_cancelled_never_counted() -> None:
    st = deal(
        3,
        ["Tech Support", "Grad Student", "Barista"],
        [["sleep", *FILLER], ["phone-rings", *FILLER2], []],
        rooms=[ZVI_ROOM_18, [], []],
    )
    run(st, "roll 4", "done", "do sleep", "play phone-rings")
    pass_window(st)
    assert not st.is_terminal()
    assert obs(st)["players"][0]["slack"] == 18
    assert "sleep" in obs(st)["discard"]
    assert obs(st)["free_time"] == 1


def test_cancel_of_the_cancel_lets_zvis_sleep_win() -> None:
    st = deal(
        3,
        ["Tech Support", "Grad Student", "Barista"],
        [["sleep", "not-so-fast", *FILLER[:4]], ["phone-rings", *FILLER2], []],
        rooms=[ZVI_ROOM_18, [], []],
    )
    run(st, "roll 4", "done", "do sleep", "play phone-rings", "pass", "play not-so-fast")
    pass_window(st)  # nobody cancels the cancel of the cancel
    pass_window(st)  # the rest of the Sleep's window
    assert st.is_terminal()
    assert st.returns()[0] == 1.0
