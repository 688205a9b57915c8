"""How many seeded games a conformance test plays in this run.

The test command runs the rules tests twice: on the compiled install, the full
samples (1,000 games a player count), and again on the pure-Python sources, to
keep the fallback working. The two builds run the same source on the same
seeds, so the second run plays the first fifth of each sample: enough to catch
a rule that the interpreter runs differently, at a fifth of the time. What a
whole sample must contain (every combo, every card) is asserted on the full
sample only.
"""

from __future__ import annotations

import os

PURE_RUN = os.environ.get("CARDTABLE_EXPECT_PURE") == "1"


def games(full: int) -> int:
    """The full sample, or its first fifth (at least 20 games) in the pure-Python run."""
    return max(20, full // 5) if PURE_RUN else full
