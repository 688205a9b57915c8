"""Two bots on the same duplicate deals, compared game by game (a paired difference).

Why: a variant of a bot that plays the same deals in the same seats as the
original plays the same game until the first decision it changes, so the
difference of first places game by game is far less noisy than the two
figures apart (docs/notes/sandbag-tuning.md, the eighth round: ±0.05 to ±0.6
points over 14,000 games, against ±0.8 for each figure).

Each side is one or more CSV files written by ``cardtable arena --csv`` with
the same ``--seed`` and ``--games`` on both sides; the bot compared is the one
seat per table that is not ``--other`` (the seat filler, ``heuristic`` by
default). Games are matched by their deal seed and index.

Run: ``.venv/bin/python benchmarks/paired.py A1.csv [A2.csv ...] -- B1.csv [B2.csv ...]``
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections.abc import Sequence

from cardtable.stats import mean_interval, wilson_interval


def first_places(paths: Sequence[str], other: str) -> dict[tuple[str, str, str], float]:
    """1.0 where the bot that is not ``other`` came first, by (file's first seed, deal, index)."""
    out: dict[tuple[str, str, str], float] = {}
    for path in paths:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
        if not rows:
            continue
        first = rows[0]["seed"]
        seats = sum(1 for k in rows[0] if k.startswith("bot_"))
        for r in rows:
            mine = [i for i in range(seats) if r[f"bot_{i}"] != other]
            if len(mine) != 1:
                raise SystemExit(
                    f"{path}: game {r['index']} has {len(mine)} seats that are not {other}"
                )
            out[(first, r["deal"], r["index"])] = 1.0 if r[f"place_{mine[0]}"] == "1" else 0.0
    return out


def main(argv: Sequence[str]) -> None:
    if "--" not in argv:
        raise SystemExit("usage: paired.py A.csv [...] -- B.csv [...] [--other NAME]")
    cut = list(argv).index("--")
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="+")
    parser.add_argument("--other", default="heuristic")
    a = parser.parse_args(argv[:cut])
    b = parser.parse_args([*argv[cut + 1 :], "--other", a.other])
    left, right = first_places(a.files, a.other), first_places(b.files, a.other)
    for name, side in (("A", left), ("B", right)):
        lo, hi = wilson_interval(sum(side.values()), len(side))
        k = int(sum(side.values()))
        print(
            f"{name}: first in {k:,}/{len(side):,} = {100 * k / len(side):.2f}% "
            f"({100 * lo:.1f}-{100 * hi:.1f}%)"
        )
    common = sorted(left.keys() & right.keys())
    if len(common) < 2:
        raise SystemExit("fewer than two games in common: same --seed and --games on both sides?")
    mean, lo, _ = mean_interval([right[k] - left[k] for k in common])
    half = mean - lo
    print(
        f"B - A over {len(common):,} games in common: {100 * mean:+.2f} ± {100 * half:.2f} points"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
