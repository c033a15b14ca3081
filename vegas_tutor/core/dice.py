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
from typing import Any

import numpy as np

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import RecordError
from vegas_tutor.i18n import _

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


def rng_state(rng: Rng) -> dict[str, Any]:
    """The generator's state as plain JSON data (a copy)."""
    state = rng.bit_generator.state
    return {**state, "state": dict(state["state"])}


def clone_rng(rng: Rng) -> Rng:
    """An independent generator in the same state."""
    twin = np.random.Generator(np.random.PCG64())
    twin.bit_generator.state = rng.bit_generator.state
    return twin


_U128 = 1 << 128


def rng_from_state(state: object) -> Rng:
    """A generator in a saved ``state`` (from :func:`rng_state`); a bad one raises :class:`RecordError`.

    >>> rng = make_rng(3); twin = rng_from_state(rng_state(rng))
    >>> int(twin.integers(100)) == int(rng.integers(100))
    True
    """
    if not isinstance(state, dict) or set(state) != {"bit_generator", "state", "has_uint32", "uinteger"}:
        raise RecordError(_("generator state must hold bit_generator, state, has_uint32 and uinteger"))
    inner = state["state"]
    if state["bit_generator"] != "PCG64" or not isinstance(inner, dict) or set(inner) != {"state", "inc"}:
        raise RecordError(_("generator state must be a PCG64 state with state and inc"))
    numbers = (inner["state"], inner["inc"], state["has_uint32"], state["uinteger"])
    if any(not is_int(n) or not 0 <= n < _U128 for n in numbers):
        raise RecordError(_("generator state numbers must be whole numbers in the 128-bit range"))
    if state["has_uint32"] not in (0, 1) or state["uinteger"] >= 1 << 32:
        raise RecordError(_("generator state has a bad buffered value"))
    rng = np.random.Generator(np.random.PCG64())
    rng.bit_generator.state = state
    return rng
