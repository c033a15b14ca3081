"""``TutorWidget``: what every game board shares — the message loop, refusals, and the synced basics.

The browser sends intents; :meth:`TutorWidget.handle` checks each one with the game's parser and carries it
out through the engine. A refused message sets ``error`` to a plain-words reason and changes nothing else.
A game's board subclasses it and provides ``_parse`` (the message checker), ``_carry_out``, ``_refresh``
and ``_play_others`` (chance and bots until the learner must act).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets as t

from vegas_tutor.core.dice import make_rng
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
    _play_others: Callable[[], None]
    """Let chance and the bots play until the learner must act (or the game ends)."""
    _noun = "board"
    """What the learner calls this widget in a refusal ("board", "table")."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_msg)

    def _begin(self, seed: int | None) -> None:
        """Start of a board's ``__init__``: its seeded generators, and no projections until :meth:`_ready`."""
        self._seeds = make_rng(seed)
        self._bot_rng = make_rng(self._next_seed())
        self._quiet = True
        """While true, ``_refresh`` does nothing (the board is being built or changed in several steps)."""

    def _ready(self) -> None:
        """End of a board's ``__init__``: the others play up to the learner, then the first projections."""
        if self.interactive:
            self._play_others()
        self._quiet = False
        self._refresh()

    def _next_seed(self) -> int:
        """A fresh seed from the board's own seeded generator (new games, simulations)."""
        return int(self._seeds.integers(2**32))

    def _check_playable(self) -> None:
        if not self.interactive:
            raise IllegalActionError(f"this {self._noun} shows a position: it does not take moves")

    def _step(self, to: str) -> None:
        raise IllegalActionError(f"this {self._noun} is not playing an example: there are no steps")

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
