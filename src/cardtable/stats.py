"""Statistics for win rates: Wilson intervals behave at 0% and 100%, unlike the normal one."""

from __future__ import annotations

import math


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% (by default) Wilson score interval for a proportion."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean with a normal-approximation interval (scores are sums of many small parts)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)
