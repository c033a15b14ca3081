"""Small helpers for the lessons' code cells (Voilà shows their output, never their code).

>>> markdown("Anna takes $80k").data
'Anna takes \\\\$80k'
"""

from __future__ import annotations

from IPython.display import Markdown


def markdown(text: str) -> Markdown:
    """Markdown to display, with every ``$`` escaped: in a notebook a ``$`` would start LaTeX math, and
    ``$10k to $90k`` would come out as a formula."""
    return Markdown(text.replace("$", "\\$"))  # type: ignore[no-untyped-call]
