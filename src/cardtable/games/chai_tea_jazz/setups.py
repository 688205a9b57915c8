"""Scoreboard rows (contract setups): the presets and custom setups as data.

A setup is a list of rows; each row has a ``name``, a ``contract`` spec (see
``offers.contract_specs``) and a ``value`` in game points, and may add
``avoid: true`` (lowest score is best), ``meta: "second"`` (the middle score
wins; three players only) and a short ``key`` used in the pick notation (by
default the name in lower case with dashes). The setting value stays plain
JSON so that records carry it verbatim.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal, cast

from cardtable.engine.errors import SettingError
from cardtable.games.chai_tea_jazz import offers
from cardtable.games.chai_tea_jazz.plays import Play

PRESETS: dict[str, list[dict[str, Any]]] = {
    "standard": [
        {"name": "Trump", "contract": "trump", "value": 1},
        {"name": "Under", "contract": "under", "value": 2},
        {"name": "Slalom", "contract": "slalom", "value": 2},
        {"name": "Joker", "contract": "joker", "value": 3},
    ],
    "short": [
        {"name": "Trump", "contract": "trump", "value": 1},
        {
            "name": "Slalom/Pyramid",
            "key": "slalom-pyramid",
            "contract": "slalom-or-pyramid",
            "value": 2,
        },
    ],
    "long": [
        {"name": "Black Trump", "contract": "trump-black", "value": 1},
        {"name": "Red Trump", "contract": "trump-red", "value": 1},
        {"name": "Under", "contract": "under", "value": 2},
        {"name": "Over", "contract": "over", "value": 2},
        {"name": "Slalom", "contract": "slalom", "value": 2},
        {"name": "Pyramid", "contract": "pyramid", "value": 2},
        {"name": "Joker 1", "contract": "joker", "value": 3},
        {"name": "Joker 2", "contract": "joker", "value": 3},
        {"name": "Joker 3", "contract": "joker", "value": 3},
    ],
}
ROW_FIELDS = {"name", "key", "contract", "value", "avoid", "meta"}
Meta = Literal["second"]
METAS: tuple[Meta, ...] = ("second",)
DEFAULT_VALUE = 2  # rulings: additional contracts are worth 2 unless the setup says otherwise


@dataclass(frozen=True)
class Row:
    """One scoreboard row: what may be played in it and what it is worth."""

    index: int
    key: str
    name: str
    contract: str
    value: int
    avoid: bool
    meta: Meta | None
    plays: tuple[Play, ...]

    @property
    def is_joker(self) -> bool:
        return self.contract == offers.JOKER_SPEC

    def play_text(self, play: Play) -> str:
        """How a play is written after the row key in a pick ('' if the row has one play)."""
        if len(self.plays) == 1 and not self.is_joker:
            return ""
        if len({p.rule for p in self.plays}) == 1:
            return play.short()
        return str(play)


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _fail(index: int, row: Any, reason: str) -> SettingError:
    name = row.get("name") if isinstance(row, dict) else None
    label = f"setup row {index + 1}" + (f" ({name!r})" if isinstance(name, str) else "")
    return SettingError(f"{label}: {reason}")


def setup_rows(value: Any, players: int) -> list[dict[str, Any]]:
    """The setting as a list of row dicts (a preset name, a list, or ``{"rows": [...]}``)."""
    if isinstance(value, str):
        if value in PRESETS:
            return PRESETS[value]
        raise SettingError(
            f"setup {value!r} is unknown; use one of {', '.join(PRESETS)} or a list of rows"
        )
    if isinstance(value, dict) and set(value) == {"rows"}:
        value = value["rows"]
    if not isinstance(value, list) or not value:
        raise SettingError(
            "setup must be 'standard', 'short', 'long' or a non-empty list of rows "
            '({"name": ..., "contract": ..., "value": ...})'
        )
    return value


def build_rows(value: Any, players: int) -> tuple[Row, ...]:
    """Validate a setup and turn it into rows; errors name the row and the reason."""
    raw = setup_rows(value, players)
    keys: set[str] = set()
    specs: list[str] = []
    checked: list[tuple[str, str, str, int, bool, Meta | None]] = []
    for i, row in enumerate(raw):
        if not isinstance(row, dict):
            raise _fail(i, row, "a row is an object with name, contract and value")
        extra = sorted(set(row) - ROW_FIELDS)
        if extra:
            raise _fail(
                i, row, f"unknown field(s) {', '.join(extra)}; fields: {sorted(ROW_FIELDS)}"
            )
        name = row.get("name")
        if not isinstance(name, str) or not name.strip():
            raise _fail(i, row, "needs a non-empty 'name'")
        key = row.get("key", slug(name))
        if not isinstance(key, str) or not re.fullmatch(r"[a-z0-9][a-z0-9-]*", key):
            raise _fail(i, row, f"key {key!r} must be lower-case letters, digits and dashes")
        if key in keys:
            raise _fail(i, row, f"key {key!r} is used by an earlier row; give a unique name or key")
        keys.add(key)
        contract = row.get("contract")
        known = offers.contract_specs()
        if contract not in known:
            raise _fail(i, row, f"contract {contract!r} is unknown; use one of {', '.join(known)}")
        value_ = row.get("value", DEFAULT_VALUE)
        if not isinstance(value_, int) or isinstance(value_, bool) or not 0 <= value_ <= 100:
            raise _fail(i, row, f"value {value_!r} must be a whole number from 0 to 100")
        avoid = row.get("avoid", False)
        if not isinstance(avoid, bool):
            raise _fail(i, row, "avoid must be true or false")
        meta = row.get("meta")
        if meta is not None and meta not in METAS:
            raise _fail(i, row, f"meta {meta!r} is unknown; use one of {', '.join(METAS)}")
        if meta == "second" and players != 3:
            raise _fail(i, row, "'Get second place' only works with three players")
        if contract != offers.JOKER_SPEC:
            specs.append(contract)
        checked.append((key, name, contract, value_, avoid, cast(Meta | None, meta)))
    jokers = tuple(offers.joker_plays(specs))
    table = offers.specs()
    return tuple(
        Row(
            index=i,
            key=key,
            name=name,
            contract=contract,
            value=value_,
            avoid=avoid,
            meta=meta,
            plays=jokers if contract == offers.JOKER_SPEC else tuple(table[contract]),
        )
        for i, (key, name, contract, value_, avoid, meta) in enumerate(checked)
    )
