"""Small helpers for the lessons' code cells (Voilà shows their output, never their code).

A lesson's computed tables are full of dollar amounts, and a notebook's math typesetting would read
``$10k to $90k`` as a formula. These helpers write plain HTML inside an element MathJax is told to skip
(classes ``tex2jax_ignore`` for MathJax 2 and ``mathjax_ignore`` for MathJax 3), with every text escaped.

>>> markup = table(["Casino", "Bill"], [[3, "$80k"]]).data
>>> markup.startswith('<table class="tex2jax_ignore mathjax_ignore'), "<td>3</td><td>$80k</td>" in markup
(True, True)
>>> paragraph("Anna takes $80k & Denny $30k", bold="Paid:").data
'<p class="tex2jax_ignore mathjax_ignore"><strong>Paid:</strong> Anna takes $80k &amp; Denny $30k</p>'

Chances are shown in words a learner reads aloud, the exact fraction only on demand:

>>> chance(Fraction(1, 27)), chance(Fraction(14316139, 14348907)), chance(Fraction(1, 2)), chance(Fraction(0))
('about 3.7% (1 in 27)', 'about 99.8%', 'exactly 50%', 'impossible (0%)')
>>> exact_details(Fraction(14316139, 14348907)).endswith('<p>14,316,139 / 14,348,907</p></details>')
True

In Spanish (the language in force of a Spanish lesson):

>>> from vegas_tutor.i18n import using
>>> with using("es"):
...     chance(Fraction(1, 27)), chance(Fraction(1, 2)), chance(Fraction(14316139, 14348907))
('alrededor del 3,7\xa0% (1 entre 27)', 'exactamente el 50\xa0%', 'alrededor del 99,8\xa0%')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape

from IPython.display import HTML

from vegas_tutor.i18n import _, number, percent

IGNORE_MATH = "tex2jax_ignore mathjax_ignore"
"""The classes that keep MathJax 2 and 3 away from an element."""


def table(headers: Sequence[object], rows: Sequence[Sequence[object]]) -> HTML:
    """An HTML table of plain texts, left to MathJax alone."""
    head = "".join(f"<th>{escape(str(h))}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    markup = f'<table class="{IGNORE_MATH} vt-table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
    return HTML(markup)  # type: ignore[no-untyped-call]


def paragraph(text: str, *, bold: str = "") -> HTML:
    """One paragraph of plain text (optionally led by a bold phrase), left to MathJax alone."""
    lead = f"<strong>{escape(bold)}</strong> " if bold else ""
    return HTML(f'<p class="{IGNORE_MATH}">{lead}{escape(text)}</p>')  # type: ignore[no-untyped-call]


def chance(p: Fraction) -> str:
    """A probability in words: "about 3.7% (1 in 27)", "exactly 50%", "certain (100%)"."""
    p = Fraction(p)
    if not 0 <= p <= 1:
        raise ValueError(f"a probability lies between 0 and 1, got {p}")
    if p == 0:
        return _("impossible ({share})", share=percent(0))
    if p == 1:
        return _("certain ({share})", share=percent(1))
    if (p * 1000).denominator == 1:
        return _("exactly {share}", share=percent(p, 0 if (p * 100).denominator == 1 else 1))
    shown = percent(p, None)
    if p.numerator == 1:
        return _("about {share} (1 in {n:,})", share=shown, n=p.denominator)
    return _("about {share}", share=shown)


def exact_details(p: Fraction, summary: str = "") -> str:
    """HTML: a closed details line (``summary``, by default "The exact figure") that shows ``p`` as an exact
    fraction when opened."""
    p = Fraction(p)
    summary = summary or _("The exact figure")
    return (f'<details class="{IGNORE_MATH} vt-exact"><summary>{escape(summary)}</summary>'
            f"<p>{number(p.numerator)} / {number(p.denominator)}</p></details>")
