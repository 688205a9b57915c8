"""PNG charts of simulation and arena results (matplotlib, Agg backend: no display needed).

The charts every game gets: win-rate bars with their 95% intervals, score
distributions per bot and a game-length histogram. Game-specific figures come
from the ``extra`` dict of each outcome (``State.statistics()``), read by the
*shape* of the values so that no game is named here:

* a number per game (``{"tricks": 7}``) - a histogram;
* a mapping of labels to numbers (``{"contract_scores": {"No Hearts": -20}}``)
  - a bar chart of the mean per label (Chai Tea Jazz's per-contract scores);
* a list with one label per seat (``{"jobs": ["Coder", ...]}``) - the win rate
  per label (Chez Geek's per-Job win rates).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402 - the backend must be chosen first
from matplotlib.figure import Figure  # noqa: E402

from cardtable.sim.runner import GameOutcome  # noqa: E402
from cardtable.sim.summary import Row, by_bot, is_win  # noqa: E402
from cardtable.stats import mean_interval, wilson_interval  # noqa: E402


def _save(fig: Figure, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "extra"


def win_rate_bars(rows: Sequence[Row], path: Path, title: str) -> Path:
    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(rows) + 2), 3.5))
    labels = [r.label for r in rows]
    rates = [r.win_rate for r in rows]
    errors = [
        [max(0.0, r.win_rate - r.win_low) for r in rows],
        [max(0.0, r.win_high - r.win_rate) for r in rows],
    ]
    ax.bar(labels, rates, yerr=errors, capsize=6, color="#4c72b0")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title(title)
    return _save(fig, path)


def score_distributions(outcomes: Sequence[GameOutcome], path: Path, title: str) -> Path:
    scores: dict[str, list[float]] = defaultdict(list)
    for o in outcomes:
        for seat, name in enumerate(o.seating):
            scores[name].append(o.returns[seat])
    names = sorted(scores)
    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(names) + 2), 3.5))
    ax.boxplot([scores[n] for n in names], showmeans=True)
    ax.set_xticks(range(1, len(names) + 1), names)
    ax.set_ylabel("return per game")
    ax.set_title(title)
    return _save(fig, path)


def length_histogram(outcomes: Sequence[GameOutcome], path: Path, title: str) -> Path:
    fig, ax = plt.subplots(figsize=(5, 3.5))
    ax.hist([o.length for o in outcomes], bins=min(40, max(5, len(outcomes) // 5)))
    ax.set_xlabel("actions per game (chance included)")
    ax.set_ylabel("games")
    ax.set_title(title)
    return _save(fig, path)


def _numeric(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def extra_plots(outcomes: Sequence[GameOutcome], directory: Path, title: str) -> list[Path]:
    """Charts for the game-specific figures in ``extra``, chosen by the values' shape."""
    written: list[Path] = []
    keys = sorted({k for o in outcomes for k in o.extra})
    for key in keys:
        values = [(o, o.extra[key]) for o in outcomes if key in o.extra]
        path = directory / f"extra-{_slug(key)}.png"
        if all(_numeric(v) for _, v in values):
            fig, ax = plt.subplots(figsize=(5, 3.5))
            ax.hist([v for _, v in values], bins=min(30, max(5, len(values) // 5)))
            ax.set_xlabel(key)
            ax.set_ylabel("games")
            ax.set_title(f"{title}: {key}")
            written.append(_save(fig, path))
        elif all(isinstance(v, dict) for _, v in values):
            per_label: dict[str, list[float]] = defaultdict(list)
            for _, v in values:
                for label, x in v.items():
                    if _numeric(x):
                        per_label[str(label)].append(float(x))
            if per_label:
                written.append(_mean_bars(per_label, key, path, title))
        elif all(isinstance(v, list | tuple) and len(v) == len(o.seating) for o, v in values):
            wins: dict[str, list[bool]] = defaultdict(list)
            for o, v in values:
                for seat, label in enumerate(v):
                    if isinstance(label, str):
                        wins[label].append(is_win(o, seat))
            if wins:
                written.append(_win_rate_by_label(wins, key, path, title))
    return written


def _mean_bars(per_label: dict[str, list[float]], key: str, path: Path, title: str) -> Path:
    labels = sorted(per_label)
    stats = [mean_interval(per_label[label]) for label in labels]
    fig, ax = plt.subplots(figsize=(max(5.0, 0.8 * len(labels) + 2), 3.8))
    ax.bar(
        labels,
        [m for m, _, _ in stats],
        yerr=[[m - lo for m, lo, _ in stats], [hi - m for m, _, hi in stats]],
        capsize=4,
        color="#55a868",
    )
    ax.set_ylabel(f"mean {key} (95% interval)")
    ax.set_title(f"{title}: {key}")
    ax.tick_params(axis="x", labelrotation=45)
    return _save(fig, path)


def _win_rate_by_label(wins: dict[str, list[bool]], key: str, path: Path, title: str) -> Path:
    labels = sorted(wins)
    rates = [sum(wins[label]) / len(wins[label]) for label in labels]
    intervals = [wilson_interval(sum(wins[label]), len(wins[label])) for label in labels]
    fig, ax = plt.subplots(figsize=(max(5.0, 0.8 * len(labels) + 2), 3.8))
    ax.bar(
        labels,
        rates,
        yerr=[
            [max(0.0, r - lo) for r, (lo, _) in zip(rates, intervals, strict=True)],
            [max(0.0, hi - r) for r, (_, hi) in zip(rates, intervals, strict=True)],
        ],
        capsize=4,
        color="#c44e52",
    )
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title(f"{title}: win rate by {key}")
    ax.tick_params(axis="x", labelrotation=45)
    return _save(fig, path)


def write_plots(outcomes: Sequence[GameOutcome], directory: str | Path, title: str) -> list[Path]:
    """Every chart for a run, as PNG files in ``directory`` (created if needed)."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    if not outcomes:
        return []
    written = [
        win_rate_bars(by_bot(outcomes), out / "win-rates.png", f"{title}: win rate per bot"),
        score_distributions(outcomes, out / "scores.png", f"{title}: returns per bot"),
        length_histogram(outcomes, out / "lengths.png", f"{title}: game length"),
    ]
    written.extend(extra_plots(outcomes, out, title))
    return written
