"""The conformance suite every game runs in its tests.

Each check raises ``ConformanceError`` naming the game, the seed and the move,
so that a failure can be replayed by hand. The suite is deliberately generic:
it only uses the public contract, never a game's internals.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import json
import math
import random
import types
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.game import Action, Game, Marker, State
from cardtable.engine.record import replay, replay_states
from cardtable.engine.schema import SchemaError, check_schema


class ConformanceError(AssertionError):
    """A game broke the engine contract."""


@dataclass
class ConformanceReport:
    games: int = 0
    decisions: int = 0
    chance_events: int = 0
    max_length: int = 0
    secrecy_checks: int = 0
    resamples_that_changed_hidden_cards: int = 0
    returns_sum: list[float] = field(default_factory=list)


def _fail(game: Game, seed: int, state: State, message: str) -> ConformanceError:
    return ConformanceError(f"{game.name} seed {seed} at move {state.move_number()}: {message}")


def check_chance_node(game: Game, seed: int, state: State) -> None:
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise _fail(game, seed, state, "chance node without outcomes")
    total = math.fsum(p for _, p in outcomes)
    if abs(total - 1.0) > 1e-9:
        raise _fail(game, seed, state, f"chance probabilities sum to {total}")
    if any(p <= 0 for _, p in outcomes):
        raise _fail(game, seed, state, "a chance outcome has probability <= 0")
    if [a for a, _ in outcomes] != state.legal_actions():
        raise _fail(game, seed, state, "legal_actions() differs from chance_outcomes()")


def check_notation(game: Game, seed: int, state: State) -> None:
    seen: set[str] = set()
    for action in state.legal_actions():
        text = str(action)
        if text in seen:
            raise _fail(game, seed, state, f"two legal actions share the notation {text!r}")
        seen.add(text)
        back = state.parse_action(text)
        if back != action:
            raise _fail(game, seed, state, f"{text!r} parses to {back!r}, not {action!r}")


def check_views_schema(game: Game, seed: int, state: State) -> None:
    """Every seat's observation and the public one have the shape the game declares."""
    if game.observation_schema is None:
        raise _fail(game, seed, state, "the game declares no observation_schema")
    try:
        for s in range(game.num_players):
            check_schema(state.observation(s), game.observation_schema, f"observation({s})")
        public = state.public_observation()
        if public is not None:
            if game.public_schema is None:
                raise SchemaError("public_observation() is offered but no public_schema declared")
            check_schema(public, game.public_schema, "public_observation()")
    except SchemaError as exc:
        raise _fail(game, seed, state, str(exc)) from None


def _twin(action: Action) -> Action:
    """A distinct object with the same field values (bypassing any interning)."""
    cls = type(action)
    try:
        twin = object.__new__(cls)
    except TypeError:  # a class whose base is compiled: its own allocator, the same bypass
        try:
            twin = cls.__new__(cls)
        except TypeError:
            # a compiled class with its own ``__init__`` runs it on allocation: rebuilt
            # from its pickled fields instead (``__reduce__``), still a distinct object
            return copy.copy(action)
    for f in dataclasses.fields(action):  # type: ignore[arg-type]  # checked by the caller
        object.__setattr__(twin, f.name, getattr(action, f.name))
    return twin


def check_action_values(game: Game, seed: int, state: State) -> None:
    """Every legal action (chance outcomes too) is a frozen dataclass with value equality.

    A twin built field by field, as another process or a parser would build it,
    must equal the action and hash like it: equality by identity would make a
    deserialised or resampled action differ from the legal one.
    """
    for action in state.legal_actions():
        params = getattr(action, "__dataclass_params__", None)
        if params is None or not params.frozen:
            raise _fail(game, seed, state, f"{type(action).__name__} is not a frozen dataclass")
        twin = _twin(action)
        if twin is action or twin != action or hash(twin) != hash(action):
            raise _fail(
                game, seed, state, f"{type(action).__name__} {action} has no value equality"
            )


_IMMUTABLE_LEAVES = (int, float, complex, str, bytes, bool, type(None), range, enum.Enum, type)
_SHARED_BY_DESIGN = (
    Game,
    Action,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    types.ModuleType,
)


def _mutable_parts(root: Any, skip: set[int]) -> dict[int, Any]:
    """Every mutable object reachable from ``root`` (the game and actions excluded)."""
    found: dict[int, Any] = {}
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        key = id(obj)
        if key in seen or key in skip:
            continue
        seen.add(key)
        if isinstance(obj, _IMMUTABLE_LEAVES + _SHARED_BY_DESIGN):
            continue
        if isinstance(obj, tuple | frozenset):
            stack.extend(obj)
            continue
        params = getattr(type(obj), "__dataclass_params__", None)
        frozen = params is not None and params.frozen
        if not frozen:
            found[key] = obj
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, list | set | bytearray):
            stack.extend(obj)
        elif isinstance(obj, random.Random):
            continue
        else:
            stack.extend(getattr(obj, "__dict__", {}).values())
            for slot in _slots(type(obj)):
                if hasattr(obj, slot):
                    stack.append(getattr(obj, slot))
    return found


def _slots(cls: type) -> list[str]:
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
        # a class compiled by mypyc keeps its attributes in native fields it lists here
        names.extend(klass.__dict__.get("__mypyc_attrs__", ()))
    return [n for n in names if n not in ("__dict__", "__weakref__")]


def check_clone_shares_nothing_mutable(game: Game, seed: int, state: State) -> None:
    """A clone and its original reach no mutable object in common (the game aside).

    Copying is correct by construction only if what a clone shares is
    immutable (tuples, frozen dataclasses, enums): a shared list kept safe by
    an unwritten "never mutate" rule breaks as soon as one rule forgets it.
    """
    copy = state.clone()
    skip = {id(state.game)}
    mine = _mutable_parts(state, skip)
    theirs = _mutable_parts(copy, skip)
    shared = [mine[k] for k in mine.keys() & theirs.keys()]
    if shared:
        kinds = sorted({type(o).__name__ for o in shared})
        raise _fail(
            game, seed, state, f"a clone shares {len(shared)} mutable objects ({', '.join(kinds)})"
        )


def _fingerprint(state: State) -> tuple[list[str], list[str], list[str], dict[str, int]]:
    n = state.game.num_players
    return (
        [json.dumps(state.observation(s), sort_keys=True) for s in range(n)],
        [str(a) for a in state.history()],
        [str(a) for a in state.legal_actions()],
        dict(state.cards()),
    )


def check_clone_independence(game: Game, seed: int, state: State, rng: random.Random) -> None:
    """Play a clone a few moves on: every seat's view, the history, the legal actions and
    the cards of the original must be as they were (a copy sharing a list shows here)."""
    before = _fingerprint(state)
    copy = state.clone()
    for _ in range(3):
        if copy.is_terminal():
            break
        copy.apply_action(rng.choice(copy.legal_actions()))
    if _fingerprint(state) != before:
        raise _fail(game, seed, state, "changing a clone changed the original")


def check_record_round_trip(game: Game, seed: int, state: State) -> None:
    record = json.loads(json.dumps(state.to_record()))
    again = replay(record)
    if [str(a) for a in again.history()] != [str(a) for a in state.history()]:
        raise _fail(game, seed, state, "replayed history differs")
    for s in range(game.num_players):
        if again.observation(s) != state.observation(s):
            raise _fail(game, seed, state, f"replayed observation of seat {s} differs")
    if again.returns() != state.returns() or again.current_player() != state.current_player():
        raise _fail(game, seed, state, "replayed result differs")


def check_view_secrecy(game: Game, seed: int, state: State, seat: int, rng: random.Random) -> bool:
    """Re-deal what ``seat`` cannot see; its whole experience must be unchanged.

    The public view (for spectators) must not change either, at every step:
    re-dealing any seat's unseen cards never moves what everybody may know.

    Returns whether the re-deal changed what some other seat holds, so the
    caller can make sure the check was not vacuous.
    """
    other = state.resample(seat, rng)
    if other.observation(seat) != state.observation(seat):
        raise _fail(game, seed, state, f"resample for seat {seat} changes its observation")
    if other.public_observation() != state.public_observation():
        raise _fail(game, seed, state, f"resample for seat {seat} changes the public observation")
    original = replay_states(state.to_record())
    resampled = replay_states(other.to_record())
    if len(original) != len(resampled):
        raise _fail(game, seed, state, "resampled record has another length")
    for step, (a, b) in enumerate(zip(original, resampled, strict=True)):
        if a.current_player() != b.current_player():
            raise _fail(game, seed, state, f"decision points differ for seat {seat} at step {step}")
        if a.observation(seat) != b.observation(seat):
            raise _fail(game, seed, state, f"seat {seat}'s observation differs at step {step}")
        if a.public_observation() != b.public_observation():
            raise _fail(game, seed, state, f"the public observation differs at step {step}")
        if a.current_player() == seat and [str(x) for x in a.legal_actions()] != [
            str(x) for x in b.legal_actions()
        ]:
            raise _fail(game, seed, state, f"seat {seat}'s legal actions differ at step {step}")
    return any(
        other.observation(s) != state.observation(s) for s in range(game.num_players) if s != seat
    )


def random_playout(
    game: Game,
    seed: int,
    *,
    max_length: int,
    report: ConformanceReport,
    deep: bool,
) -> State:
    """One seeded random game with the per-action checks; ``deep`` adds the costly ones.

    Every game also clones itself once at a random move and plays the clone on
    (with its own RNG, so the game's own course does not depend on the probe).
    """
    rng = random.Random(seed)
    probe_rng = random.Random(f"clone probe {seed}")
    state = game.new_initial_state(seed=seed)
    deck = game.deck()
    probe_at = rng.randrange(1, max_length)
    while not state.is_terminal():
        if state.move_number() > max_length:
            raise _fail(game, seed, state, f"no end within {max_length} moves")
        legal = state.legal_actions()
        if not legal:
            raise _fail(game, seed, state, "no legal action before the end")
        if state.is_chance_node():
            check_chance_node(game, seed, state)
            action = state.sample_chance()
            report.chance_events += 1
        else:
            check_notation(game, seed, state)
            action = rng.choice(legal)
            report.decisions += 1
        if deep or state.move_number() == probe_at:
            check_views_schema(game, seed, state)
            check_action_values(game, seed, state)
        if state.move_number() == probe_at:
            check_clone_independence(game, seed, state, probe_rng)
            check_clone_shares_nothing_mutable(game, seed, state)
        state.apply_action(action)
        if state.cards() != deck:
            raise _fail(game, seed, state, f"cards not conserved after {action}")
    if state.legal_actions():
        raise _fail(game, seed, state, "legal actions after the end")
    returns = state.returns()
    if len(returns) != game.num_players:
        raise _fail(game, seed, state, "returns() has the wrong length")
    report.games += 1
    report.max_length = max(report.max_length, state.move_number())
    if not report.returns_sum:
        report.returns_sum = [0.0] * game.num_players
    report.returns_sum = [a + b for a, b in zip(report.returns_sum, returns, strict=True)]
    return state


def check_interim_returns(game: Game, seed: int, *, every: int = 37) -> int:
    """A seeded random game: ``interim_returns()`` gives one float per seat along the way,
    reading it changes nothing, and at the end it equals ``returns()``.

    Returns how many positions were checked.
    """
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal():
        if state.move_number() % every == 0:
            before = state.to_record()
            interim = state.interim_returns()
            if interim is None or len(interim) != game.num_players:
                raise _fail(game, seed, state, f"interim_returns() gave {interim!r}")
            if not all(isinstance(v, float) for v in interim):
                raise _fail(game, seed, state, "interim_returns() holds a non-float")
            if state.to_record() != before:
                raise _fail(game, seed, state, "reading interim_returns() changed the state")
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    if state.interim_returns() != state.returns():
        raise _fail(game, seed, state, "interim_returns() differs from returns() at the end")
    return checked


def _midgame_states(state: State, rng: random.Random, count: int) -> Iterator[State]:
    """A few states along a finished game's record, for the secrecy check."""
    record = state.to_record()
    n = len(record["actions"])
    for upto in sorted(rng.sample(range(1, n + 1), min(count, n))):
        yield replay(record, upto=upto)


def run_conformance(
    game: Game,
    *,
    games: int,
    seed: int = 0,
    max_length: int = 10_000,
    deep_every: int = 10,
) -> ConformanceReport:
    """Seeded random playouts with every check; the costly ones on every ``deep_every``th game."""
    report = ConformanceReport()
    for i in range(games):
        game_seed = seed + i
        deep = i % deep_every == 0
        final = random_playout(game, game_seed, max_length=max_length, report=report, deep=deep)
        if deep:
            check_record_round_trip(game, game_seed, final)
            rng = random.Random(game_seed)
            for mid in _midgame_states(final, rng, 2):
                check_record_round_trip(game, game_seed, mid)
                if mid.is_terminal():
                    continue
                for seat in range(game.num_players):
                    changed = check_view_secrecy(game, game_seed, mid, seat, rng)
                    report.secrecy_checks += 1
                    report.resamples_that_changed_hidden_cards += int(changed)
    if report.secrecy_checks and not report.resamples_that_changed_hidden_cards:
        raise ConformanceError(f"{game.name}: no resample ever changed a hidden card")
    return report


__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "Marker",
    "check_action_values",
    "check_chance_node",
    "check_clone_shares_nothing_mutable",
    "check_clone_independence",
    "check_interim_returns",
    "check_notation",
    "check_record_round_trip",
    "check_views_schema",
    "check_view_secrecy",
    "random_playout",
    "run_conformance",
]
