"""The same simulations on Ray: a local Ray instance by default, or a cluster by address.

Why the results equal a local run's: a game is fully determined by the picklable
spec and its index (seed, seating, bot seeds), Ray only decides *where* each
chunk of indices is played, and the outcomes are sorted by index at the end.

Ray is an optional extra (``pip install cardtable[ray]``); it is imported only
here and only when asked for. On a cluster every node needs ``cardtable``
installed (or ship it with ``runtime_env={"py_modules": [...]}``).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from cardtable.engine.errors import SettingError
from cardtable.sim.arena import play_chunk
from cardtable.sim.runner import GameOutcome

S = TypeVar("S")


def _import_ray() -> Any:
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        raise SettingError(
            "--ray needs Ray: install the extra with  pip install 'cardtable[ray]'"
        ) from exc
    return ray


def run_ray(
    play: Callable[[S, int], GameOutcome],
    spec: S,
    games: int,
    *,
    address: str | None = None,
    num_cpus: int | None = None,
    progress: Callable[[int], object] | None = None,
    chunk: int = 10,
) -> list[GameOutcome]:
    """Play games ``0..games-1`` as Ray tasks; Ctrl-C returns what finished, sorted by index.

    ``address`` is passed to ``ray.init`` (``"auto"`` or ``"ray://host:10001"``);
    without it a local Ray instance is started for this run and stopped after.
    A Ray session that is already running is used as it is and left running.
    """
    ray = _import_ray()
    started = False
    if not ray.is_initialized():
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        options: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "logging_level": logging.WARNING,
        }
        if address:
            options["address"] = address
        elif num_cpus is not None:
            options["num_cpus"] = num_cpus
        ray.init(**options)
        started = True
    done: list[GameOutcome] = []
    pending: list[Any] = []
    try:
        remote = ray.remote(play_chunk)
        chunks: Sequence[list[int]] = [
            list(range(s, min(games, s + chunk))) for s in range(0, games, chunk)
        ]
        pending = [remote.remote(play, spec, c) for c in chunks]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                part: list[GameOutcome] = ray.get(ref)
                done.extend(part)
                if progress:
                    progress(len(part))
    except KeyboardInterrupt:
        for ref in pending:
            ray.cancel(ref, force=True)
    finally:
        if started:
            ray.shutdown()
    done.sort(key=lambda o: o.index)
    return done
