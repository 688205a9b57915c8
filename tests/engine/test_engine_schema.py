"""The observation-schema checker and the conformance checks built on it."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

import pytest

from cardtable.engine.schema import SchemaError, check_schema


class Seat(TypedDict):
    name: str
    cards: int


class View(TypedDict):
    phase: Literal["deal", "play"]
    seats: list[Seat]
    hand: list[str]
    score: float
    winner: int | None
    last: NotRequired[dict[str, int]]


GOOD = {
    "phase": "play",
    "seats": [{"name": "P0", "cards": 3}],
    "hand": ["AS"],
    "score": 2,
    "winner": None,
}


def test_a_view_of_the_declared_shape_passes_with_and_without_its_optional_key():
    check_schema(GOOD, View)
    check_schema({**GOOD, "last": {"P0": 1}}, View)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"extra": 1}, "not declared"),
        ({"phase": "bid"}, "is not one of"),
        ({"seats": [{"name": "P0", "cards": True}]}, "$.seats[0].cards: expected an integer"),
        ({"winner": "P1"}, "matches no option"),
        ({"hand": "AS"}, "expected a list"),
        ({"last": {"P0": "x"}}, "$.last['P0']"),
    ],
)
def test_each_kind_of_wrong_shape_is_refused_naming_the_path(change, message):
    with pytest.raises(SchemaError, match=None) as info:
        check_schema({**GOOD, **change}, View)
    assert message in str(info.value)


def test_a_missing_required_key_is_named():
    view = dict(GOOD)
    del view["hand"]
    with pytest.raises(SchemaError, match=r"lacks required keys \['hand'\]"):
        check_schema(view, View)


def test_the_clone_check_finds_a_list_a_copy_forgot_to_copy():
    from cardtable import load_game
    from cardtable.engine.conformance import ConformanceError, check_clone_shares_nothing_mutable

    game = load_game("contest")
    state = game.new_initial_state(seed=1)
    state.resolve_chance()
    check_clone_shares_nothing_mutable(game, 1, state)  # the game's own copy shares nothing

    class Forgetful:
        """A state with one more list, whose clone forgets to copy it (a wrapper, not a
        patched class: the game's classes may be compiled, and compiled classes are closed)."""

        def __init__(self, inner: Any, notes: list[str]) -> None:
            self.inner, self.game, self.notes = inner, inner.game, notes

        def clone(self) -> Forgetful:
            return Forgetful(self.inner.clone(), self.notes)

        def move_number(self) -> int:
            return int(self.inner.move_number())

    with pytest.raises(ConformanceError, match="shares 1 mutable objects"):
        check_clone_shares_nothing_mutable(game, 1, Forgetful(state, []))  # type: ignore[arg-type]
