"""The contract every game implements: ``Game`` (rules + settings) and ``State``.

The shape follows OpenSpiel's ``pyspiel.State`` so that people who know it feel
at home: chance is an ordinary node whose outcomes a test can choose, deals are
chance actions (so a game is a list of actions), and reaction windows are
ordinary decision points whose pass is an action.
"""

from __future__ import annotations

import enum
import json
import math
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Generic, Self

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar

from cardtable.engine.errors import (
    IllegalActionError,
    MalformedActionError,
    PlayerCountError,
    SeatError,
    SettingError,
)

RECORD_FORMAT = "cardtable-record"
RECORD_VERSION = 1


class Marker(enum.Enum):
    """What ``current_player()`` returns when no seat is to decide."""

    CHANCE = "chance"
    TERMINAL = "terminal"


# the markers as statics of this compiled module: ``Marker.CHANCE`` is an attribute
# lookup on the enum class by name, and the contract's hot calls ask it every step
_CHANCE: Final = Marker.CHANCE
_TERMINAL: Final = Marker.TERMINAL


@mypyc_attr(allow_interpreted_subclasses=True)
class Action:
    """Base of every game's action values.

    Subclasses are frozen dataclasses; ``str()`` gives the canonical notation
    that ``State.parse_action`` reads back. Games intern their actions so that
    legality checks are identity checks on the hot path.
    """

    __slots__ = ()


@mypyc_attr(allow_interpreted_subclasses=True)
class Decline(Action):
    """Base of the action that declines to act: a pass in a reaction window or a bid.

    A game's pass derives from it, so servers and bots know a pass by its
    type, never by its notation: a clock that runs out answers a window with
    it, and a window is closed for a seat that declines.
    """

    __slots__ = ()


def is_decline(action: Action) -> bool:
    """Whether ``action`` declines to act (a pass)."""
    return isinstance(action, Decline)


def decline_of(legal: Sequence[Action]) -> Action | None:
    """The declining action among ``legal``, if there is one."""
    for a in legal:
        if isinstance(a, Decline):
            return a
    return None


@dataclass(frozen=True)
class Setting:
    """One game setting with its default and the bounds every entry point enforces.

    ``kind`` is the type a value must have (``bool`` is never taken for ``int``,
    and a ``float`` must be finite); ``minimum``/``maximum`` bound numbers;
    ``choices`` lists the allowed values; ``max_items`` bounds lists (and
    ``item_kind`` their items); ``max_size`` bounds any other value by the
    length of its JSON text. The CLI, the server and ``load_game`` all go
    through ``check``, so each refuses the same values with the same
    ``SettingError``. ``files`` marks a value that names files on disk: the
    server never takes such a value from the network (see docs/server.md).
    ``length`` marks a setting that multiplies how long a game runs (a match
    of several games), which the server caps for tables with no person.
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    kind: type = object
    minimum: float | None = None
    maximum: float | None = None
    max_items: int | None = None
    item_kind: type = object
    max_size: int = 65536
    files: bool = False
    length: bool = False

    def check(self, value: Any) -> Any:
        self._check_kind(value)
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise SettingError(
                f"setting {self.name}={_short(value)} is not allowed; choose one of {allowed}"
            )
        if isinstance(value, int | float) and not isinstance(value, bool):
            if self.minimum is not None and value < self.minimum:
                raise SettingError(
                    f"setting {self.name}={_short(value)} must be at least {self.minimum:g}"
                )
            if self.maximum is not None and value > self.maximum:
                raise SettingError(
                    f"setting {self.name}={_short(value)} must be at most {self.maximum:g}"
                )
        if isinstance(value, list | tuple):
            if self.max_items is not None and len(value) > self.max_items:
                raise SettingError(
                    f"setting {self.name} holds {len(value)} items; at most {self.max_items}"
                )
            if self.item_kind is not object and not all(
                isinstance(v, self.item_kind) for v in value
            ):
                raise SettingError(
                    f"setting {self.name} is a list of {self.item_kind.__name__} values"
                )
        size = _json_size(value)
        if size > self.max_size:
            raise SettingError(
                f"setting {self.name} is {size} characters of JSON; at most {self.max_size}"
            )
        return value

    def _check_kind(self, value: Any) -> None:
        if isinstance(value, float) and not math.isfinite(value):
            raise SettingError(f"setting {self.name}={value!r} must be a finite number")
        if self.kind is object:
            return
        ok = isinstance(value, self.kind)
        if self.kind in (int, float) and isinstance(value, bool):
            ok = False
        if self.kind is float and isinstance(value, int) and not isinstance(value, bool):
            ok = True
        if not ok:
            raise SettingError(
                f"setting {self.name}={_short(value)} must be of type {self.kind.__name__}"
            )

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "default": self.default,
            "choices": list(self.choices) if self.choices is not None else None,
            "help": self.help,
            "type": self.kind.__name__ if self.kind is not object else None,
        }
        for key in ("minimum", "maximum", "max_items"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.files:
            out["files"] = True
        return out


def _short(value: Any) -> str:
    """A value for an error message, cut short: errors must stay small whatever came in."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _json_size(value: Any) -> int:
    try:
        return len(json.dumps(value))
    except (TypeError, ValueError):
        return 0


@dataclass(frozen=True)
class FileOption:
    """A command-line flag a game declares that fills one of its settings from files.

    ``--deck FILE`` (repeatable) gives Chez Geek's ``deck`` setting its paths;
    ``--setup FILE`` gives Chai Tea Jazz's ``setup`` setting the file's data.
    The CLI adds every game's flags; nothing outside the game names them.
    """

    flag: str
    setting: str
    help: str
    many: bool = False  # repeatable: the setting is the list of all the values
    read: bool = True  # the setting gets the file's data (JSON/TOML), else its path


@dataclass(frozen=True)
class GameInfo:
    """Declarative metadata a game publishes (player range, settings, summary)."""

    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    summary: str
    settings: tuple[Setting, ...] = field(default_factory=tuple)
    allowed_players: tuple[int, ...] | None = None
    # Every seat a reaction window asks can always answer (Contest's calls), so who
    # can answer is public: a server may close such a window as soon as every seat
    # asked has answered. Otherwise (Chez's nopes, Chez Geek's Whenevers) whether a
    # seat holds an answer is hidden, and a window must look the same either way.
    open_reactions: bool = False

    def player_counts(self) -> tuple[int, ...]:
        if self.allowed_players is not None:
            return self.allowed_players
        return tuple(range(self.min_players, self.max_players + 1))

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "players": list(self.player_counts()),
            "default_players": self.default_players,
            "summary": self.summary,
            "settings": [s.describe() for s in self.settings],
        }


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game with its player count and settings fixed; makes states."""

    info: ClassVar[GameInfo]
    # game-specific bots by name, as "module:Class" (``random`` is always available)
    bots: ClassVar[dict[str, str]] = {}
    # the bot that fills a seat when nobody says which: a name in ``bots`` or "random"
    default_bot: ClassVar[str] = "random"
    # the levels a person picks from (``easy`` … ``expert``), each a bot spec
    # (``cardtable.bots.levels`` holds their measured ladder)
    bot_levels: ClassVar[dict[str, str]] = {}
    # the levels that are other searches at some player counts: players -> level -> spec
    # (a search that cannot play a count's rules falls back to a weaker bot there)
    bot_levels_at: ClassVar[dict[int, dict[str, str]]] = {}
    # a level's note for the lobby where the general one does not describe it
    bot_level_notes: ClassVar[dict[str, str]] = {}
    # the search that reviews finished games (``bots.review``) when the ``expert`` level
    # is not an ISMCTS search; None: ``ismcts(iterations=1000)``
    review_spec: ClassVar[str | None] = None
    # command-line flags that fill a setting from files (``--deck``, ``--setup``)
    file_options: ClassVar[tuple[FileOption, ...]] = ()
    # for games whose cards are data: "module:function" taking deck file paths and
    # returning a printable summary (or raising a CardtableError naming the fault)
    deck_checker: ClassVar[str | None] = None
    # the TypedDicts that ``State.observation`` and ``State.public_observation`` return;
    # the conformance suite checks every view of its seeded games against them
    observation_schema: ClassVar[Any] = None
    public_schema: ClassVar[Any] = None

    def __init__(self, players: int | None = None, **settings: Any) -> None:
        info = self.info
        n = info.default_players if players is None else players
        if not isinstance(n, int) or n not in info.player_counts():
            valid = ", ".join(str(c) for c in info.player_counts())
            raise PlayerCountError(f"{info.name} is played by {valid} players, not {players!r}")
        known = {s.name: s for s in info.settings}
        unknown = sorted(set(settings) - set(known))
        if unknown:
            valid = ", ".join(sorted(known)) or "none"
            raise SettingError(
                f"unknown setting(s) for {info.name}: {', '.join(unknown)}; valid settings: {valid}"
            )
        self.num_players = n
        self.settings: dict[str, Any] = {
            name: s.check(settings[name]) if name in settings else s.default
            for name, s in known.items()
        }
        self._check_settings()

    def _check_settings(self) -> None:  # noqa: B027 - an optional hook
        """Hook for checks that involve several settings or the player count."""

    @property
    def name(self) -> str:
        return self.info.name

    def level_specs(self) -> dict[str, str]:
        """The levels at this game's player count: ``bot_levels`` with that count's changes.

        Why per count: a level's search may not play every count's rules (Chai Tea
        Jazz's double-dummy solver has no face-up straw and no twin cards), and there it
        would fall back to a weaker bot than the level below it.
        """
        changed = self.bot_levels_at.get(self.num_players)
        if changed is None:
            return self.bot_levels
        return {**self.bot_levels, **changed}

    @abstractmethod
    def new_initial_state(self, seed: int | None = None, deal: Any = None) -> State:
        """A fresh game: with ``deal`` the piles are as given, else chance deals them."""

    @abstractmethod
    def deck(self) -> Counter[str]:
        """Every card in the game by its notation; conservation is checked against it."""

    def seat_name(self, seat: int) -> str:
        return f"P{seat}"

    def card_catalogue(self) -> dict[str, Any] | None:
        """What a client needs to draw cards that are data (titles, kinds, costs, texts).

        ``None`` for games whose card notation says it all (``AS``, ``9H``).
        Public: it describes the deck, never where any card is.
        """
        return None

    def render(self, observation: dict[str, Any]) -> str:
        """A seat's observation as text for the terminal; games override this."""
        import json

        return json.dumps(observation, indent=1)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(players={self.num_players}, settings={self.settings})"


# the game a state belongs to: a game's state class names its own (``State[ContestGame]``)
GameT = TypeVar("GameT", bound=Game, default=Game)


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC, Generic[GameT]):
    """A position of a game, changed in place by ``apply_action``.

    Subclasses implement the underscored hooks; the public methods add the
    checks that make bad input harmless (validation before any change) and the
    bookkeeping that makes records replayable.
    """

    # the outcome ``sample_chance`` just returned: legal without a look at the list, so a
    # chance node with many outcomes need not list them (a class default, so states made
    # by ``__new__`` in a game's copy have it too)
    _sampled: Action | None = None
    # whether ``random_run`` plays anything: a search asks once a rollout, not every action
    plays_random_runs: ClassVar[bool] = False

    def __init__(self, game: GameT, seed: int | None, deal: Any) -> None:
        self.game: GameT = game
        self.seed = seed
        self.deal = deal
        # the chance RNG, or (after a clone) the state to make it from on first use: see ``rng``
        self._rng: random.Random | None = random.Random(seed)
        self._rng_state: tuple[Any, ...] | None = None
        self._history: list[Action] = []
        self._legal: list[Action] | None = None

    # ---- hooks a game implements -------------------------------------------------
    @abstractmethod
    def current_player(self) -> int | Marker:
        """The seat to decide, or ``Marker.CHANCE`` / ``Marker.TERMINAL``."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Legal actions of the seat to decide (not called at chance or terminal nodes)."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``(outcome, probability)`` pairs at a chance node, summing to 1."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply an action already known to be legal."""

    @abstractmethod
    def _parse(self, text: str) -> Action:
        """Read notation into an action; raise ``MalformedActionError`` if it is not one."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Per-seat payoff; zero for everyone until the game is over."""

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """JSON-able: exactly what ``seat`` may know now."""

    @abstractmethod
    def _copy(self) -> Self:
        """A deep-enough copy for ``clone`` (history and rng are handled here)."""

    @abstractmethod
    def resample(self, seat: int, rng: random.Random) -> Self:
        """A state at the same point whose hidden cards are re-dealt.

        Uses only what ``seat`` has seen, so the result gives ``seat`` exactly
        the observations it really had at every step. Its record replays.
        """

    @abstractmethod
    def cards(self) -> Counter[str]:
        """Every card in every zone now; must always equal ``game.deck()``."""

    # ---- optional hooks ------------------------------------------------------------
    def places(self) -> list[int] | None:
        """1-based finishing places for games with a leaderboard, once over."""
        return None

    def _why_illegal(self, action: Action) -> str:
        return "not legal now"

    def public_log(self) -> list[str]:
        """Events in words that every seat may read."""
        return []

    def public_observation(self) -> dict[str, Any] | None:
        """JSON-able: what every seat may know now, for spectators; ``None`` if not offered.

        It must not change when any seat's unseen cards are re-dealt (the
        conformance suite checks it with ``resample`` like seat views), so it
        holds no seat-relative field ("your hand") and no hidden card.
        """
        return None

    def unplayable_reasons(self, seat: int) -> dict[str, str]:
        """Why each card of ``seat``'s own hand cannot be played now, in words.

        Keys are the cards as the seat's observation names them; a card that can
        be played now has no key. Empty unless ``seat`` is deciding; the reasons
        read only that seat's hand and public facts, so they go to that seat alone.
        """
        return {}

    def why_illegal(self, action: Action) -> str:
        """Why ``action`` is refused here, in words a person can act on."""
        if self.is_terminal():
            return "the game is over"
        return self._why_illegal(action)

    def is_reaction_window(self) -> bool:
        """Whether the seat to act is answering out of turn (a nope, a Whenever, a call).

        Servers and clients treat such windows differently from turns: every
        seat that could be asked gets the same time, and an auto-pass may answer
        for it, so nobody learns who holds an answer. A bid that may be passed
        is a turn, not a reaction window.
        """
        return False

    def statistics(self) -> dict[str, Any]:
        """Per-game figures for simulations, read without knowing the game.

        A number is averaged over games; a dict of numbers is averaged key by
        key; a list with one label per seat gives a win rate per label (for
        example each Job's win rate).
        """
        return {}

    def interim_returns(self) -> list[float] | None:
        """A running estimate of each seat's final return, or ``None`` if the game has none.

        Searching bots use it to cut simulations short and score them from the
        game so far. It is on the scale of ``returns()`` (higher is better),
        must be computable from the state without changing it, and on terminal
        states equals ``returns()``.
        """
        return None

    def random_run(self, bits: Callable[[int], int], budget: int) -> int:
        """Play on as a random rollout would, up to ``budget`` actions; how many were played.

        Why: a search's random rollouts are most of its time, and one action
        through ``legal_actions`` and ``apply_action`` pays for a list of action
        objects, a legality check and a dispatch that a game's own loop over its
        cards does without. A game may play here, in one loop, the stretches it
        knows (Chai Tea Jazz: its rounds' deal, picking and tricks), exactly as the rollout
        would: at a decision the legal action at ``bits(k)`` drawn until below the
        list's length (``k`` its bit length), at a chance node ``sample_chance``
        with the state's own generator, each applied as ``apply_action`` applies
        it. It stops where it has no such loop, at the end, or after ``budget``.
        ``tests/sim/test_random_runs.py`` checks that the histories and the
        generators' states come out as the rollout's one action at a time.
        The default plays nothing; a game that overrides it sets
        ``plays_random_runs``, so that a search asks it at all.
        """
        return 0

    def information_digest(self, seat: int) -> Hashable | None:
        """A cheap stand-in for ``seat``'s observation, or ``None`` if the game has none.

        Searching bots key their tree on the seat's information, and reading it
        off ``observation(seat)`` builds and walks a whole view per node. A game
        may return instead a small hashable value that is a function of what
        ``seat`` knows (never of a card it cannot see) and that differs whenever
        the observation does; it may tell apart more (two orders of the same
        public plays), never less. ``None``: the search reads the observation.
        """
        return None

    # ---- the public contract -------------------------------------------------------
    def is_chance_node(self) -> bool:
        return self.current_player() is _CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() is _TERMINAL

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            player = self.current_player()
            if player is _TERMINAL:
                legal = []
            elif player is _CHANCE:
                legal = [outcome for outcome, _ in self.chance_outcomes()]
            else:
                legal = self._legal_actions()
            self._legal = legal
        return legal

    def apply_action(self, action: Action) -> None:
        if action is not self._sampled and not _holds(self.legal_actions(), action):
            reason = "the game is over" if self.is_terminal() else self._why_illegal(action)
            raise IllegalActionError(str(action), reason, self.where())
        self._sampled = None
        self._apply(action)
        self._history.append(action)
        self._legal = None

    def parse_action(self, text: str) -> Action:
        """Notation to a legal action, or a typed error naming the input and the state."""
        if not isinstance(text, str):
            raise MalformedActionError(repr(text), "an action is written as text", self.where())
        clean = text.strip()
        if not clean:
            raise MalformedActionError(text, "empty input", self.where())
        action = self._parse(clean)
        if action not in self.legal_actions():
            reason = "the game is over" if self.is_terminal() else self._why_illegal(action)
            raise IllegalActionError(text, reason, self.where())
        return action

    def apply_text(self, text: str) -> Action:
        action = self.parse_action(text)
        self.apply_action(action)
        return action

    def sample_chance(self) -> Action:
        """Draw a chance outcome with the state's own seeded RNG."""
        chosen = weighted_pick(self.chance_outcomes(), self.rng.random())
        self._sampled = chosen
        return chosen

    def resolve_chance(self) -> None:
        """Apply seeded chance outcomes until a seat must decide or the game ends."""
        while self.current_player() is _CHANCE:
            self.apply_action(self.sample_chance())

    @property
    def rng(self) -> random.Random:
        """The seeded RNG that resolves chance; its state lives in the game state.

        Why lazy: copying a Mersenne Twister (``getstate``/``setstate``, 625
        words) is most of what a clone costs, and most clones (a search's
        determinizations, which are reseeded) never draw from it. So a clone
        leaves the original and the copy holding one immutable snapshot of
        the state, and each makes its own generator from it when it first
        draws; a state cloned again before it draws shares the same snapshot.
        """
        rng = self._rng
        if rng is None:
            snapshot = self._rng_state
            assert snapshot is not None  # one of the two is always set
            if len(snapshot) == 1:
                rng = random.Random(snapshot[0])  # a seed left by ``reseed``
            else:
                # ``random.Random()`` would read ``os.urandom`` before ``setstate`` overwrites it
                rng = random.Random.__new__(random.Random)
                rng.setstate(snapshot)
            self._rng = rng
            self._rng_state = None
        return rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_state = None

    def clone(self) -> Self:
        other = self._copy()
        other._history = list(self._history)
        other._legal = None if self._legal is None else list(self._legal)
        other._sampled = None  # a copy checks against the list (a resampler may re-deal it)
        if self._rng is not None:
            self._rng_state = self._rng.getstate()
            self._rng = None
        other._rng = None
        other._rng_state = self._rng_state
        return other

    # ---- for resamplers ------------------------------------------------------------
    def rewrite_outcomes(self, outcomes: Iterable[tuple[int, Action]]) -> None:
        """Replace recorded chance outcomes by re-dealt ones: ``(move number, outcome)``.

        A resampler calls this on its copy so that the copy's record deals the
        re-dealt cards; the cached legal actions are dropped with it.
        """
        history = self._history
        for index, outcome in outcomes:
            history[index] = outcome
        self._legal = None
        self._sampled = None

    def reseed(self, rng: random.Random) -> None:
        """Forget the seed and draw future chance from a new RNG seeded by ``rng``.

        A resampled state must not share the true game's future deals.

        The new generator is made when the state first draws (a one-item
        ``_rng_state``: the seed), from the seed drawn now: seeding a Mersenne
        Twister is most of what a re-deal's copy costs, and a search that gives
        its determinization another generator never draws from this one.
        """
        self.seed = None
        self._rng = None
        self._rng_state = (rng.getrandbits(64),)

    def history(self) -> list[Action]:
        return list(self._history)

    def move_number(self) -> int:
        return len(self._history)

    def where(self) -> str:
        player = self.current_player()
        if isinstance(player, Marker):
            who = player.value
        else:
            who = f"{self.game.seat_name(player)} to act"
        return f"{self.game.name}, move {len(self._history)}, {who}"

    def to_record(self) -> dict[str, Any]:
        terminal = self.is_terminal()
        result: dict[str, Any] = {"terminal": terminal}
        if terminal:
            result["returns"] = self.returns()
            places = self.places()
            if places is not None:
                result["places"] = places
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game.name,
            "players": self.game.num_players,
            "settings": dict(self.game.settings),
            "seed": self.seed,
            "deal": self.deal,
            "actions": [str(a) for a in self._history],
            "result": result,
        }

    def __str__(self) -> str:
        return self.where()


def weighted_pick(outcomes: Sequence[tuple[Action, float]], r: float) -> Action:
    """The outcome a uniform ``r`` in [0, 1) falls on, the shares summed in order (the
    last outcome if rounding leaves ``r`` above their sum): every game's chance draws
    this way, so a seed draws the same however a game lists its outcomes."""
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if r < acc:
            return outcome
    return outcomes[-1][0]


def _holds(legal: list[Action], action: Action) -> bool:
    """``action in legal``, looking for the very object first: callers nearly always
    pass one of the legal actions back, and ``in`` would call ``__eq__`` on each
    action before it (dozens at a draw)."""
    for candidate in legal:
        if candidate is action:
            return True
    return action in legal


def check_seat(state: State, seat: int) -> None:
    """Refuse a seat number outside the table, naming the valid range."""
    n = state.game.num_players
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
        raise SeatError(f"seat {seat!r} is not at this table; seats are 0..{n - 1}")


def normalise_counts(pairs: Sequence[tuple[Action, int]]) -> list[tuple[Action, float]]:
    """Turn ``(outcome, weight)`` pairs into probabilities summing to 1."""
    total = sum(w for _, w in pairs)
    return [(a, w / total) for a, w in pairs if w]
