"""The information digest a search keys its tree on: what a seat knows, nothing more, nothing less.

Two states with equal digests for a seat must show that seat equal
observations (else a search would merge information sets it can tell apart),
and every re-deal of a seat's hidden cards must keep its digest (else the
search would split one information set into many).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.engine.game import State
from cardtable.games.chai_tea_jazz.actions import PlayCard
from cardtable.games.chai_tea_jazz.game import ChaiTeaJazzGame
from tests.digests import decisions


def _decisions(players: int, settings: dict[str, Any], games: int) -> Iterator[State]:
    return decisions(ChaiTeaJazzGame(players, **settings), games, 100)


@pytest.mark.parametrize(
    ("players", "settings"), [(2, {}), (3, {}), (4, {}), (6, {"double_deck": True})]
)
def test_equal_digests_mean_equal_observations_across_redeals(
    players: int, settings: dict[str, Any]
) -> None:
    """Re-deals of one seat's hidden cards give the other seats other hands under the
    same public history: a digest that left out a hand (or the straw) would collide."""
    shown: dict[object, str] = {}
    rng = random.Random(7)
    checked = 0
    for i, state in enumerate(_decisions(players, settings, 2)):
        if i % 5:
            continue
        knower = rng.randrange(players)
        for det in [state, *(state.resample(knower, rng) for _ in range(3))]:
            for seat in range(players):
                digest = det.information_digest(seat)
                seen = json.dumps(det.observation(seat))
                assert shown.setdefault(digest, seen) == seen, (i, seat)
                checked += 1
    assert checked > 200 and len(shown) > 100


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_redeal_keeps_the_digest_of_the_seat_it_was_made_for(players: int) -> None:
    rng = random.Random(players)
    for i, state in enumerate(_decisions(players, {}, 1)):
        if i % 3:
            continue
        seat = rng.randrange(players)
        det = state.resample(seat, rng)
        assert det.information_digest(seat) == state.information_digest(seat)
        hands_now, hands_then = det.hands, state.hands  # type: ignore[attr-defined]
        changed = [s for s in range(players) if s != seat and hands_now[s] != hands_then[s]]
        assert all(det.information_digest(s) != state.information_digest(s) for s in changed)


def test_the_digest_follows_every_public_decision() -> None:
    """Each decision changes every seat's digest: the same hand after a different
    bid or card is another information set."""
    previous: list[object] | None = None
    for state in _decisions(3, {}, 1):
        now = [state.information_digest(s) for s in range(3)]
        if previous is not None:
            assert all(a != b for a, b in zip(now, previous, strict=True))
        previous = now


def test_a_straw_card_turned_up_by_a_play_is_part_of_the_digest() -> None:
    """Two players: playing a face-up straw card turns up the face-down one below it,
    which each re-deal chose anew; the same play must then give different digests
    wherever it shows different cards."""
    rng = random.Random(3)
    compared = 0
    for i, state in enumerate(_decisions(2, {}, 3)):
        if i % 2:
            continue
        seat = state.current_player()
        assert isinstance(seat, int)
        ups = {c for c in state.up[seat] if c >= 0}  # type: ignore[attr-defined]
        plays = [a for a in state.legal_actions() if isinstance(a, PlayCard) and a.card in ups]
        if not plays:
            continue
        after = []
        for det in [state, *(state.resample(seat, rng) for _ in range(4))]:
            det.apply_action(plays[0])
            after.append((det.information_digest(seat), json.dumps(det.observation(seat))))
        for digest, seen in after:
            for other_digest, other_seen in after:
                if seen != other_seen:
                    assert digest != other_digest
                    compared += 1
    assert compared > 0
