"""The front-end sources of a widget: its ES module (with the shared helpers in front) and its CSS, and
:class:`WordedWidget`, the base of every widget, which sends the browser the lesson's language.

``widgets/`` holds plain files, no bundler: ``shared.js`` (small DOM and formatting helpers, plain
function declarations) and ``coach.js`` (the coach panel every playable board shows) are put in front of
a board's module so the browser receives one self-contained ES module (anywidget loads a module from a
string, where relative imports cannot resolve); ``shared.css`` and ``coach.css`` likewise.
``words.js`` (``t()`` and ``tn()``) comes first in every widget's module: each widget carries ``lang`` and
``strings``, the words of the files its own module is made of (a :class:`WidgetModule` remembers them) in
the language in force (:func:`vegas_tutor.i18n.js_strings`): a Spanish board receives its own words and
the shared helpers', not every widget's.
The files are found through :mod:`vegas_tutor.resources`, so a non-editable wheel works too.

The browser only draws and sends intents: a :class:`WordedWidget` refuses every ``update`` (and
``echo_update``) comm message from the front end, which ipywidgets would otherwise apply to any synced trait,
so no page can write a board's state, a prediction's answer or a chart's data. ``request_state`` and
``custom`` messages (the intents) work as before.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

import anywidget
import traitlets as t

from vegas_tutor.i18n import js_strings, language
from vegas_tutor.resources import widget_file

WORDS_JS = "words.js"
SHARED_JS = "shared.js"
INBOX_JS = "practice_inbox.js"
SHARED_CSS = "shared.css"
COACH_JS = "coach.js"
PLOTLY_JS = "plotly_loader.js"
"""How a widget asks the kernel for plotly.js and draws with it (the labs' charts, the review's chart)."""
COACH_CSS = "coach.css"
REFUSED_METHODS = frozenset({"update", "echo_update"})
"""Comm methods by which a front end would write synced traits: refused by every :class:`WordedWidget`."""

_log = logging.getLogger("vegas_tutor")


@functools.cache
def plotly_bundle() -> bytes:
    """plotly.js from the installed ``plotly`` package (a page receives it once, when a chart first needs it)."""
    from plotly.offline import get_plotlyjs  # type: ignore[import-untyped]

    return str(get_plotlyjs()).encode("utf-8")


class WidgetModule(str):
    """A widget's ES module text that remembers the ``widgets/`` files it is made of (their words are the
    widget's words)."""

    files: tuple[str, ...]

    def __new__(cls, text: str, files: tuple[str, ...]) -> WidgetModule:
        module = super().__new__(cls, text)
        module.files = files
        return module


def front_end(*names: str) -> str:
    """The files ``names`` of ``widgets/`` one after another: for a module (``.js``), ``words.js`` first and
    the text a :class:`WidgetModule`."""
    if names and names[-1].endswith(".js"):
        names = (WORDS_JS, *names)
        return WidgetModule("\n".join(widget_file(name).read_text(encoding="utf-8") for name in names), names)
    return "\n".join(widget_file(name).read_text(encoding="utf-8") for name in names)


def module_source(board_js: str) -> str:
    """The ES module text of one board: ``words.js``, ``practice_inbox.js``, ``shared.js``, ``coach.js``, then the
    board's own file."""
    return front_end(INBOX_JS, SHARED_JS, PLOTLY_JS, COACH_JS, board_js)


def style_source(board_css: str) -> str:
    """The CSS text of one board: ``shared.css``, ``coach.css``, then the board's own file."""
    return "\n".join(widget_file(name).read_text(encoding="utf-8") for name in (SHARED_CSS, COACH_CSS, board_css))


def widget_strings(widget_class: type) -> dict[str, Any]:
    """The words ``widget_class``'s module uses, in the language in force: those of the files its
    :class:`WidgetModule` is made of (every widget's words for a module made otherwise)."""
    module = next((vars(base)["_esm"] for base in widget_class.__mro__ if "_esm" in vars(base)), None)
    return js_strings(files=module.files if isinstance(module, WidgetModule) else None)


class WordedWidget(anywidget.AnyWidget):
    """A widget that speaks the language in force when it is made."""

    lang = t.Unicode("en").tag(sync=True)
    """The language of the widget's words ("en" or "es")."""
    strings = t.Dict().tag(sync=True)
    """The words of the widget's own module in that language (empty for English): English text -> its words."""

    def __init__(self, **kwargs: object) -> None:
        strings = widget_strings(type(self))  # before ipywidgets swaps in a subclass holding the traits
        super().__init__(**kwargs)
        self.lang, self.strings = language(), strings

    def _handle_msg(self, msg: dict[str, Any]) -> None:
        """Handle a comm message from the front end, refusing any write of a synced trait (one warning
        logged, nothing changed); every other message is ipywidgets' own."""
        content = msg.get("content") if isinstance(msg, dict) else None
        data = content.get("data") if isinstance(content, dict) else None
        method = data.get("method") if isinstance(data, dict) else None
        if method in REFUSED_METHODS or not isinstance(method, str):
            state = data.get("state") if isinstance(data, dict) else None
            names = sorted(str(name) for name in state)[:8] if isinstance(state, dict) else []
            _log.warning("vegas-tutor: %s refused a front-end %r of %s: the browser sends intents only",
                         type(self).__name__, method if isinstance(method, str) else None, names)
            return
        super()._handle_msg(msg)
