"""Observation schemas: each game's views declared as ``TypedDict`` types and checked.

Why here and not with a validation library: an observation is plain JSON built
on the hot path, so the type a game declares must cost nothing when it is not
checked (a ``TypedDict`` is a plain ``dict`` at run time) and must be read by
the type checker where the view is built. The conformance suite then checks
every view a seeded game produces against the declared type with
``check_schema``, so a field that is renamed, added or given another shape in
one place and not the other fails a test naming the path.

Supported annotations: ``TypedDict`` classes (``Required``/``NotRequired``
keys; no key outside the declaration), ``list[T]``, ``dict[str, T]``,
``tuple[T, ...]`` (JSON has lists only, so a tuple is a list here),
``Literal[...]``, unions (``X | None``), ``int`` (never ``bool``), ``float``
(an ``int`` is a float), ``str``, ``bool``, ``None`` and ``Any``, and
``Annotated[str, Words(module, name)]`` for a closed set of words that a rule
registry owns.

Why ``Words`` beside ``Literal``: a ``Literal`` is written out, so a set of words
that grows with the rules (Chez's combo labels, Chai Tea Jazz's contract names)
would have to be written again in the schema for every new rule. ``Words`` reads
the words from the game's own registry when a view is checked, so a new rule is
its module and one registry line; the type checker sees a ``str``.
"""

from __future__ import annotations

import importlib
import types
import typing
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    Required,
    Union,
    get_args,
    get_origin,
)

from cardtable.engine.errors import CardtableError


class SchemaError(CardtableError):
    """A view does not have the shape its game declares; names the path and the value."""


@dataclass(frozen=True)
class Words:
    """The words a ``str`` field may take, read from ``module.name`` when it is checked.

    ``name`` is a function of no arguments returning the words (or the words). It is
    named by module path, not imported, so that a schema module, read by the rules it
    describes, imports none of them.
    """

    module: str
    name: str

    def words(self) -> tuple[str, ...]:
        found = getattr(importlib.import_module(self.module), self.name)
        words: Iterable[str] = found() if callable(found) else found
        return tuple(words)


def _is_typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__total__")


@cache
def _fields(td: type) -> tuple[dict[str, Any], frozenset[str]]:
    """A TypedDict's key types and its required keys (``NotRequired`` resolved)."""
    hints = typing.get_type_hints(td, include_extras=True)
    required = set(getattr(td, "__required_keys__", ()))
    out: dict[str, Any] = {}
    for key, tp in hints.items():
        origin = get_origin(tp)
        if origin is NotRequired:
            required.discard(key)
            tp = get_args(tp)[0]
        elif origin is Required:
            required.add(key)
            tp = get_args(tp)[0]
        out[key] = tp
    return out, frozenset(required)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_schema(value: Any, schema: Any, path: str = "$") -> None:
    """Raise ``SchemaError`` unless ``value`` has the shape ``schema`` declares."""
    if schema is Any or schema is object:
        return
    if schema is None or schema is type(None):
        if value is not None:
            raise SchemaError(f"{path}: expected null, got {_short(value)}")
        return
    if _is_typeddict(schema):
        if not isinstance(value, dict):
            name = schema.__name__
            raise SchemaError(f"{path}: expected an object ({name}), got {_short(value)}")
        fields, required = _fields(schema)
        extra = sorted(set(value) - set(fields))
        if extra:
            raise SchemaError(f"{path}: keys {extra} are not declared in {schema.__name__}")
        missing = sorted(required - set(value))
        if missing:
            raise SchemaError(f"{path}: {schema.__name__} lacks required keys {missing}")
        for key, item in value.items():
            check_schema(item, fields[key], f"{path}.{key}")
        return
    origin = get_origin(schema)
    if origin is Annotated:
        base, *extras = get_args(schema)
        check_schema(value, base, path)
        for extra in extras:
            if isinstance(extra, Words) and value not in extra.words():
                raise SchemaError(f"{path}: {_short(value)} is not one of {list(extra.words())}")
        return
    if origin is Literal:
        allowed = get_args(schema)
        if not any(value == a and type(value) is type(a) for a in allowed):
            raise SchemaError(f"{path}: {_short(value)} is not one of {list(allowed)}")
        return
    if origin is Union or origin is types.UnionType:
        errors = []
        for option in get_args(schema):
            try:
                check_schema(value, option, path)
                return
            except SchemaError as exc:
                errors.append(str(exc))
        raise SchemaError(f"{path}: {_short(value)} matches no option: " + "; ".join(errors))
    if origin in (list, tuple) or schema in (list, tuple):
        if not isinstance(value, list | tuple):
            raise SchemaError(f"{path}: expected a list, got {_short(value)}")
        args = get_args(schema)
        if origin is tuple and args and args[-1] is not Ellipsis:
            if len(args) != len(value):
                raise SchemaError(f"{path}: expected {len(args)} items, got {len(value)}")
            for i, (item, tp) in enumerate(zip(value, args, strict=True)):
                check_schema(item, tp, f"{path}[{i}]")
            return
        item_type = args[0] if args else Any
        for i, item in enumerate(value):
            check_schema(item, item_type, f"{path}[{i}]")
        return
    if origin is dict or schema is dict:
        if not isinstance(value, dict):
            raise SchemaError(f"{path}: expected an object, got {_short(value)}")
        key_type, item_type = get_args(schema) or (Any, Any)
        for key, item in value.items():
            check_schema(key, key_type, f"{path} key")
            check_schema(item, item_type, f"{path}[{key!r}]")
        return
    if schema is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise SchemaError(f"{path}: expected a number, got {_short(value)}")
        return
    if schema is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise SchemaError(f"{path}: expected an integer, got {_short(value)}")
        return
    if schema in (str, bool):
        if not isinstance(value, schema):
            raise SchemaError(f"{path}: expected {schema.__name__}, got {_short(value)}")
        return
    raise SchemaError(f"{path}: the schema uses {schema!r}, which check_schema does not read")


__all__ = ["SchemaError", "Words", "check_schema"]
