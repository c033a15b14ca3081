"""The one chance-in-words function, over the whole range 0..1, in English and Spanish."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import pytest

from vegas_tutor.core.chance_words import chance_words
from vegas_tutor.i18n import using

GRID = [i / 10_000 for i in range(10_001)] + [1e-9, 1e-4, 0.0099, 0.0101, 0.1999, 0.8001, 0.9899, 0.99, 1 - 1e-9]
IN = {"en": re.compile(r"^(about )?(\d+) in (\d+)$"), "es": re.compile(r"^(alrededor de )?(\d+) de cada (\d+)$")}
ENDS = {"en": ("never", "almost never", "almost certain", "certain"),
        "es": ("nunca", "casi nunca", "casi seguro", "seguro")}


def _meaning(words: str, lang: str) -> tuple[float, float] | str:
    """What a learner reads: the fraction "n in d" says, or the word at an end of the range."""
    match = IN[lang].match(words)
    if match is None:
        assert words in ENDS[lang], words
        return words
    return int(match[2]), int(match[3])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_chance_reads_as_a_fraction_near_it_or_as_the_right_word_at_the_ends(lang: str) -> None:
    never, almost_never, almost_certain, certain = ENDS[lang]
    with using(lang):
        for p in GRID:
            words = chance_words(p)
            meaning = _meaning(words, lang)
            if isinstance(meaning, str):
                expected = (never if p == 0 else certain if p == 1 else almost_never if p < 0.01
                            else almost_certain if p >= 0.99 else None)
                assert meaning == expected, (p, words)
                continue
            n, d = meaning
            assert 0.01 <= p < 0.99 and 0 < n < d, (p, words)
            assert abs(n / d - p) <= 0.03, (p, words)  # within 3 points of the chance
            if p < 0.2:
                assert n == 1, (p, words)  # small chances: always "1 in N", N in whole numbers
            elif p > 0.8:
                assert n == d - 1, (p, words)
            else:
                assert d <= 10, (p, words)  # the middle: small denominators a learner pictures


@pytest.mark.parametrize("lang", ["en", "es"])
def test_words_never_go_backwards_as_the_chance_grows(lang: str) -> None:
    with using(lang):
        said = [chance_words(p) for p in GRID[:10_001]]
    values = []
    for words in said:
        meaning = _meaning(words, lang)
        values.append({ENDS[lang][0]: 0.0, ENDS[lang][1]: 0.005, ENDS[lang][2]: 0.995, ENDS[lang][3]: 1.0}[meaning]
                      if isinstance(meaning, str) else meaning[0] / meaning[1])
    assert all(b >= a for a, b in itertools.pairwise(values)), "a higher chance read as a lower one"


def test_the_words_the_issue_asked_for() -> None:
    assert chance_words(0.03, share=True) == "3% (about 1 in 33)"
    assert chance_words(0.03) == "about 1 in 33"  # not "about 1 in 2", as the old panel said from 1% to 5%
    assert chance_words(0.012) == "about 1 in 83"
    assert chance_words(0.97, share=True) == "97% (about 32 in 33)"
    assert chance_words(0.005) == "almost never" and chance_words(0.995) == "almost certain"
    assert chance_words(0.48) == "about 1 in 2" and chance_words(Fraction(1, 2)) == "1 in 2"
    assert chance_words(Fraction(1, 3)) == "1 in 3" and chance_words(0.34) == "about 1 in 3"
    assert chance_words(1e-5, share=True) == "under 0.1% (almost never)"
    assert chance_words(0.9995, share=True) == "over 99.9% (almost certain)"
    assert chance_words(0, share=True) == "0% (never)" and chance_words(1, share=True) == "100% (certain)"
    with using("es"):
        assert chance_words(0.03, share=True) == "3\u00a0% (alrededor de 1 de cada 33)"
        assert chance_words(0.004, share=True) == "0,4\u00a0% (casi nunca)"
        assert chance_words(Fraction(1, 2)) == "1 de cada 2"
        assert chance_words(1e-5, share=True) == "menos del 0,1\u00a0% (casi nunca)"


@pytest.mark.parametrize("bad", [-0.01, 1.0001, float("nan"), Fraction(3, 2)])
def test_a_value_outside_0_to_1_is_refused(bad: float) -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        chance_words(bad)
