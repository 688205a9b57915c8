"""The rule registry: order kept, names unique, unknown names refused by name."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from cardtable.engine.errors import CardtableError
from cardtable.engine.rules import Registry


@dataclass(frozen=True)
class Toy:
    name: str
    points: int


def test_order_lookup_and_a_new_rule() -> None:
    rules = Registry("toy", [Toy("b", 1), Toy("a", 2)])
    assert rules.names() == ("b", "a")
    assert rules["a"].points == 2 and "b" in rules and len(rules) == 2
    more = rules.with_rule(Toy("c", 3))
    assert more.names() == ("b", "a", "c") and rules.names() == ("b", "a")


def test_unknown_and_duplicate_names() -> None:
    rules = Registry("toy", [Toy("b", 1)])
    with pytest.raises(CardtableError, match="no toy rule is named 'z'; known: b"):
        rules["z"]
    with pytest.raises(ValueError, match="two toy rules are named 'b'"):
        Registry("toy", [Toy("b", 1), Toy("b", 2)])
