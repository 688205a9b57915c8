"""Two players with straw piles; four and six players in teams; hidden information."""

from __future__ import annotations

import json
import random

from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame

from .ctj_helpers import do, finish_round, hand, state_with, texts

TWO = {
    "aside": hand("9S 8S"),
    "straw_down": [hand("1C 2C 3C 4C 5C"), hand("6C 7C 8C 9C 1D")],
    "straw_up": [hand("2D 3D 4D 5D 6D"), hand("7D 8D 9D 1H 2H")],
    "hands": [hand("3H 4H 5H 6H 7H 8H 9H"), hand("1S 2S 3S 4S 5S 6S 7S")],
}


def two_player(**settings):
    return ChaiTeaJazzGame(2, **settings).new_initial_state(seed=0, deal=[TWO])


def test_two_players_deal_17_cards_each() -> None:
    s = two_player()
    game = s.game
    assert game.tricks == 17 and game.hand_size == 7
    assert len(s.hands[0]) == 7 and len(s.aside) == 2
    assert sum(c >= 0 for c in s.up[0]) == 5 and sum(c >= 0 for c in s.down[1]) == 5


def test_face_up_straw_cards_are_playable_and_public() -> None:
    s = two_player()
    do(s, "pick under", "pass")
    assert texts(s) == ["2D", "3D", "4D", "5D", "6D", "3H", "4H", "5H", "6H", "7H", "8H", "9H"]
    obs1 = s.observation(1)
    assert [st["up"] for st in obs1["straw"][0]] == hand("2D 3D 4D 5D 6D")
    assert "3H" not in json.dumps(obs1)  # P0's hand stays hidden
    assert "1C" not in json.dumps(obs1) and "1C" not in json.dumps(s.observation(0))


def test_straw_card_below_turns_up_only_after_the_trick() -> None:
    s = two_player()
    do(s, "pick under", "pass", "2D")
    assert s.observation(1)["straw"][0][0] == {"up": None, "down": True}
    assert texts(s) == ["7D", "8D", "9D"]  # face-up straw cards count for following suit
    do(s, "9D")
    assert s.observation(1)["straw"][0][0] == {"up": "1C", "down": False}
    assert s.observation(0)["straw"][1][2] == {"up": "8C", "down": False}
    assert s.tricks_log[-1][2] == 0  # Under: 2D beats 9D


def test_set_aside_cards_go_to_the_players_winner_of_last_trick_takes_the_stronger() -> None:
    s = two_player()
    do(s, "pick under", "pass")
    finish_round(s)
    summary = s.summaries[-1]
    taken = dict((name, seat) for seat, name in summary["aside"])
    last = summary["last_trick"] > 0  # the declarer P0 won the last trick
    winner = 0 if last else 1
    assert taken["8S"] == winner and taken["9S"] == 1 - winner  # Under: 8 is stronger than 9


def test_four_players_play_in_two_teams_with_nine_cards() -> None:
    game = ChaiTeaJazzGame(4)
    assert game.side_of == (0, 1, 0, 1) and game.hand_size == 9 and game.increment == 3
    s = game.new_initial_state(seed=1)
    s.resolve_chance()
    obs = s.observation(0)
    assert obs["teams"] and obs["sides"] == [[0, 2], [1, 3]]
    partner = [s.game.names[c] for c in s.hands[2]]
    assert not set(partner) & set(obs["hand"])
    assert not any(card in json.dumps(obs) for card in partner)  # teammates' hands stay hidden


def test_six_players_teams_deck_and_jokers() -> None:
    game = ChaiTeaJazzGame(6)
    assert game.side_of == (0, 1, 0, 1, 0, 1) and game.max_debt == 21
    assert game.deck()["JK"] == 2 and len(game.deck_list) == 54


def test_the_declaring_team_scores_both_partners_tricks() -> None:
    from cardtable.games.chai_tea_jazz.cards import POINTS

    s = state_with(players=4, rounds=1)
    do(s, "pick under", "pass", "pass", "pass")
    while not (s.trick_no == s.game.tricks - 1 and len(s.trick_cards) == 3):
        s.apply_action(s.legal_actions()[0])
    before = s.points[0] + s.points[2]
    seats, table = list(s.trick_seats), list(s.trick_cards)
    s.apply_action(s.legal_actions()[0])
    last = s.summaries[-1]
    winner_is_a = last["last_trick"] == 10
    table_points = sum(POINTS[c] for c in table) + POINTS[s.game.code_of[str(s.history()[-1])]]
    assert last["side"] == 0 and seats[0] in (0, 1, 2, 3)
    assert last["captured"] == before + (table_points if winner_is_a else 0)
    assert last["score"] == last["captured"] + last["last_trick"]


def test_resample_keeps_a_void_player_without_the_suit() -> None:
    clubs = [f"{r}C" for r in range(1, 10)]
    s = state_with(hands=[clubs, [], []])
    do(s, "pick under", "pass", "pass", "1C", "4D", "7H")
    rng = random.Random(5)
    for _ in range(30):
        other = s.resample(0, rng)
        for seat in (1, 2):
            assert not any(s.game.names[c].endswith("C") for c in other.hands[seat])
        assert other.observation(0) == s.observation(0)


def test_resample_changes_hidden_cards_and_keeps_the_record_replayable() -> None:
    from cardtable.engine.record import replay

    s = ChaiTeaJazzGame(3).new_initial_state(seed=4)
    s.resolve_chance()
    other = s.resample(1, random.Random(1))
    assert other.hands[1] == s.hands[1] and other.hands[0] != s.hands[0]
    again = replay(json.loads(json.dumps(other.to_record())))
    assert again.hands == other.hands


def test_resample_rewrites_an_explicit_deal() -> None:
    from cardtable.engine.record import replay

    s = state_with()
    other = s.resample(2, random.Random(3))
    assert other.deal != s.deal and other.hands[2] == s.hands[2]
    assert replay(other.to_record()).hands == other.hands
