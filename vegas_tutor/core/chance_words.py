"""A chance in words a learner reads aloud, in the language in force: the one place the tutor turns a
probability into "about 1 in 33" or "almost certain".

Below 1 in 5 a chance is said as "about 1 in N" (N the nearest whole number to 1/p); above 4 in 5 as its
mirror, "about N-1 in N"; between them as the simplest fraction with a denominator up to 10 that lies within
2 points of it (an exact ``Fraction`` with such a denominator is said as it is: "4 in 9"). Under 1% it is
"almost never", from 99% "almost certain"; only 0 is "never" and only 1 "certain". ``share=True`` puts the
percentage in front, the words in brackets.

>>> chance_words(0.03, share=True), chance_words(0.52), chance_words(0.66), chance_words(0.97)
('3% (about 1 in 33)', 'about 1 in 2', 'about 2 in 3', 'about 32 in 33')
>>> chance_words(0.004), chance_words(0.995, share=True), chance_words(0), chance_words(Fraction(1))
('almost never', '99.5% (almost certain)', 'never', 'certain')
>>> from vegas_tutor.i18n import using
>>> with using("es"):
...     chance_words(0.03, share=True), chance_words(Fraction(1, 4)), chance_words(0.999)
('3\\xa0% (alrededor de 1 de cada 33)', '1 de cada 4', 'casi seguro')
>>> chance_words(1.5)
Traceback (most recent call last):
...
ValueError: a chance lies between 0 and 1, got 1.5
"""

from __future__ import annotations

import math
from fractions import Fraction

from vegas_tutor.i18n import _, percent

ALMOST = 0.01
"""Below this a chance is "almost never"; from 1 minus it, "almost certain"."""
ONE_IN = 0.2
"""Below this a chance is "about 1 in N" (and above 1 minus it, "about N-1 in N")."""
MIDDLE_DENOMINATORS = range(2, 11)
"""Between ``ONE_IN`` and ``1 - ONE_IN``: fractions with these denominators, the smallest first."""
MIDDLE_TOLERANCE = 0.02
"""The first such fraction this close to the chance is taken (else the closest of all)."""


def chance_words(p: float | Fraction, *, share: bool = False) -> str:
    """``p`` (0..1) in words: "never", "almost never", "about 1 in 33", "about 2 in 3", "almost certain",
    "certain"; with ``share``, led by its percentage: "3% (about 1 in 33)"."""
    value = float(p)
    if math.isnan(value) or not 0 <= value <= 1:
        raise ValueError(f"a chance lies between 0 and 1, got {p}")
    if isinstance(p, Fraction) and ONE_IN <= p <= 1 - ONE_IN and p.denominator in MIDDLE_DENOMINATORS:
        words = _("{n} in {d}", n=p.numerator, d=p.denominator)  # an exact chance said as it is: "4 in 9"
    else:
        words = _words(value)
    if not share:
        return words
    return _("{share} ({words})", share=_share(value), words=words)


def _words(p: float) -> str:
    if p == 0:
        return _("never")
    if p == 1:
        return _("certain")
    if p < ALMOST:
        return _("almost never")
    if p >= 1 - ALMOST:
        return _("almost certain")
    if p < ONE_IN:
        return _in(1, round(1 / p), p)
    if p > 1 - ONE_IN:
        d = round(1 / (1 - p))
        return _in(d - 1, d, p)
    n, d = _simple_fraction(p)
    return _in(n, d, p)


def _in(n: int, d: int, p: float) -> str:
    """"n in d", led by "about" unless it is the chance exactly."""
    if abs(n / d - p) < 1e-12:
        return _("{n} in {d}", n=n, d=d)
    return _("about {n} in {d}", n=n, d=d)


def _simple_fraction(p: float) -> tuple[int, int]:
    """The fraction of the smallest denominator in :data:`MIDDLE_DENOMINATORS` within
    :data:`MIDDLE_TOLERANCE` of ``p`` (the closest of them all when none is)."""
    candidates = [(n, d) for d in MIDDLE_DENOMINATORS for n in range(1, d) if math.gcd(n, d) == 1]
    for n, d in candidates:
        if abs(n / d - p) <= MIDDLE_TOLERANCE:
            return n, d
    return min(candidates, key=lambda nd: abs(nd[0] / nd[1] - p))


def _share(p: float) -> str:
    """The percentage: whole below 99% and above 1%, one decimal nearer the ends, "< 0.1%" at the very ends."""
    if p in (0, 1):
        return percent(p)
    if p < 0.001:
        return _("under {share}", share=percent(0.001, 1))
    if p > 0.999:
        return _("over {share}", share=percent(0.999, 1))
    if p < ALMOST or p >= 1 - ALMOST:
        return percent(p, 1)
    return percent(p)
