"""What a searching bot may hold instead of the state: one seat's information set.

Why a handle and not "rebuild from observations"?  An observation is a JSON
view made for people and clients; turning a history of views back into a full
game state would mean a second, per-game reconstruction of every rule, which
is exactly the ``if game == ...`` code the engine contract exists to avoid.
Every game already has to implement ``State.resample(seat, rng)``, which by
contract re-deals everything ``seat`` has not seen using *only* ``seat``'s
information, and the conformance suite checks that (the secrecy check replays
the resampled record and compares ``seat``'s observation at every step).

So the match driver (simulations, ``cardtable play``, the server) wraps the
true state in an ``InformationSet`` for the deciding seat. The handle exposes
only:

* ``seat``, ``num_players``, ``legal_actions()`` - what the seat knows anyway;
* ``sample_determinization(rng)`` - a fresh, independent full state drawn from
  the seat's information set (``resample``), with its chance RNG re-seeded
  from ``rng`` so that the true state's RNG (which decides future deals and
  draws) never leaks into a search.

The true state is held in a closure over a private snapshot, never as an
attribute, so a bot cannot reach it by accident; Python cannot stop a bot that
goes digging on purpose, which is what code review is for. A snapshot is taken
when the handle is made, so a handle kept after the decision never shows
anything that happened later.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeGuard

from mypy_extensions import mypyc_attr

from cardtable.bots.base import Bot, Obs
from cardtable.engine.errors import SettingError
from cardtable.engine.game import Action, State


class InformationSet:
    """One seat's view of the game as a sampler of consistent full states."""

    __slots__ = ("seat", "num_players", "_sample", "_legal")

    def __init__(self, state: State, seat: int) -> None:
        snapshot = state.clone()
        self.seat = seat
        self.num_players = state.game.num_players
        legal = list(state.legal_actions()) if state.current_player() == seat else []
        self._legal = legal

        def sample(rng: random.Random) -> State:
            det = snapshot.resample(seat, rng)
            det.reseed(rng)
            return det

        self._sample: Callable[[random.Random], State] = sample

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions (empty when another seat is to decide)."""
        return list(self._legal)

    def sample_determinization(self, rng: random.Random) -> State:
        """A new full state consistent with everything this seat has observed.

        Each call returns an independent state: changing it never changes the
        game being played or another determinization.
        """
        return self._sample(rng)

    def __repr__(self) -> str:
        return f"InformationSet(seat={self.seat}, players={self.num_players})"


class InformationSetRequired(SettingError):
    """A searching bot was asked through ``act`` alone, without its information set."""


# a plain class (compiled methods), as the searching bots that derive from it
@mypyc_attr(native_class=False)
class SearchingBot(Bot[Obs]):
    """The base of every bot that searches: it decides from its seat's
    ``InformationSet`` as well as the observation (``act_with``).

    Compiled, the class takes no type argument at run time (``SearchingBot[Obs]``
    raises): a game's searching bot derives from ``SearchingBot`` and names its
    observation type in its own ``act_with``.

    Why a class of its own: the match drivers (``prepare``, the server's thinking
    pool) must know a searching bot before they read the state, to hand it the
    information set; an ordinary bot never gets one, so it cannot sample hidden
    cards even by mistake.
    """

    wants_information_set = True

    def act(self, observation: Obs, legal: Sequence[Action]) -> Action:
        raise InformationSetRequired(
            f"{self.name} searches over its seat's information set; drive it with "
            "cardtable.bots.infoset.decide(bot, state) instead of bot.act(...)"
        )

    def act_with(self, info: InformationSet, observation: Obs, legal: Sequence[Action]) -> Action:
        raise NotImplementedError


def wants_information_set(bot: Bot) -> TypeGuard[SearchingBot]:
    """Whether ``bot`` searches, so is driven through ``act_with``.

    Read from the class flag rather than ``isinstance``: compiled, an ``isinstance``
    of a plain class defined in this module answered ``False`` for its subclasses.
    """
    return bool(getattr(bot, "wants_information_set", False))


def prepare(bot: Bot, state: State, seat: int | None = None) -> Callable[[], Action]:
    """Everything a decision needs from ``state``, taken now; the call that decides.

    The observation, the legal actions and (for searching bots) the information
    set are read here, so the returned call touches nothing of ``state`` and may
    run later or on another thread (the server runs it off its event loop).
    """
    player = state.current_player() if seat is None else seat
    if not isinstance(player, int):
        raise ValueError(f"no seat is to decide at {state.where()}")
    observation: dict[str, Any] = state.observation(player)
    legal = list(state.legal_actions())
    if wants_information_set(bot):
        searcher = bot
        info = InformationSet(state, player)
        return lambda: searcher.act_with(info, observation, legal)
    return lambda: bot.act(observation, legal)


def decide(bot: Bot, state: State, seat: int | None = None) -> Action:
    """Ask ``bot`` for its action at ``state``: the one call every match driver uses.

    Ordinary bots get ``act(observation, legal)``; bots that set
    ``wants_information_set = True`` get ``act_with(info_set, observation, legal)``.
    """
    return prepare(bot, state, seat)()
