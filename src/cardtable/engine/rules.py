"""``Registry``: the one way a game lists its rules of a kind.

Why one mechanism: a rule (a Chez combo, a Chez Geek effect word, a Chai Tea
Jazz contract, a Contest consequence) is one module holding one frozen rule
value; the game's flow, its labels, its statistics names, its RL action table
and its schema checks all read the same ordered registry, so adding a rule is
its module plus one line in the registry, and nothing else names it.

A registry is immutable; ``with_rule`` returns a new one (how a test adds a
toy rule without touching the game's own list).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Generic, Protocol, TypeVar

from cardtable.engine.errors import CardtableError


class NamedRule(Protocol):
    """What the registry needs of a rule value: the name it is known by."""

    @property
    def name(self) -> str: ...


R = TypeVar("R", bound=NamedRule)


class UnknownRuleError(CardtableError):
    """A rule name no registry entry has; the message lists the known names."""


class Registry(Generic[R]):
    """Rules of one kind, by name, in the order the game asks them."""

    __slots__ = ("kind", "all", "_by_name")

    def __init__(self, kind: str, rules: Iterable[R]) -> None:
        self.kind = kind
        # a tuple: the flow's hot loops iterate it directly
        self.all: tuple[R, ...] = tuple(rules)
        self._by_name: dict[str, R] = {}
        for rule in self.all:
            if rule.name in self._by_name:
                raise ValueError(f"two {kind} rules are named {rule.name!r}")
            self._by_name[rule.name] = rule

    def __getitem__(self, name: str) -> R:
        try:
            return self._by_name[name]
        except KeyError:
            known = ", ".join(self._by_name) or "none"
            message = f"no {self.kind} rule is named {name!r}; known: {known}"
            raise UnknownRuleError(message) from None

    def get(self, name: str) -> R | None:
        return self._by_name.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[R]:
        return iter(self.all)

    def __len__(self) -> int:
        return len(self.all)

    def names(self) -> tuple[str, ...]:
        return tuple(self._by_name)

    def with_rule(self, rule: R) -> Registry[R]:
        """A new registry with ``rule`` added last (the game's own is unchanged)."""
        return Registry(self.kind, (*self.all, rule))

    def __repr__(self) -> str:
        return f"Registry({self.kind!r}, {list(self._by_name)})"
