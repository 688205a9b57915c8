"""What a seat may see (``observation``), its terminal rendering and the public log.

The observation holds only public facts plus the seat's own hand: teammates'
hands are never included, face-down straw cards and set-aside cards only as
counts. ``resample`` relies on this: re-dealing hidden cards cannot change it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from cardtable.games.chai_tea_jazz.cards import DIRECTION_NAMES, POINTS, SUITS
from cardtable.games.chai_tea_jazz.events import Event
from cardtable.games.chai_tea_jazz.flow import ChaiTeaJazzFlow
from cardtable.games.chai_tea_jazz.phases import Phase
from cardtable.games.chai_tea_jazz.plays import describe
from cardtable.games.chai_tea_jazz.records import trick_view
from cardtable.games.chai_tea_jazz.schema import (
    BiddingView,
    ContractView,
    DirectionName,
    Observation,
    ResultView,
    RowView,
    SeatAndText,
    StrawStackView,
    SuitLetter,
    TrickInPlayView,
)
from cardtable.games.chai_tea_jazz.tables import ChaiTeaJazzTables


def _suit(suit: int) -> SuitLetter | None:
    return cast(SuitLetter, SUITS[suit]) if suit >= 0 else None


def _direction(direction: int) -> DirectionName:
    return cast(DirectionName, DIRECTION_NAMES[direction])


def observation(state: ChaiTeaJazzFlow, seat: int) -> Observation:
    game = state.game
    names = game.names
    n = game.num_players
    cp = state.cp
    pick = state.pick
    contract: ContractView | None = None
    if pick is not None:
        play = pick.play
        contract = {
            "declarer": state.declarer,
            "side": game.side_of[state.declarer],
            "row": pick.row,
            "row_name": game.rows[pick.row].name,
            "play": str(play),
            "description": describe(play),
            "rule": play.rule,
            "trump": _suit(play.trump),
            "directions": [_direction(d) for d in state.order],
            "bet_debt": pick.debt,
            "barrel_offer": state.bonus,
        }
    in_play = pick is not None and state.trick_no < game.tricks and state.phase == Phase.PLAY
    trick: TrickInPlayView | None = None
    if in_play:
        trick = {
            "number": state.trick_no + 1,
            "of": game.tricks,
            "direction": _direction(state.order[state.trick_no]),
            "led": _suit(state.led),
            "cards": [
                [s, names[c]] for s, c in zip(state.trick_seats, state.trick_cards, strict=True)
            ],
            "winning": state.best_seat if state.trick_cards else None,
        }
    bids: list[SeatAndText] = []
    for event in state.events:
        kind = event[0]
        if kind == Event.PICK:
            bids.append([event[1], event[2]])
        elif kind == Event.PASS or kind == Event.DECLINE:
            bids.append([event[1], "pass"])
        elif kind == Event.OFFER:
            bids.append([event[1], f"offer {event[2]}"])
        elif kind == Event.ACCEPT:
            bids.append([event[1], "accept"])
    straw: list[list[StrawStackView]] | None = None
    if n == 2:
        straw = [
            [
                {
                    "up": names[state.up[s][i]] if state.up[s][i] >= 0 else None,
                    "down": state.down[s][i] >= 0,
                }
                for i in range(5)
            ]
            for s in range(2)
        ]
    rows: list[RowView] = []
    for r, row in enumerate(game.rows):
        awarded = state.row_points[r]
        rows.append(
            {
                "key": row.key,
                "name": row.name,
                "contract": row.contract,
                "value": row.value,
                "avoid": row.avoid,
                "meta": row.meta,
                "open": [state.open_rows[s][r] for s in range(game.num_sides)],
                "scores": list(state.row_score[r]),
                "order": list(state.row_order[r]),
                "game_points": None if awarded is None else list(awarded),
            }
        )
    result: ResultView | None = None
    if state.result is not None:
        result = {
            "ranking": list(state.result),
            "places": state.places(),
            "returns": state.returns(),
        }
    bidding: BiddingView = {
        "log": bids,
        "passed": list(state.passed),
        "current": None
        if state.cb_pick is None
        else {"seat": state.cb, "pick": state.cb_pick.text, "debt": state.cb_pick.debt},
        "forced": state.forced,
        "offer": state.offer,
        "increment": game.increment,
        "max_debt": game.max_debt,
    }
    done = state.finished_round
    return {
        "game": "chai-tea-jazz",
        "seat": seat,
        "players": n,
        "teams": game.teams,
        "side": game.side_of[seat],
        "sides": [list(m) for m in game.members],
        "round": state.round_no + 1,
        "phase": state.phase.label,
        "to_act": cp if isinstance(cp, int) else None,
        "barrel": state.barrel,
        "hand": [names[c] for c in state.hands[seat]],
        "straw": straw,
        "aside_cards": len(state.aside),
        "bidding": bidding,
        "contract": contract,
        "trick": trick,
        "tricks": [trick_view(t, names) for t in state.tricks_log],
        "points": list(state.points),
        "tricks_won": list(state.tricks_won),
        "scoreboard": {
            "rows": rows,
            "game_points": list(state.game_points),
            "finish": list(state.finish),
            "totals": state.totals(),
        },
        "rounds_played": state.summaries,
        "finished_round": None if done is None else done.view(names),
        "result": result,
    }


def _side(obs: dict[str, Any], side: int) -> str:
    return f"Team {'AB'[side]}" if obs["teams"] else f"P{side}"


def render(obs: dict[str, Any]) -> str:
    """A seat's view as terminal text: scoreboard, bidding, contract, trick and hand."""
    lines = []
    me = obs["seat"]
    who = f"P{me}" + (f" ({_side(obs, obs['side'])})" if obs["teams"] else "")
    lines.append(f"Chai Tea Jazz — round {obs['round']} — you are {who} — phase {obs['phase']}")
    board = obs["scoreboard"]
    sides = len(board["game_points"])
    header = "  row                 val " + " ".join(f"{_side(obs, s):>9}" for s in range(sides))
    lines.append(header)
    for row in board["rows"]:
        cells = []
        for s in range(sides):
            score, order = row["scores"][s], row["order"][s]
            cells.append(f"{'-' if score is None else f'{score}({order})':>9}")
        flags = (" avoid" if row["avoid"] else "") + (" second" if row["meta"] else "")
        gp = f"  gp {row['game_points']}" if row["game_points"] else ""
        lines.append(f"  {row['name'][:18]:<18} {row['value']:>4} " + " ".join(cells) + flags + gp)
    lines.append("  game points         " + " ".join(f"{p:>9}" for p in board["game_points"]))
    lines.append(f"Barrel: P{obs['barrel']}")
    bid = obs["bidding"]
    if bid["log"]:
        lines.append("Bidding: " + "; ".join(f"P{s} {t}" for s, t in bid["log"]))
    if obs["contract"]:
        c = obs["contract"]
        extra = f", Bet Debt {c['bet_debt']}" if c["bet_debt"] else ""
        extra += f", Barrel offer +{c['barrel_offer']}" if c["barrel_offer"] else ""
        against = "the others" if not obs["teams"] else f"Team {'BA'[c['side']]}"
        lines.append(
            f"Contract: P{c['declarer']} plays {c['row_name']}: {c['description']}{extra}"
            f" (against {against})"
        )
        lines.append(
            "Points this round: " + " ".join(f"P{s}:{p}" for s, p in enumerate(obs["points"]))
        )
    done = obs["finished_round"]
    if done:
        t = done["last_trick"]
        lines.append(
            f"Round {done['round']} over. Last trick: {' '.join(t['cards'])} won by P{t['winner']};"
            " points " + " ".join(f"P{s}:{p}" for s, p in enumerate(done["points"]))
        )
    if obs["tricks"]:
        t = obs["tricks"][-1]
        lines.append(f"Last trick: {' '.join(t['cards'])} won by P{t['winner']}")
    if obs["trick"]:
        t = obs["trick"]
        cards = " ".join(f"P{s}:{c}" for s, c in t["cards"]) or "(no card yet)"
        led = f", led {t['led']}" if t["led"] else ""
        lines.append(f"Trick {t['number']}/{t['of']} ({t['direction']}{led}): {cards}")
    if obs["straw"]:
        for s, stacks in enumerate(obs["straw"]):
            shown = " ".join((st["up"] or "--") + ("+" if st["down"] else "") for st in stacks)
            lines.append(f"Straw P{s} (face-up; + = a face-down card below): {shown}")
    lines.append("Your hand: " + " ".join(obs["hand"]))
    if obs["result"]:
        lines.append(f"Game over. Places: {obs['result']['places']}")
    elif obs["to_act"] is not None:
        lines.append(f"To act: P{obs['to_act']}")
    return "\n".join(lines)


def public_log(state: ChaiTeaJazzFlow) -> list[str]:
    """Every event in words; earlier rounds' lines are cached (their events never change)."""
    old = state.old_events
    done, lines = state.old_log
    if done != len(old):
        lines = lines + tuple(_format(state, old[done:]))
        state.old_log = (len(old), lines)
    return [*lines, *_format(state, state.events)]


def _format(state: ChaiTeaJazzFlow, events: Sequence[tuple[Any, ...]]) -> list[str]:
    game = state.game
    out = []
    for event in events:
        kind = event[0]
        if kind == Event.PASS:
            out.append(f"P{event[1]} passes.")
        elif kind == Event.PICK:
            out.append(f"P{event[1]} picks {_pick_words(game, event[2])}.")
        elif kind == Event.FORCED:
            out.append(f"Everyone passed: P{event[1]} must pick.")
        elif kind == Event.OFFER:
            out.append(f"P{event[1]} offers {event[2]} to take the Barrel.")
        elif kind == Event.ACCEPT:
            out.append(f"P{event[1]} accepts the offer of {event[2]}.")
        elif kind == Event.DECLINE:
            out.append(f"P{event[1]} declines the offer.")
        elif kind == Event.CONTRACT:
            _, seat, row, play, debt, bonus = event
            name = game.rows[row].name
            out.append(
                f"P{seat} declares {name}{_choice_words(name, str(play))}, Bet Debt {debt}"
                + (f", offer +{bonus}" if bonus else "")
                + "."
            )
        elif kind == Event.TRICK:
            lead, cards, winner = event[1]
            n = game.num_players
            shown = ", ".join(f"P{(lead + i) % n} {game.names[c]}" for i, c in enumerate(cards))
            worth = sum(POINTS[c] for c in cards)
            out.append(f"Trick: {shown}; P{winner} wins {worth} point{'' if worth == 1 else 's'}.")
        elif kind == Event.ROUND:
            _, number, seat, row, score = event
            out.append(f"Round {number + 1}: P{seat} scores {score} in {game.rows[row].name}.")
        elif kind == Event.ROW:
            _, row, awarded = event
            shown = ", ".join(
                f"{game.side_name(s)} {_game_points(gp)}" for s, gp in enumerate(awarded)
            )
            out.append(f"Row {game.rows[row].name} is complete: {shown}.")
        elif kind == Event.END:
            order = [f"{game.side_name(s)} {_ORDINALS[i]}" for i, s in enumerate(event[1])]
            out.append("Game over. Final order: " + ", ".join(order) + ".")
    return out


_SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def _game_points(gp: int) -> str:
    """Game points with their sign and number: "+1 game point", "0 game points"."""
    return f"{f'{gp:+d}' if gp else '0'} game point{'' if abs(gp) == 1 else 's'}"


def _choice_words(row_name: str, choice: str) -> str:
    """A contract's play in words after its row's name: "trump C" -> ", clubs trump";
    "slalom high" -> ", slalom starting high" ("Slalom" itself: ", starting high");
    nothing when the row's name says it all ("Under (under)")."""
    w = choice.split()
    if not w:
        return ""
    if len(w) == 1 and w[0] in _SUITS:
        words = f"{_SUITS[w[0]]} trump"
    elif w[0] == "trump" and len(w) == 2:
        words = f"{_SUITS.get(w[1], w[1])} trump"
    elif w[0] in ("high", "low"):
        words = f"starting {w[0]}"
    elif w[0] == "slalom" and len(w) == 2:
        words = f"starting {w[1]}" if "slalom" in row_name.lower() else f"slalom starting {w[1]}"
    else:
        words = " ".join(w)
    if words.lower() == row_name.lower():
        return ""
    return f", {words}"


def _pick_words(game: ChaiTeaJazzTables, text: str) -> str:
    """A pick in words: "pick joker trump C debt 6" -> "Joker, clubs trump, Bet Debt 6"."""
    w = text.split()[1:]
    debt = ""
    if len(w) >= 2 and w[-2] == "debt":
        debt = f", Bet Debt {w[-1]}"
        w = w[:-2]
    if not w:
        return text
    name = next((r.name for r in game.rows if r.key == w[0]), w[0])
    return f"{name}{_choice_words(name, ' '.join(w[1:]))}{debt}"


__all__ = ["describe", "observation", "public_log", "render"]
