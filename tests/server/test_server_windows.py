"""Reaction phases: a person is asked only when holding an answer, and what the
others observe (the prompt they are shown, when the pause ends) is the same
whether anyone could answer or not.

The tables run in the server's own table runtime on real time, with short
clocks; every seat is a person, so each phase is seen by people who were not
asked while others were (or were not).
"""

from __future__ import annotations

import asyncio
import random
import time

from cardtable.server.db import Storage
from cardtable.server.manager import TableManager
from cardtable.server.schemas import CreateTable, SeatSpec
from cardtable.server.settings import Settings
from cardtable.server.views import is_pass, look_ahead

CLOCK = 0.25


async def _observe(game: str, players: int, seed: int, db: str, want: int) -> dict[bool, list]:
    """Phases seen by seat 0 while it was not asked, split by whether another seat was."""
    storage = Storage(db)
    manager = TableManager(storage, Settings())
    rng = random.Random(seed)
    seen: dict[bool, list] = {True: [], False: []}
    try:
        req = CreateTable(
            game=game,
            players=players,
            seats=[SeatSpec(kind="human") for _ in range(players)],
            reaction_seconds=CLOCK,
        )
        new, _ = await manager.create(req)
        rt = new.runtime
        assert rt is not None
        sub = rt.subscribe(0, 0)
        arrivals: list[tuple[float, dict]] = []

        async def read() -> None:
            while True:
                msg = await sub.queue.get()
                if msg is None:
                    return
                arrivals.append((time.time(), msg))

        reader = asyncio.create_task(read())
        n = 0
        for _ in range(3000):
            await asyncio.sleep(0.002)
            if rt.shown_state.is_terminal() or min(map(len, seen.values())) >= want:
                break
            ph = rt.phase
            if ph is not None:
                # every prompt holds a real answer: nobody is asked only to pass
                for seat, choices in ph.prompts.items():
                    assert any(c != "pass" for c in choices), (seat, choices)
                opened = time.time()
                before = len(arrivals)
                for seat in ph.prompts:
                    if seat != 0 and rng.random() < 0.5:  # some answer at once, some never
                        n += 1
                        await rt.submit(seat, f"w{n}", rt.move, "pass")
                while rt.phase is ph:
                    # a table whose driver stopped would keep the phase for ever
                    assert time.time() < opened + 60, "the reaction phase never closed"
                    await asyncio.sleep(0.005)
                await asyncio.sleep(0.01)
                if 0 in ph.prompts:
                    continue
                updates = [(t, m) for t, m in arrivals[before:] if m["type"] == "update"]
                # the update that showed the phase opening, then the one that closed it
                shown = [m for _, m in updates if m["move"] == ph.move and m["view"]["reaction"]]
                closed = [t for t, m in updates if m["move"] != ph.move]
                seen[bool(ph.prompts)].append((opened, ph.deadline, closed, shown, ph.seconds))
                continue
            player = rt.state.current_player()
            if not isinstance(player, int):
                continue
            legal = [a for a in rt.state.legal_actions() if not is_pass(a)] or list(
                rt.state.legal_actions()
            )
            n += 1
            await rt.submit(player, f"t{n}", rt.move, str(rng.choice(legal)))
        reader.cancel()
        return seen
    finally:
        await manager.stop()
        storage.close()


def _phases(game: str, players: int, tmp_path, want: int = 4) -> dict[bool, list]:
    seen: dict[bool, list] = {True: [], False: []}
    for seed in range(40):
        got = asyncio.run(_observe(game, players, seed, f"sqlite:///{tmp_path}/w{seed}.db", want))
        for k in seen:
            seen[k] += got[k]
        if min(map(len, seen.values())) >= want:
            return seen
    raise AssertionError(f"too few phases: {[len(v) for v in seen.values()]}")


def _check_same_either_way(seen: dict[bool, list]) -> None:
    for asked_others, phases in seen.items():
        for _opened, deadline, closed, shown, seconds in phases:
            # the same clock whether or not another seat held an answer
            assert seconds == CLOCK, (asked_others, seconds)
            # nothing reaches an unasked seat before the deadline: not an answer,
            # not an early close when nobody (or everybody) has answered
            assert closed, "the phase closed without telling seat 0"
            wall_close = closed[0]
            assert wall_close >= deadline - 0.02, (wall_close, deadline)
            # and the phase ended on time whether or not anyone answered
            assert wall_close <= deadline + 5.0, (wall_close, deadline)
            # while it was open seat 0 was shown the pause, never a question
            assert all(not m["view"]["legal"] and m["view"]["prompt"] for m in shown)


def test_chez_phases_look_the_same_whoever_holds_an_ace(tmp_path):
    _check_same_either_way(_phases("chez", 3, tmp_path))


def test_chez_geek_phases_look_the_same_whoever_holds_a_whenever(tmp_path):
    _check_same_either_way(_phases("chez-geek", 3, tmp_path))


def test_a_seat_is_prompted_exactly_when_it_holds_an_answer():
    """Over many random positions: prompted seats hold a non-pass action at their
    window, and every person the engine asks who holds one is prompted."""
    from cardtable.engine.registry import load_game
    from cardtable.server.views import is_reaction

    rng = random.Random(11)
    checked = 0
    for game in ("chez", "chez-geek", "contest"):
        g = load_game(game)
        for seed in range(6):
            state = g.new_initial_state(seed=seed)
            for _ in range(400):
                if state.is_terminal():
                    break
                if state.is_chance_node():
                    state.apply_action(state.sample_chance())
                    continue
                if is_reaction(state):
                    everyone = set(range(g.num_players))
                    ahead = look_ahead(state, everyone)
                    probe = state.clone()
                    holders = set()
                    while is_reaction(probe):
                        seat = probe.current_player()
                        legal = probe.legal_actions()
                        if any(not is_pass(a) for a in legal):
                            holders.add(seat)
                        probe.apply_action(next(a for a in legal if is_pass(a)))
                    assert set(ahead.prompts) == holders
                    assert look_ahead(state, set()).prompts == {}
                    checked += 1
                state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 50
