"""Game records: JSON that replays to the same state.

A record holds the format version, the game, its settings, the seed or deal,
every action and chance outcome in notation, and the result. Replaying checks
each action with the same parser players use, so a tampered record is refused
with the number of the first bad action.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardtable.engine.errors import ActionError, CardtableError, RecordError
from cardtable.engine.game import RECORD_FORMAT, RECORD_VERSION, State
from cardtable.engine.registry import load_game

_REQUIRED = ("format", "version", "game", "players", "settings", "actions")


def replay(record: dict[str, Any], upto: int | None = None) -> State:
    """Rebuild the state a record describes (optionally only its first ``upto`` actions)."""
    return replay_states(record, upto=upto)[-1]


def replay_states(record: dict[str, Any], upto: int | None = None) -> list[State]:
    """Every state along a record: the initial one, then one after each action."""
    state = initial_state(record)
    actions = record["actions"]
    if upto is not None:
        actions = actions[:upto]
    states = [state.clone()]
    for index, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError(f"action {text!r} is not a string", index)
        try:
            state.apply_text(text)
        except ActionError as exc:
            raise RecordError(f"{text!r} refused: {exc.reason} ({exc.where})", index) from exc
        states.append(state.clone())
    return states


def initial_state(record: dict[str, Any]) -> State:
    """The state before the first action, after checking the record's envelope."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    missing = [k for k in _REQUIRED if k not in record]
    if missing:
        raise RecordError(f"record lacks field(s): {', '.join(missing)}")
    if record["format"] != RECORD_FORMAT:
        raise RecordError(f"format {record['format']!r} is not {RECORD_FORMAT!r}")
    if record["version"] != RECORD_VERSION:
        raise RecordError(
            f"record format version {record['version']!r} is not supported "
            f"(this cardtable reads version {RECORD_VERSION})"
        )
    if not isinstance(record["actions"], list):
        raise RecordError("field 'actions' must be a list")
    if not isinstance(record["settings"], dict):
        raise RecordError("field 'settings' must be an object")
    try:
        game = load_game(record["game"], players=record["players"], **record["settings"])
        return game.new_initial_state(seed=record.get("seed"), deal=record.get("deal"))
    except CardtableError as exc:
        raise RecordError(str(exc)) from exc


def save_record(state: State, path: str | Path) -> Path:
    """Write atomically: a crash mid-write leaves the old file, never half a record."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(state.to_record(), indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def load_record(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise RecordError(f"{path} does not hold a record object")
    return data
