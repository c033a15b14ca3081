"""The front-end sources of a widget: its ES module (with the shared helpers in front) and its CSS, and
:class:`WordedWidget`, the base of every widget, which sends the browser the lesson's language.

``widgets/`` holds plain files, no bundler: ``shared.js`` (small DOM and formatting helpers, plain
function declarations) and ``coach.js`` (the coach panel every playable board shows) are put in front of
a board's module so the browser receives one self-contained ES module (anywidget loads a module from a
string, where relative imports cannot resolve); ``shared.css`` and ``coach.css`` likewise.
``words.js`` (``t()`` and ``tn()``) comes first in every widget's module: each widget carries ``lang`` and
``strings``, the widgets' words in the language in force (:func:`vegas_tutor.i18n.js_strings`).
The files are found through :mod:`vegas_tutor.resources`, so a non-editable wheel works too.
"""

from __future__ import annotations

import anywidget
import traitlets as t

from vegas_tutor.i18n import js_strings, language
from vegas_tutor.resources import widget_file

WORDS_JS = "words.js"
SHARED_JS = "shared.js"
SHARED_CSS = "shared.css"
COACH_JS = "coach.js"
COACH_CSS = "coach.css"


def front_end(*names: str) -> str:
    """The files ``names`` of ``widgets/`` one after another (``words.js`` first for a module)."""
    if names and names[-1].endswith(".js"):
        names = (WORDS_JS, *names)
    return "\n".join(widget_file(name).read_text(encoding="utf-8") for name in names)


def module_source(board_js: str) -> str:
    """The ES module text of one board: ``words.js``, ``shared.js``, ``coach.js``, then the board's own file."""
    return front_end(SHARED_JS, COACH_JS, board_js)


def style_source(board_css: str) -> str:
    """The CSS text of one board: ``shared.css``, ``coach.css``, then the board's own file."""
    return "\n".join(widget_file(name).read_text(encoding="utf-8") for name in (SHARED_CSS, COACH_CSS, board_css))


class WordedWidget(anywidget.AnyWidget):
    """A widget that speaks the language in force when it is made."""

    lang = t.Unicode("en").tag(sync=True)
    """The language of the widget's words ("en" or "es")."""
    strings = t.Dict().tag(sync=True)
    """The widgets' words in that language (empty for English): English text -> its words."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.lang, self.strings = language(), js_strings()
