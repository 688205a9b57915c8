"""A Contest observation as terminal text."""

from __future__ import annotations

from typing import Any

from cardtable.games.contest.pieces import LETTERS, NAMES, SEAT_NAMES

NAME_OF = dict(zip(LETTERS, NAMES, strict=True))


def _name(letter: str | None) -> str:
    return NAME_OF[letter] if letter else "?"


def render(obs: dict[str, Any], consequence_prompt: str) -> str:
    """``consequence_prompt``: what each consequence does, from the game's registry."""
    seat = obs["seat"]
    opp = 1 - seat
    me, them = obs["you"], obs["opponent"]
    lines = [f"— Round {obs['round']} · you are {SEAT_NAMES[seat]} —"]
    lines.append(
        f"Your Main Pile: {me['main_pile']} cards"
        + (
            f" (bottom, known: {' '.join(me['main_pile_known_bottom'])})"
            if me["main_pile_known_bottom"]
            else ""
        )
        + f" · Defeated: {' '.join(me['defeated']) or 'none'}"
    )
    opp_def = " ".join(d["card"] or f"({d['declared']}?)" for d in them["defeated"])
    lines.append(f"Opponent's Main Pile: {them['main_pile']} cards · Defeated: {opp_def or 'none'}")
    if them["known_cards"]:
        seen = ", ".join(f"{n}×{_name(k)}" for k, n in them["known_cards"].items())
        lines.append(f"Opponent cards you have seen: {seen}")
    last = obs["last_round"]
    if last:
        said = f"{_name(last['declared'][seat])} vs their {_name(last['declared'][opp])}"
        if last["revealed"]:
            said += (
                f"; revealed: yours {_name(last['revealed'][seat])}, "
                f"theirs {_name(last['revealed'][opp])}"
            )
        outcome = (
            "tie"
            if last["winner"] is None
            else ("you won" if last["winner"] == seat else "you lost")
        )
        lines.append(f"Last round: you declared {said} — {outcome}.")
    if obs["result"]:
        winner = obs["result"]["winner"]
        verdict = "draw" if winner is None else ("you win" if winner == seat else "you lose")
        lines.append(f"Game over — {verdict}: {obs['result']['reason']}.")
        return "\n".join(lines)
    if len(me["table"]) > 1:
        lines.append(
            f"Tie-break: cards on the table from tied rounds: {' '.join(me['table'][:-1])}"
        )
    if me["card"]:
        shown = " (shown face up to your opponent)" if me["card_shown"] else ""
        lines.append(f"Your card: {_name(me['card'])}{shown}")
    if them["card"]:
        lines.append(f"Opponent's card, shown face up: {_name(them['card'])}")
    first = "you" if obs["first_declarer"] == seat else "your opponent"
    lines.append(f"First to declare: {first}.")
    # the last round's declarations stay in ``declared`` until this round's first one
    decl = obs["declared"] if obs["declared_round"] == obs["round"] else [None, None]
    if decl[opp]:
        lines.append(f"Opponent declares: {_name(decl[opp])}")
    if decl[seat]:
        lines.append(f"You declared: {_name(decl[seat])}")
    if me["banned"]:
        lines.append("You may not call a reveal this round (two wrong calls in a row).")
    phase = obs["phase"]
    if obs["to_act"] == seat:
        prompt = {
            "declare-first": "Declare your card (Q R N B P; bluffing allowed, never K).",
            "declare-second": "Declare your card (Q R N B P; bluffing allowed, never K).",
            "call-second": "Call for a reveal? (call / pass)",
            "call-first": "Call for a reveal? (call / pass)",
            "consequence": consequence_prompt,
        }[phase]
        lines.append(prompt)
    return "\n".join(lines)
