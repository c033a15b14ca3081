"""Seeded dice on numpy's ``Generator``, and the exact outcomes of a roll.

A roll of ``n`` dice is described by its *counts*: how many dice show each face 1..6. That is all
the games need (Las Vegas places all dice of a face; Liar's Dice counts faces), and it keeps the
chance outcomes few: 8 dice have 1,287 count patterns instead of 1,679,616 ordered rolls.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from math import factorial

import numpy as np

Rng = np.random.Generator
FACES = 6


def make_rng(seed: int | None = None) -> Rng:
    """A numpy Generator (PCG64); ``None`` seeds from the operating system."""
    return np.random.default_rng(seed)


def roll_counts(rng: Rng, n: int) -> tuple[int, ...]:
    """Roll ``n`` fair dice; return how many show each face 1..6."""
    if n < 0:
        raise ValueError(f"cannot roll {n} dice")
    faces = rng.integers(1, FACES + 1, size=n)
    return tuple(int(c) for c in np.bincount(faces, minlength=FACES + 1)[1:])


def _compositions(n: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in _compositions(n - first, parts - 1):
            yield (first, *rest)


@cache
def roll_outcomes(n: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every count pattern of ``n`` fair dice with its exact probability (they sum to 1).

    >>> [(c, str(p)) for c, p in roll_outcomes(1)][:2]
    [((1, 0, 0, 0, 0, 0), '1/6'), ((0, 1, 0, 0, 0, 0), '1/6')]
    """
    if n < 0:
        raise ValueError(f"cannot roll {n} dice")
    total = FACES**n
    out = []
    for counts in _compositions(n, FACES):
        ways = factorial(n)
        for c in counts:
            ways //= factorial(c)
        out.append((counts, Fraction(ways, total)))
    return tuple(out)
