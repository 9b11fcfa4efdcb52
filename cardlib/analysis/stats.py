"""The lab's intervals, in plain Python (no numpy): Wilson's score interval for a rate, and
the percentile bootstrap, from a seeded generator, for anything else.

    >>> low, high = wilson(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    >>> wilson(0, 0)
    (0.0, 1.0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from statistics import NormalDist

#: the confidence of every interval of the lab
CONFIDENCE = 0.95


def z_for(confidence: float = CONFIDENCE) -> float:
    """The normal quantile of a two-sided interval (1.96 for 95%)."""
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: float, n: int, z: float | None = None) -> tuple[float, float]:
    """Wilson's score interval for a rate of ``successes`` in ``n`` trials (Wilson 1927;
    Agresti & Coull 1998 show it keeps its coverage near 0 and 1, where the textbook
    interval does not).  A tie's shared win makes ``successes`` a fraction: the interval is
    that of the rate ``successes / n``.  No trials: the interval is all of [0, 1]."""
    if n <= 0:
        return 0.0, 1.0
    z = z_for() if z is None else z
    p = min(1.0, max(0.0, successes / n))
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def bootstrap(
    columns: Sequence[Sequence[float]],
    statistics: Sequence[Callable[[list[float], int], float]],
    *,
    resamples: int,
    rng: random.Random,
    confidence: float = CONFIDENCE,
) -> list[tuple[float, float]]:
    """Percentile bootstrap intervals (Efron & Tibshirani 1993, ch. 13) of statistics of the
    games: each resample draws ``len(columns[0])`` games with replacement (the same games for
    every statistic, from ``rng``), sums every column over them, and each statistic is
    ``stat(sums, n)``; an interval is the resamples' ``(1 - confidence) / 2`` and ``(1 +
    confidence) / 2`` quantiles.  No games: every interval is (nan, nan)."""
    n = len(columns[0]) if columns else 0
    if n == 0 or resamples <= 0:
        return [(math.nan, math.nan)] * len(statistics)
    picks = range(n)
    drawn: list[list[float]] = [[] for _ in statistics]
    getters = [c.__getitem__ for c in columns]
    for _ in range(resamples):
        chosen = rng.choices(picks, k=n)
        sums = [math.fsum(map(get, chosen)) for get in getters]
        for out, stat in zip(drawn, statistics, strict=True):
            out.append(stat(sums, n))
    return [
        _percentiles(sorted(v for v in values if not math.isnan(v)), confidence) for values in drawn
    ]


def _percentiles(values: list[float], confidence: float) -> tuple[float, float]:
    if not values:
        return math.nan, math.nan
    low = values[math.floor((1 - confidence) / 2 * (len(values) - 1))]
    high = values[math.ceil((1 + confidence) / 2 * (len(values) - 1))]
    return low, high


__all__ = ["CONFIDENCE", "bootstrap", "wilson", "z_for"]
