"""The sandbag bot's moves, fingerprinted: seeded games whose every action is hashed.

Why: the bot is refactored (settings that measured no better removed, the
class split into modules) on the promise that it plays exactly the same moves
at its default settings. Its unit tests check chosen positions; these 320
whole games (3, 4 and 5 players, sandbag at one or two seats against the
heuristic, and a table of four sandbag bots) check every decision along the
way, through the same ``play_match`` loop the simulations use (so ``observe``
is called as there). A block's digest is the hash of its games' action
records, in notation, in order; a changed move changes it.

Run this file with Python to print the digests afresh (only after a change
of behaviour that is meant).
"""

from __future__ import annotations

import hashlib

import pytest

from cardtable.bots.match import play_match
from cardtable.bots.registry import make_bot
from cardtable.engine.registry import load_game

BLOCK = 20  # games per digest
# (players, block) -> digest; block -1 is the table of sandbag bots only
GOLDEN: dict[tuple[int, int], str] = {
    (3, 0): "a8fddfd70b14fc51",
    (3, 1): "ffa3fb50bf763241",
    (3, 2): "b9ada81bc2d0322d",
    (3, 3): "003ccf305c3ada5b",
    (3, 4): "0346488cca46bf60",
    (4, 0): "ab330cb41acb6e9c",
    (4, 1): "8edc997132b5892e",
    (4, 2): "f8b42494321dcb61",
    (4, 3): "ea25b1c8baddb267",
    (4, 4): "f9822b64a31e80a1",
    (5, 0): "dc08cf3528878cf4",
    (5, 1): "3d9f9aca853d10de",
    (5, 2): "f5fe27564391724e",
    (5, 3): "708bb3972f0951ac",
    (5, 4): "1598bf2d92346c26",
    (4, -1): "d99ea99f223737c1",
}


def sandbag_seats(players: int, block: int, i: int) -> set[int]:
    """One sandbag seat moving round the table; a second one in every third game."""
    if block < 0:
        return set(range(players))
    seats = {i % players}
    if i % 3 == 2:
        seats.add((i + 2) % players)
    return seats


def block_digest(players: int, block: int) -> str:
    game = load_game("chez-geek", players=players)
    digest = hashlib.sha256()
    for k in range(BLOCK):
        i = (max(block, 0) * BLOCK) + k
        seed = 1_000 * players + i + (500 if block < 0 else 0)
        seats = sandbag_seats(players, block, i)
        bots = [
            make_bot("sandbag" if s in seats else "heuristic", game, s, seed=seed * 10 + s)
            for s in range(players)
        ]
        state = play_match(game, bots, seed)
        digest.update(f"{seed}:{sorted(seats)}:".encode())
        digest.update("\n".join(str(a) for a in state.history()).encode())
        digest.update(b"\n\n")
    return digest.hexdigest()[:16]


BLOCKS = [(n, b) for n in (3, 4, 5) for b in range(5)] + [(4, -1)]


@pytest.mark.parametrize(("players", "block"), BLOCKS)
def test_the_sandbag_bot_plays_the_same_moves(players: int, block: int) -> None:
    assert block_digest(players, block) == GOLDEN[(players, block)]


if __name__ == "__main__":
    print("GOLDEN: dict[tuple[int, int], str] = {")
    for players, block in BLOCKS:
        print(f'    ({players}, {block}): "{block_digest(players, block)}",')
    print("}")
