"""Input from the network, checked before it is parsed further, stored or logged.

JSON is bounded by size and nesting depth *before* ``json.loads`` (deep
nesting would otherwise end in a ``RecursionError``), numbers must be finite
(``NaN`` and ``Infinity`` are not JSON, although Python's parser accepts
them), and every string must be text a database and a log can hold: no lone
surrogates (``"\\ud800"`` cannot be encoded as UTF-8) and no control
characters. Refusals are ``InputError``s that say what was wrong and never
echo the input.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from cardtable.engine.errors import CardtableError

# C0 and C1 control characters (category Cc); text may keep newlines and tabs
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
CONTROL_IN_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


class InputError(CardtableError):
    """Network input refused before use; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def json_depth(raw: str | bytes) -> int:
    """The deepest nesting of arrays and objects, read without parsing (strings skipped)."""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise InputError("malformed", f"{name} is not a JSON number")


def load_json(raw: str | bytes, max_bytes: int, max_depth: int) -> Any:
    """Parse one bounded JSON document whose strings and numbers are all checked."""
    size = len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw)
    if size > max_bytes:
        raise InputError("too_large", f"message of {size} bytes; the limit is {max_bytes}")
    # a document with no more brackets than the limit cannot nest deeper (most messages)
    opening = (
        raw.count("[") + raw.count("{")
        if isinstance(raw, str)
        else raw.count(b"[") + raw.count(b"{")
    )
    if opening > max_depth and json_depth(raw) > max_depth:
        raise InputError("too_deep", f"JSON nested deeper than {max_depth} levels")
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except InputError:
        raise
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise InputError("malformed", f"not JSON: {type(exc).__name__}") from exc
    check_value(data)
    return data


def check_value(value: Any, where: str = "message") -> None:
    """Every string (keys included) valid text, every number finite."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        item, at = stack.pop()
        if isinstance(item, str):
            check_text(item, at)
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise InputError("malformed", f"{at}: numbers must be finite")
        elif isinstance(item, dict):
            for k, v in item.items():
                check_text(k, f"{at}: a key")
                stack.append((v, f"{at}.{k}" if len(at) < 80 else at))
        elif isinstance(item, list):
            stack.extend((v, at) for v in item)


def check_text(text: str, where: str, multiline: bool = False) -> str:
    """``text`` if it is valid Unicode without control characters, else ``InputError``.

    ``multiline`` allows newlines and tabs (a deck file's content).
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError("bad_text", f"{where}: not valid Unicode text") from None
    if (CONTROL_IN_TEXT if multiline else CONTROL).search(text):
        raise InputError("bad_text", f"{where}: control characters are not allowed")
    return text
