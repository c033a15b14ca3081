"""The front-end sources of a board: its ES module (with the shared helpers in front) and its CSS.

``widgets/`` holds plain files, no bundler: ``shared.js`` (small DOM and formatting helpers, plain
function declarations) and ``coach.js`` (the coach panel every playable board shows) are put in front of
a board's module so the browser receives one self-contained ES module (anywidget loads a module from a
string, where relative imports cannot resolve); ``shared.css`` and ``coach.css`` likewise.
The files are found through :mod:`vegas_tutor.resources`, so a non-editable wheel works too.
"""

from __future__ import annotations

from vegas_tutor.resources import widget_file

SHARED_JS = "shared.js"
SHARED_CSS = "shared.css"
COACH_JS = "coach.js"
COACH_CSS = "coach.css"


def module_source(board_js: str) -> str:
    """The ES module text of one board: ``shared.js``, ``coach.js``, then the board's own file."""
    return "\n".join(widget_file(name).read_text(encoding="utf-8") for name in (SHARED_JS, COACH_JS, board_js))


def style_source(board_css: str) -> str:
    """The CSS text of one board: ``shared.css``, ``coach.css``, then the board's own file."""
    return "\n".join(widget_file(name).read_text(encoding="utf-8") for name in (SHARED_CSS, COACH_CSS, board_css))
