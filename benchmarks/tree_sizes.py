"""Tree sizes of the tiny variants (cardtable.rl.tiny): counted where the tree can be
walked whole, else estimated with Knuth's estimator.
Run: ``.venv/bin/python benchmarks/tree_sizes.py [PROBES]``.
"""

from __future__ import annotations

import sys

from cardtable.rl.tiny import TINY, count_histories, estimate_histories, load_tiny, scientific


def main() -> None:
    probes = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print("| game | tiny settings | histories |")
    print("|---|---|---|")
    for name, settings in TINY.items():
        game = load_tiny(name)
        exact = count_histories(game, limit=20_000)
        if exact is not None:
            size = f"{exact:,} (counted)"
        else:
            mean, error = estimate_histories(game, probes)
            size = f"≈ {scientific(mean)} ± {scientific(error)} (Knuth, {probes} probes)"
        shown = ", ".join(f"{k}={v}" for k, v in settings.items())
        print(f"| {name} | {shown} | {size} |", flush=True)


if __name__ == "__main__":
    main()
