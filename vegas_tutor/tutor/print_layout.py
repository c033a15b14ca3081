"""The teacher's page on paper and on a projector: its printable sheets (the class plans, the answer key and
the one-page rules handout of each game) are marked ``<div class="vt-sheet">`` in the page's markdown, and
:func:`print_layout` gives the page the stylesheet that lays them out: framed handouts in large type on
screen; in print only the sheets, each starting on a new page.

>>> markup = print_layout().data
>>> markup.startswith("<style>") and "@media print" in markup and ".vt-sheet" in markup
True
"""

from __future__ import annotations

from IPython.display import HTML

from vegas_tutor.resources import widget_file

STYLESHEET = "teacher_print.css"
"""The stylesheet, among the widgets' front-end files."""


def print_layout() -> HTML:
    """A ``<style>`` element with the teacher's page's screen and print layout (``widgets/teacher_print.css``)."""
    css = widget_file(STYLESHEET).read_text(encoding="utf-8")
    return HTML(f"<style>{css}</style>")  # type: ignore[no-untyped-call]
