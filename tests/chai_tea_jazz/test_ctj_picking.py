"""Picking phase rules: pass, pick, Hard Pass, forced pick, Bet Debt, re-picking."""

from __future__ import annotations

import pytest

from cardtable.engine.errors import IllegalActionError

from .ctj_helpers import do, finish_round, state_with, texts

ONE_ROW = [{"name": "Under", "contract": "under", "value": 2}]


def picks(state) -> list[str]:
    return [t for t in texts(state) if t.startswith("pick")]


def test_the_first_pick_of_a_round_is_free() -> None:
    s = state_with()
    assert texts(s)[0] == "pass"
    assert all("debt" not in t for t in picks(s))


def test_a_pick_names_the_trump_suit_and_the_start_direction() -> None:
    s = state_with()
    first = picks(s)
    for text in ("pick trump C", "pick trump D", "pick trump H", "pick trump S"):
        assert text in first
    assert "pick slalom high" in first and "pick slalom low" in first
    assert "pick joker trump H" in first and "pick joker slalom low" in first
    assert "pick under" in first


def test_bet_debt_moves_in_fives_up_to_35_with_three_players() -> None:
    s = state_with()
    do(s, "pick under")
    debts = sorted({int(t.rsplit(" ", 1)[1]) for t in picks(s)})
    assert debts == [5, 10, 15, 20, 25, 30, 35]


def test_bet_debt_moves_in_threes_up_to_21_with_teams() -> None:
    s = state_with(players=4)
    do(s, "pick under")
    debts = sorted({int(t.rsplit(" ", 1)[1]) for t in picks(s)})
    assert debts == [3, 6, 9, 12, 15, 18, 21]


def test_a_later_pick_must_raise_the_bet_debt_strictly() -> None:
    s = state_with()
    do(s, "pick under", "pick slalom high debt 10")
    assert min(int(t.rsplit(" ", 1)[1]) for t in picks(s)) == 15
    with pytest.raises(IllegalActionError, match="at least 15"):
        s.apply_text("pick under debt 10")


def test_at_the_maximum_bet_debt_only_pass_is_left() -> None:
    s = state_with()
    do(s, "pick under", "pick slalom high debt 35")
    assert texts(s) == ["pass"]


def test_hard_pass_a_passed_player_is_skipped_for_the_rest_of_the_phase() -> None:
    s = state_with()
    do(s, "pass", "pick under", "pick trump H debt 5")
    assert s.current_player() == 1
    do(s, "pick under debt 10")
    assert s.current_player() == 2


def test_the_holder_of_the_current_bet_declares_when_everyone_else_passed() -> None:
    s = state_with()
    do(s, "pick under", "pick slalom low debt 5", "pass", "pass")
    assert s.declarer == 1 and s.pick.debt == 5
    assert s.current_player() == 1


def test_re_picking_the_same_or_another_contract_is_allowed() -> None:
    s = state_with()
    do(s, "pick under", "pass", "pick under debt 5", "pick slalom high debt 10", "pass")
    assert s.declarer == 0 and str(s.pick.play) == "slalom high" and s.pick.debt == 10


def test_everyone_passing_forces_the_barrel_holder_to_pick_for_free() -> None:
    s = state_with()
    do(s, "pass", "pass", "pass")
    assert s.forced and s.current_player() == 0
    assert "pass" not in texts(s) and all("debt" not in t for t in texts(s))
    with pytest.raises(IllegalActionError, match="must pick"):
        s.apply_text("pass")


def test_a_completed_row_cannot_be_picked_but_joker_may_play_it() -> None:
    s = state_with(rounds=2)
    do(s, "pick under", "pass", "pass")
    finish_round(s)
    assert s.barrel == 1  # the Barrel moves on
    do(s, "pass", "pass")
    assert s.current_player() == 0
    assert "pick under" not in texts(s)
    assert "pick joker under" in texts(s)
    with pytest.raises(IllegalActionError, match="already completed the Under row"):
        s.apply_text("pick under")


def test_a_side_that_completed_every_row_always_passes_and_is_never_asked() -> None:
    s = state_with(setup=ONE_ROW, rounds=3)
    do(s, "pick under", "pass", "pass")
    finish_round(s)
    assert s.passed[0] and s.current_player() == 1
    do(s, "pass")
    assert s.current_player() == 2  # P0 is skipped
    do(s, "pass")
    assert s.forced and s.current_player() == 1


def test_the_barrel_goes_to_the_next_player_with_contracts_to_complete() -> None:
    s = state_with(setup=ONE_ROW, rounds=3)
    do(s, "pick under", "pass", "pass")
    finish_round(s)
    assert s.barrel == 1
    do(s, "pass", "pick under")  # P2 declares at once: P0 is done and P1 passed
    finish_round(s)
    assert s.barrel == 1  # P2 done, P0 done: P1 keeps it
    assert s.current_player() == 1 and s.forced is False
    assert s.passed == [True, False, True]


def test_passing_the_barrel_offer_accepted_adds_the_offer_to_the_score() -> None:
    s = state_with(passing_the_barrel=True)
    do(s, "pass", "pass", "pass")
    assert "offer 5" in texts(s) and "offer 35" in texts(s)
    do(s, "offer 10")
    assert s.current_player() == 1 and texts(s) == ["accept", "pass"]
    do(s, "pass")
    assert s.current_player() == 2
    do(s, "accept")
    assert s.current_player() == 2
    assert all("debt" not in t for t in texts(s))
    do(s, "pick slalom high")
    assert s.declarer == 2 and s.bonus == 10 and s.current_player() == 2
    finish_round(s)
    summary = s.summaries[-1]
    assert summary["barrel_offer"] == 10
    assert summary["score"] == summary["captured"] + summary["last_trick"] + 10


def test_passing_the_barrel_declined_by_all_returns_to_the_holder() -> None:
    s = state_with(passing_the_barrel=True)
    do(s, "pass", "pass", "pass", "offer 30", "pass", "pass")
    assert s.current_player() == 0
    assert "offer 30" not in texts(s) and "offer 35" in texts(s)
    do(s, "offer 35", "pass", "pass")
    assert not any(t.startswith("offer") for t in texts(s))
    do(s, "pick under")
    assert s.declarer == 0 and s.bonus == 0


def test_without_the_variant_there_are_no_offers() -> None:
    s = state_with()
    do(s, "pass", "pass", "pass")
    assert not any(t.startswith("offer") for t in texts(s))
    with pytest.raises(IllegalActionError, match="Passing the Barrel"):
        s.apply_text("offer 5")


def test_the_joker_row_scores_in_the_joker_row_whatever_it_was_played_as() -> None:
    s = state_with(rounds=2)
    do(s, "pick joker under", "pass", "pass")
    assert s.pick.row == 3 and str(s.pick.play) == "under"
    finish_round(s)
    assert s.row_score[3][0] is not None and s.row_score[1][0] is None
    assert not s.open_rows[0][3] and s.open_rows[0][1]
