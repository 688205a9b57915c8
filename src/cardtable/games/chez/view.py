"""What a seat sees: its observation (JSON-able), the public log, and terminal text.

Only public facts and the seat's own hand go in. Reaction windows are shown
as "waiting for P3" -- every seat that could nope is asked in turn, so who is
asked reveals nothing about who holds an Ace.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, cast

from mypy_extensions import mypyc_attr

from cardtable.engine.game import Marker, check_seat
from cardtable.games.chez.cards import NAME, RANK_NAMES, VALUE_WORDS
from cardtable.games.chez.core import ChezCore
from cardtable.games.chez.playability import describe_key
from cardtable.games.chez.ruleset import ChezRuleset
from cardtable.games.chez.schema import (
    CastleView,
    ChezObservation,
    LastRoll,
    PlayName,
    Prompt,
    Status,
)
from cardtable.games.chez.steps import (
    PLAY_NAMES,
    DrawStep,
    GiveStep,
    NameStep,
    Pending,
    RollStep,
    TakeStep,
    TargetStep,
    WindowStep,
)


def _names(kinds: Any) -> list[str]:
    return [NAME[k] for k in kinds]


@mypyc_attr(allow_interpreted_subclasses=True)  # see ChezCore
class ChezView(ChezCore):
    def _prompt(self) -> Prompt:
        """The pending decision, in public terms."""
        if self.over:
            return {"step": "over"}
        if not self.stack:
            if self.facing:
                return {"step": "joker", "seat": self.turn, "stack": self.facing}
            return {"step": "turn", "seat": self.turn}
        step = self.stack[-1]
        if isinstance(step, WindowStep):
            play = step.play
            return {
                "step": "window",
                "seat": self.cp if isinstance(self.cp, int) else None,
                "on": _names(play.kinds),
                "play": self._play_name(play),
                "by": play.seat,
                "target": play.target if play.target >= 0 else None,
                "nopes": play.nopes,
                "aces_of_spades_only": step.as_only,
            }
        if isinstance(step, TargetStep):
            play = step.play
            return {"step": "target", "seat": play.seat, "play": self._play_name(play)}
        if isinstance(step, GiveStep):
            play = step.play
            return {"step": "give", "seat": play.seat, "to": play.target, "left": step.left}
        if isinstance(step, NameStep):
            return {"step": "name", "seat": self.turn}
        if isinstance(step, RollStep):
            return {"step": "roll", "seat": step.seat, "dice": list(step.dice)}
        if isinstance(step, DrawStep):
            return {"step": "draw", "seat": step.seat}
        if isinstance(step, TakeStep):
            return {"step": "take", "seat": step.play.seat, "from": step.play.target}
        return {"step": "chance"}

    def _play_name(self, play: Pending) -> PlayName:
        """What the views call a pending play: its combo's label, or its kind's."""
        rule = cast(ChezRuleset, self.game).combo(play.combo)
        return PLAY_NAMES[play.ptype] if rule is None else rule.label

    # a TypedDict is a plain dict at run time, but mypy relates it to no ``dict[str, Any]``
    def observation(self, seat: int) -> ChezObservation:  # type: ignore[override]
        check_seat(self, seat)
        kind = self.kind
        top = self.discard[-1] if self.discard else None
        status: list[Status] = []
        for q in range(self.n):
            if self.active[q]:
                status.append("playing")
            else:
                status.append("finished" if self.board.places[q] < self.board.top else "out")
        roll = self.last_roll
        castles: list[CastleView | None] = [
            None if c is None else {"walls": c.walls, "cards": [NAME[kind[i]] for i in c.ids]}
            for c in self.castle
        ]
        last_roll: LastRoll | None = (
            None
            if roll is None
            else {
                "seat": roll[0],
                "for": roll[1].label,
                "dice": list(roll[2]),
                "results": list(roll[3]),
            }
        )
        return {
            "game": "chez",
            "seat": seat,
            "players": self.n,
            "hand": [NAME[k] for k in sorted(kind[c] for c in self.hands[seat])],
            "hand_sizes": [len(h) for h in self.hands],
            "top": NAME[kind[top]] if top is not None else None,
            "top_counts_as": (
                [RANK_NAMES[self.override[0]], "red" if self.override[1] else "black"]
                if self.override
                else None
            ),
            "discard": list(map(NAME.__getitem__, map(kind.__getitem__, self.discard))),
            "secondary": list(map(NAME.__getitem__, map(kind.__getitem__, self.secondary))),
            "draw_pile": self.pile_size,
            "turn": self.turn,
            "direction": self.direction,
            "to_act": self.cp if isinstance(self.cp, int) else None,
            "actions_left": self.actions_left,
            "bonus_used": self.bonus_used,
            "joker_stack": self.facing,
            "plague": self.plague[:],
            "castles": castles,
            "status": status,
            "places": self.board.places[:],
            "finished_how": self._finished_how() if self.over else None,
            "last_roll": last_roll,
            "prompt": self._prompt(),
        }

    def information_digest(self, seat: int) -> Hashable:
        """``observation(seat)`` as one tuple of the same values, for a search's tree keys.

        Why: a search keys a node on the seat's information, and building the view (a
        name for every card of the discard pile) and then a hashable image of it was a
        tenth of a Chez search. The digest holds the same values in the same order,
        with a card's kind for its name, a rank for its rank's name and a step's word
        or an enum member for a label (each name stands for one of them), so two
        states have equal digests exactly when the seat's observations are equal;
        ``tests/engine/test_engine_digests.py`` checks both ways over re-deals.
        """
        check_seat(self, seat)
        kind = self.kind
        top = self.discard[-1] if self.discard else None
        board = self.board
        status = []
        for q in range(self.n):
            status.append(0 if self.active[q] else 1 if board.places[q] < board.top else 2)
        hand = [kind[c] for c in self.hands[seat]]
        hand.sort()
        roll = self.last_roll
        override = self.override
        cp = self.cp
        return (
            seat,
            tuple(hand),
            tuple([len(h) for h in self.hands]),
            kind[top] if top is not None else None,
            (override[0], bool(override[1])) if override else None,
            tuple([kind[c] for c in self.discard]),
            tuple([kind[c] for c in self.secondary]),
            self.pile_size,
            self.turn,
            self.direction,
            cp if isinstance(cp, int) else None,
            self.actions_left,
            self.bonus_used,
            self.facing,
            tuple(self.plague),
            tuple(
                [
                    None if c is None else (c.walls, tuple([kind[i] for i in c.ids]))
                    for c in self.castle
                ]
            ),
            tuple(status),
            tuple(board.places),
            tuple(self._finished_how()) if self.over else None,
            None if roll is None else (roll[0], roll[1], tuple(roll[2]), tuple(roll[3])),
            self._prompt_digest(),
        )

    def _prompt_digest(self) -> tuple[object, ...]:
        """``_prompt`` as a tuple of the same values (kinds for card names)."""
        if self.over:
            return ("over",)
        if not self.stack:
            if self.facing:
                return ("joker", self.turn, self.facing)
            return ("turn", self.turn)
        step = self.stack[-1]
        if isinstance(step, WindowStep):
            play = step.play
            return (
                "window",
                self.cp if isinstance(self.cp, int) else None,
                tuple(play.kinds),
                self._play_name(play),
                play.seat,
                play.target if play.target >= 0 else None,
                play.nopes,
                step.as_only,
            )
        if isinstance(step, TargetStep):
            play = step.play
            return ("target", play.seat, self._play_name(play))
        if isinstance(step, GiveStep):
            play = step.play
            return ("give", play.seat, play.target, step.left)
        if isinstance(step, NameStep):
            return ("name", self.turn)
        if isinstance(step, RollStep):
            return ("roll", step.seat, tuple(step.dice))
        if isinstance(step, DrawStep):
            return ("draw", step.seat)
        if isinstance(step, TakeStep):
            return ("take", step.play.seat, step.play.target)
        return ("chance",)

    def _finished_how(self) -> list[str | None]:
        """How each seat left the game, as its public finish event says (at the end)."""
        how: list[str | None] = [None] * self.n
        node = self.events
        while node is not None:
            ev = node[0]
            if (ev[0] == "finish" or ev[0] == "out") and how[ev[1]] is None:
                how[ev[1]] = str(ev[2])
            node = node[1]
        return how

    def public_log(self) -> list[str]:
        lines: list[str] = []
        node = self.events
        events: list[tuple[Any, ...]] = []
        while node is not None:
            events.append(node[0])
            node = node[1]
        events.reverse()  # oldest first (``reversed()`` of this list trips mypyc)
        for ev in events:
            lines.append(describe_event(ev))
        return lines


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _rolled(dice: list[int], results: list[int]) -> str:
    """Dice and what they show in words: "a 3 on a d6", "2 and 5 on a d6 and a d8"."""
    if len(results) == 1:
        article = "an" if results[0] in (8, 11, 18) or 80 <= results[0] <= 89 else "a"
        return f"{article} {results[0]} on a d{dice[0]}"
    return f"{_and([str(r) for r in results])} on {_and([f'a d{d}' for d in dice])}"


def describe_event(ev: tuple[Any, ...]) -> str:
    what = ev[0]
    if what == "top":
        return f"The first top card is {NAME[ev[1]]}."
    if what == "play":
        return f"P{ev[1]} plays {' '.join(_names(ev[2]))}."
    if what == "pick":
        return f"P{ev[1]} picks up" + (" although they could play." if ev[2] else ".")
    if what == "accept":
        return f"P{ev[1]} accepts the Joker stack of {ev[2]}."
    if what == "roll":
        return f"P{ev[1]} rolls {_rolled(list(ev[3]), list(ev[4]))} for the {ev[2].label}."
    if what == "six":
        cards = f"{ev[2]} card{'' if ev[2] == 1 else 's'}"
        if ev[1] == ev[3]:
            return f"P{ev[1]} picks up {cards}: their 6 rolled odd."
        even = "rolled even, so the next player takes half"
        return f"P{ev[1]} picks up {cards}: P{ev[3]}'s 6 {even}."
    if what == "jack":
        return f"P{ev[1]} gains {ev[2]} extra action{'' if ev[2] == 1 else 's'} (the Jack's roll)."
    if what == "nope":
        return f"P{ev[1]} nopes with {NAME[ev[2]]} (the {_ordinal(ev[3])} nope in the chain)."
    if what == "noped":
        return f"P{ev[1]}'s {' '.join(_names(ev[2]))} is noped."
    if what == "name":
        colour = "red" if ev[3] else "black"
        return f"P{ev[1]} transforms the top into a {colour} {VALUE_WORDS[ev[2]]}."
    if what == "castle":
        return f"P{ev[1]} builds a Castle from {' '.join(_names(ev[2]))}."
    if what == "siege":
        return f"P{ev[1]} lays siege to P{ev[2]}'s Castle with {NAME[ev[3]]}."
    if what == "bet":
        return f"P{ev[1]} plays The Betting Man on {ev[2]}."
    if what == "absorb":
        return f"P{ev[1]}'s Castle absorbs the blow."
    if what == "castle_falls":
        return f"P{ev[1]}'s Castle falls."
    if what == "plague":
        return f"P{ev[1]} catches the Plague: {ev[2]} turns left."
    if what == "shows":
        return f"P{ev[1]} shows their hand: {' '.join(_names(ev[2]))}."
    if what == "revolution_fails":
        return f"P{ev[1]}'s Revolution fails."
    if what == "king":
        taken = "a card" if ev[3] == 1 else f"{ev[3]} cards"
        return f"P{ev[1]}'s King takes {taken} from P{ev[2]}, who gets as many back."
    if what == "recycle":
        cards = "their card" if ev[2] == 1 else f"their {ev[2]} cards"
        return f"P{ev[1]}'s 10 puts {cards} under the draw pile; they draw as many."
    if what == "no_finish":
        return f"P{ev[1]} may not finish on a special card and picks up a card."
    if what == "swap":
        return f"P{ev[1]} and P{ev[2]} exchange hands."
    if what == "reshuffle":
        return f"The discard piles are shuffled into a new draw pile of {ev[1]} cards."
    if what == "finish":
        return f"P{ev[1]} {ev[2]}: {_ordinal(ev[3])} place."
    if what == "out":
        return f"P{ev[1]} {ev[2]} and is out: {_ordinal(ev[3])} place."
    return " ".join(str(x) for x in ev)


def render(obs: dict[str, Any]) -> str:
    """A seat's observation as terminal text."""
    seat = obs["seat"]
    lines = [
        f"Chez — you are P{seat}; P{obs['turn']}'s turn"
        f" ({'clockwise' if obs['direction'] == 1 else 'anticlockwise'})"
    ]
    counts = obs["top_counts_as"]
    top = obs["top"] or "-"
    if counts:
        top += f" (counts as a {counts[1]} {counts[0]})"
    lines.append(
        f"Top card: {top}   draw pile: {obs['draw_pile']}   "
        f"discard: {len(obs['discard'])}   secondary: {' '.join(obs['secondary']) or '-'}"
    )
    for q in range(obs["players"]):
        bits = [f"P{q}{' (you)' if q == seat else ''}: {obs['hand_sizes'][q]} cards"]
        if obs["status"][q] != "playing":
            bits.append(f"{obs['status'][q]}, place {obs['places'][q]}")
        if obs["plague"][q]:
            bits.append(f"Plague: {obs['plague'][q]} turns left")
        castle = obs["castles"][q]
        if castle:
            bits.append(f"Castle {' '.join(castle['cards'])} ({castle['walls']} walls)")
        lines.append("  " + ", ".join(bits))
    lines.append(f"Your hand: {' '.join(obs['hand']) or '(empty)'}")
    if obs["turn"] == seat:
        lines.append(
            f"Actions left: {obs['actions_left']}; bonus action "
            f"{'used' if obs['bonus_used'] else 'available'}"
        )
    roll = obs["last_roll"]
    if roll:
        lines.append(
            f"Last roll: P{roll['seat']} for the {roll['for']}: "
            + ", ".join(f"d{d}={r}" for d, r in zip(roll["dice"], roll["results"], strict=False))
        )
    prompt = obs["prompt"]
    step = prompt["step"]
    if step == "window":
        lines.append(
            f"Reaction window on P{prompt['by']}'s {' '.join(prompt['on'])} "
            f"({prompt['play']}, {prompt['nopes']} nope(s) so far); "
            f"waiting for P{prompt['seat']}"
        )
    elif step == "joker":
        lines.append(
            f"P{prompt['seat']} faces a Joker stack of {prompt['stack']}: accept, or stack a Joker"
        )
    elif step in ("target", "give", "name"):
        lines.append(f"Waiting for P{prompt['seat']} to {step}")
    elif step == "over":
        lines.append("Game over.")
    return "\n".join(lines)


__all__ = ["ChezView", "describe_key", "render", "Marker"]
