"""Fixed integer action spaces and numeric observation layouts.

An ``ActionTable`` is a game's action space for one player count and
settings: a tuple of labels (id -> label) and its inverse (label -> id),
built once. Labels are the canonical notation of the action, except where a
game's notation carries a choice the engine makes canonically (a Chez combo's
middle cards), where the label names the choice the seat really makes.

A ``Layout`` names the slices of a seat's observation tensor so docs and
code say the same thing (``docs/rl.md`` prints them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from cardtable.engine.errors import CardtableError
from cardtable.engine.game import Action, State

# what an id may be (a tuple: ``int | np.integer`` would build a union on every call)
_IDS = (int, np.integer)
# a dtype instance passed by position (see ``codec.FLOAT32``)
INT8 = np.dtype(np.int8)


class ActionSpaceError(CardtableError, ValueError):
    """An action or id outside a game's fixed action space, or not legal now."""


class ActionTable:
    """Action <-> id for one game and setting; ``key`` maps an action to its label."""

    def __init__(self, labels: Iterable[str], key: Callable[[Action], str] = str) -> None:
        self.labels: tuple[str, ...] = tuple(labels)
        self.ids: dict[str, int] = {}
        for i, label in enumerate(self.labels):
            if label in self.ids:
                raise ValueError(f"action label {label!r} appears twice in the table")
            self.ids[label] = i
        self.key = key
        # interned actions hash cheaply; this memo makes id_of a dict lookup on the hot path
        self._memo: dict[Action, int] = {}
        # the ids of the last legal list seen: an environment asks for the mask, then for the
        # action of an id, of the same list (a state keeps its list until the next move)
        self._last: tuple[list[Action], list[int]] | None = None

    def __len__(self) -> int:
        return len(self.labels)

    def id_of(self, action: Action) -> int:
        found = self._memo.get(action)
        if found is not None:
            return found
        label = self.key(action)
        i = self.ids.get(label)
        if i is None:
            raise ActionSpaceError(f"action {str(action)!r} ({label!r}) has no id in this space")
        if len(self._memo) < 100_000:
            self._memo[action] = i
        return i

    def ids_of(self, actions: Sequence[Action]) -> list[int]:
        """Ids of ``actions`` in their order: one dict lookup each once every action is memoised."""
        memo = self._memo
        try:
            return [memo[a] for a in actions]
        except KeyError:
            id_of = self.id_of
            return [id_of(a) for a in actions]

    def legal_ids(self, state: State) -> Sequence[int]:
        """Ids of the legal actions, in their order (shared: do not change the list)."""
        legal = state.legal_actions()
        last = self._last
        if last is not None and last[0] is legal:
            return last[1]
        ids = self.ids_of(legal)
        self._last = (legal, ids)
        return ids

    def mask(self, state: State) -> np.ndarray:
        # a bytearray filled in place, then viewed as int8: cheaper than fancy indexing
        buf = bytearray(len(self.labels))
        for i in self.legal_ids(state):
            buf[i] = 1
        return np.frombuffer(buf, INT8)

    def action_of(self, state: State, action_id: int) -> Action:
        """The legal action of ``state`` with this id, or a typed error naming it."""
        if not isinstance(action_id, _IDS) or not 0 <= action_id < len(self.labels):
            raise ActionSpaceError(
                f"action id {action_id!r} is outside 0..{len(self.labels) - 1} ({state.where()})"
            )
        try:  # one scan of the legal ids (``in`` and then ``index`` would be two)
            at = self.legal_ids(state).index(action_id)
        except ValueError:
            raise ActionSpaceError(
                f"action id {int(action_id)} ({self.labels[action_id]!r}) is not legal now "
                f"({state.where()})"
            ) from None
        return state.legal_actions()[at]


@dataclass(frozen=True)
class Slice:
    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        return self.start + self.size


@dataclass
class Layout:
    """Named consecutive slices of a flat float32 tensor."""

    slices: list[Slice] = field(default_factory=list)
    size: int = 0

    def add(self, name: str, size: int, meaning: str) -> int:
        """Reserve ``size`` entries; returns the offset where they start."""
        start = self.size
        self.slices.append(Slice(name, start, size, meaning))
        self.size += size
        return start

    def offset(self, name: str) -> int:
        for s in self.slices:
            if s.name == name:
                return s.start
        raise KeyError(name)

    def table(self) -> str:
        """The layout as a Markdown table (for docs/rl.md)."""
        lines = ["| slice | entries | meaning |", "|---|---|---|"]
        for s in self.slices:
            lines.append(f"| `{s.name}` | {s.start}:{s.stop} | {s.meaning} |")
        return "\n".join(lines)
