"""Whenever cards: who may play which, with which targets, and what happens when they resolve.

When and by whom a Whenever may be played is the card's (``when``, a Job's
disadvantage); what each of its effects offers and does is the effect's rule
module in ``rules/`` (the game's registry, ``game.effects``), asked here by the word the
deck file names it with. Cancels answer the play a reaction window is for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.game import Action
from cardtable.games.chez_geek.codes import WHEN_OWN_FREE_TIME, WHEN_OWN_TURN
from cardtable.games.chez_geek.core import NO_TARGET, Target
from cardtable.games.chez_geek.rules import cancel
from cardtable.games.chez_geek.steps import D_FREE, D_WINDOW, Announced, StepKind
from cardtable.games.chez_geek.zones import distinct_sorted

if TYPE_CHECKING:
    from cardtable.games.chez_geek.cards import CardDef
    from cardtable.games.chez_geek.core import ChezGeekCore


def targets(st: ChezGeekCore, seat: int, card: CardDef) -> list[Target]:
    """(notation, seat, room uid, destination) for each legal target of a Whenever.

    The card's first effect that asks for targets names them; a card whose
    effects ask none has the one empty target.
    """
    for ask, e in st.game.target_checks[card.index]:
        found = ask(st, seat, e)
        if found is not None:
            return found
    return [NO_TARGET]


def whenever_plays(
    st: ChezGeekCore, seat: int, context: StepKind, play: Announced | None
) -> list[Action]:
    """Whenevers ``seat`` may play now: in a window (answers), or on its own turn."""
    out: list[Action] = []
    game = st.game
    is_whenever = game.is_whenever
    # the held Whenever types, each once, in type order: most hands hold none, so they
    # are picked out before anything is sorted
    slot_type = st.slot_type
    held: list[int] = []
    for slot in st.hands[seat]:
        t = slot_type[slot]
        if is_whenever[t]:
            held.append(t)
    if not held:
        return out
    if len(held) > 1:
        held = distinct_sorted(held)
    defs = st.defs
    cancels = game.cancels
    offer_checks = game.offer_checks
    when_code = game.when_code
    banned = game.banned[st.job_of[seat]]
    own_turn = seat == st.turn and context is not D_WINDOW
    for t in held:
        if banned[t]:
            continue
        e = cancels[t]
        if e is not None:
            if play is not None and cancel.answers(st, e, play):
                out.append(game.bare_plays[t])
            continue
        when = when_code[t]
        if when == WHEN_OWN_TURN and not own_turn:
            continue
        if when == WHEN_OWN_FREE_TIME and not (own_turn and context is D_FREE):
            continue
        if any(not offered(st, seat, e) for offered, e in offer_checks[t]):
            continue
        interned = game.interned_plays
        for text, tseat, uid, dest in targets(st, seat, defs[t]):
            # looked up here first: a call into the game's method costs more
            found = interned.get((t, text, tseat, uid, dest))
            out.append(found or game.play_action(t, text, tseat, uid, dest))
    return out


def apply_effects(st: ChezGeekCore, play: Announced, t: int, card: CardDef) -> None:
    """A Whenever resolves: each effect in turn; then it goes to the discards or the table."""
    # said first, then what it did (a card leaving a room, moving to another)
    st.log("resolves", play.seat, t, play.target)
    continuing = False
    effects = st.game.effects
    for e in card.effects:
        if effects[e.kind].resolve(st, play, t, e):
            continuing = True
    if not continuing:
        st.discard.append(t)
