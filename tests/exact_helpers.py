"""Exact discrete distributions with ``fractions.Fraction``: the tests' second method for odds.

A :data:`Distribution` maps each value to its probability. A test composes them (a binomial over the hidden
dice, convolved with what is already known) and compares the result with the package's own odds, which are
computed another way (:mod:`vegas_tutor.liars_dice.odds`). Moved here from ``vegas_tutor.core.exact``: the
package itself never used it.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb

Distribution = dict[int, Fraction]


def binomial(n: int, p: Fraction) -> Distribution:
    """The number of successes in ``n`` independent trials of probability ``p``.

    >>> binomial(2, Fraction(1, 2)) == {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    True
    """
    if n < 0 or not 0 <= p <= 1:
        raise ValueError(f"binomial needs n >= 0 and 0 <= p <= 1, got n={n}, p={p}")
    q = 1 - p
    return {k: comb(n, k) * p**k * q ** (n - k) for k in range(n + 1)}


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> Distribution:
    """The distribution of the sum of two independent variables."""
    out: Distribution = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + px * py
    return dict(sorted(out.items()))


def shift(a: Mapping[int, Fraction], by: int) -> Distribution:
    """The distribution of ``X + by``."""
    return {x + by: p for x, p in a.items()}


def tail_at_least(a: Mapping[int, Fraction], k: int) -> Fraction:
    """P(X >= k)."""
    return sum((p for x, p in a.items() if x >= k), Fraction(0))


def expectation(a: Mapping[int, Fraction]) -> Fraction:
    """E[X]."""
    return sum((x * p for x, p in a.items()), Fraction(0))
