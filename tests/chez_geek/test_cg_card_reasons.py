"""A greyed card says why it cannot be played, in the card's own terms.

A newcomer saw every dimmed card of a hand explained by the step's words alone
("must shop, do an Activity you can afford, play a Whenever, or done"), and could
not tell a Smoke Break that needs a Smoke card in the room from one that costs
too much. These check the seat's own reasons along seeded games.
"""

from __future__ import annotations

from tests.digests import decisions

from cardtable.engine.registry import load_game


def _decisions(games: int):
    """Every decision of seeded random 4-player games, with its seat and legal actions."""
    for state in decisions(load_game("chez-geek"), games, 0):
        yield state, state.current_player(), [str(a) for a in state.legal_actions()]


def test_every_activity_and_thing_out_of_reach_in_free_time_says_why() -> None:
    checked = 0
    for state, seat, legal in _decisions(12):
        obs = state.observation(seat)
        if obs["prompt"]["step"] != "free-time":
            continue
        kinds = {d.slug: d for d in state.defs}
        reasons = state.unplayable_reasons(seat)
        for slug in obs["hand"]:
            card = kinds[slug]
            if card.kind.name == "ACTIVITY" and f"do {slug}" not in legal:
                assert not reasons[slug].startswith("not now"), (slug, reasons[slug])
                assert card.name in reasons[slug] or "Free Time" in reasons[slug]
                checked += 1
            if card.kind.name == "THING":
                assert "Shopping trip" in reasons[slug] or " costs " in reasons[slug], reasons[slug]
    assert checked >= 30, checked


def test_an_activity_that_needs_a_card_in_the_room_names_it() -> None:
    for state, seat, legal in _decisions(40):
        obs = state.observation(seat)
        if obs["prompt"]["step"] != "free-time" or "smoke-break" not in obs["hand"]:
            continue
        room = [entry["card"] for entry in obs["players"][seat]["room"]]
        smokes = [c for c in room if "Smoke" in next(d for d in state.defs if d.slug == c).tags]
        if smokes or obs["free_time"] <= 0 or "do smoke-break" in legal:
            continue
        reason = state.unplayable_reasons(seat)["smoke-break"]
        assert reason == "Smoke Break needs a Smoke card in your room"
        return
    raise AssertionError("no free-time decision with a Smoke Break and no Smoke in the room")


def test_a_card_out_of_reach_says_nothing_of_the_others_hands() -> None:
    """Reasons are the deciding seat's alone: asked for another seat, there are none."""
    for state, seat, _legal in _decisions(2):
        for other in range(state.game.num_players):
            if other != seat:
                assert state.unplayable_reasons(other) == {}


def test_a_whenever_out_of_reach_says_why_not_that_you_may_play_a_whenever() -> None:
    # "Cockblock cannot be played. You must call a Person in hand, play a Whenever, or be
    # done calling People" contradicted itself on four cards of a newcomer's hand
    checked = 0
    for state, seat, legal in _decisions(12):
        kinds = {d.slug: d for d in state.defs}
        reasons = state.unplayable_reasons(seat)
        for slug in state.observation(seat)["hand"]:
            if kinds[slug].kind.name != "WHENEVER" or any(slug in a for a in legal):
                continue
            assert "play a Whenever" not in reasons[slug], reasons[slug]
            assert reasons[slug].startswith((kinds[slug].name, "your Job")), reasons[slug]
            checked += 1
    assert checked >= 30, checked


def test_a_thing_beyond_the_income_says_its_price() -> None:
    for state, seat, _legal in _decisions(20):
        obs = state.observation(seat)
        if obs["prompt"]["step"] != "free-time" or obs["free_time"] <= 0:
            continue
        for slug in obs["hand"]:
            card = next(d for d in state.defs if d.slug == slug)
            if card.kind.name == "THING" and card.cost > obs["income"]:
                reason = state.unplayable_reasons(seat)[slug]
                assert reason == (
                    f"{card.name} costs {card.cost} and you have {obs['income']} Income this turn"
                )
                return
    raise AssertionError("no Free Time with a Thing beyond the Income")


def test_a_whenever_that_takes_a_card_from_a_room_says_so_in_the_public_log() -> None:
    # "Cleo's Spring Cleaning takes effect." and a newcomer's Nookie on the Couch was gone,
    # six Slack with it, with no line to say so
    for state, _seat, _legal in _decisions(60):
        log = state.public_log()
        for i, line in enumerate(log[:-1]):
            if line.endswith("'s Spring Cleaning takes effect.") or line.endswith(
                "'s Borrowed for Good takes effect."
            ):
                follows = log[i + 1]
                assert " leaves " in follows or " moves from " in follows, log[i : i + 2]
                return
    raise AssertionError("no Spring Cleaning or Borrowed for Good in 60 seeded games")


def test_in_a_window_a_cancel_that_does_not_fit_the_play_says_so() -> None:
    for state, seat, legal in _decisions(20):
        if state.observation(seat)["prompt"]["step"] != "whenever-window":
            continue
        for slug, why in state.unplayable_reasons(seat).items():
            card = next(d for d in state.defs if d.slug == slug)
            if card.cancel is not None and not any(slug in a for a in legal):
                assert why == f"{card.name} cannot cancel this play", why
                return
    raise AssertionError("no window with a cancel that does not fit the play")
