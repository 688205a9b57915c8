"""What being the heuristic bots' target costs in Chez Geek: the "leader tax".

Plays GAMES seeded games (seeds 0 on) of four heuristic bots. At every change
of turn it compares each seat's Slack with its Slack at that turn's start and
files the change under "target" when the seat was the turn player's target
(the highest Slack-to-goal ratio among the others at the turn's start, as
``HeuristicBot.leader`` picks it) and "not target" otherwise; the turn
player's own change is its gain. It also counts the attacks aimed at another
seat, by card (Calls of unwanted People, sends of evicted ones, Whenevers).
The figures are in docs/bots.md ("Chez Geek: the sandbag bot") and
docs/notes/sandbag-tuning.md.
Run: ``.venv/bin/python benchmarks/cg_leader_tax.py [GAMES]`` (default 300).
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter

from cardtable.engine.game import Marker
from cardtable.engine.registry import load_game
from cardtable.games.chez_geek.actions import Call, Play, Send
from cardtable.games.chez_geek.ai.bots import HeuristicBot
from cardtable.games.chez_geek.state import ChezGeekState


def main(games: int) -> None:
    game = load_game("chez-geek", players=4)
    change: dict[bool, list[int]] = {True: [], False: []}
    own: list[int] = []
    attacks: Counter[str] = Counter()
    for seed in range(games):
        st = game.new_initial_state(seed=seed)
        assert isinstance(st, ChezGeekState)
        bots = [HeuristicBot(game, s, seed=s) for s in range(4)]
        turn = -1
        start: list[int] | None = None
        while True:
            if st.turn != turn:
                now = [st.slack_of(s) for s in range(4)]
                if start is not None:
                    others = [q for q in range(4) if q != turn]
                    top = max(others, key=lambda q: (start[q] / st.goal(q), -q))
                    for s in range(4):
                        if s == turn:
                            own.append(now[s] - start[s])
                        else:
                            change[s == top].append(now[s] - start[s])
                start, turn = now, st.turn
            player = st.current_player()
            if player is Marker.TERMINAL:
                break
            if player is Marker.CHANCE:
                st.apply_action(st.sample_chance())
                continue
            assert isinstance(player, int)
            legal = st.legal_actions()
            action = (
                legal[0] if len(legal) == 1 else bots[player].act(st.observation(player), legal)
            )
            if isinstance(action, Call) and action.seat != player:
                attacks["call " + action.slug] += 1
            elif isinstance(action, Send) and action.seat != player:
                attacks["send"] += 1
            elif isinstance(action, Play) and action.tseat not in (-1, player):
                attacks["play " + action.slug] += 1
            st.apply_action(action)
    print(f"{games} games of four heuristic bots")
    print(f"own turn: mean Slack gained {statistics.mean(own):.2f} ({len(own)} turns)")
    for hit, label in ((True, "target"), (False, "not target")):
        values = change[hit]
        print(f"another's turn, {label}: mean change {statistics.mean(values):.3f} ({len(values)})")
    print("attacks on another seat, per game:")
    for what, count in attacks.most_common():
        print(f"  {count / games:6.2f}  {what}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
