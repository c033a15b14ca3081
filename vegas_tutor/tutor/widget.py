"""``TutorWidget``: what every game board shares — the message loop, refusals, and the synced basics.

The browser sends intents; :meth:`TutorWidget.handle` checks each one with the game's parser and carries it
out through the engine. A refused message sets ``error`` to a plain-words reason and changes nothing else.
A game's board subclasses it and provides ``_parse`` (the message checker), ``_carry_out`` and ``_refresh``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets as t

from vegas_tutor.core.errors import IllegalActionError, VegasTutorError


class TutorWidget(anywidget.AnyWidget):
    """The message loop and the traits every board syncs."""

    stepper = t.Dict().tag(sync=True)
    """A scenario's title, step and narration (empty unless the board plays a scenario)."""
    error = t.Unicode("").tag(sync=True)
    """The plain-words reason the last intent was refused ("" after an accepted one)."""
    show_odds = t.Bool(True).tag(sync=True)
    what_if = t.Bool(False).tag(sync=True)
    interactive = t.Bool(True).tag(sync=True)
    """False for a board that only shows positions (a scenario stepper)."""
    version = t.Int(0).tag(sync=True)
    """Bumped after every update (the browser tests and the benchmarks wait on it)."""

    _parse: Callable[[object], Any]
    """The game's message checker: a message in, an intent out, or ``InvalidActionError``."""
    _carry_out: Callable[[Any], None]
    """Carry out a checked intent through the engine; raises ``VegasTutorError`` when it is refused."""
    _refresh: Callable[[], None]
    """Rebuild the synced projections from the state."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_msg)

    def handle(self, content: object) -> bool:
        """Carry out one message from the browser; ``False`` (and ``error`` set) when it is refused."""
        try:
            self._carry_out(self._parse(content))
        except VegasTutorError as refusal:
            self.error = str(refusal)
            self.version += 1
            return False
        self.error = ""
        self._refresh()
        return True

    def _raise_if_refused(self, content: dict[str, Any]) -> None:
        if not self.handle(content):
            raise IllegalActionError(self.error)

    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        self.handle(content)
