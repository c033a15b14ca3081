"""What every game's scenario stepper shares: finding a scenario, Back / Next / Restart within bounds, and
the synced ``stepper`` view (id, title, step, narration, highlight).

A game's stepper subclasses its board with :class:`Stepping` first; the board's ``show_state`` draws each
step's position, and ``_after_step`` may add what else a step shows.

>>> from vegas_tutor.las_vegas.scenarios import SCENARIOS
>>> find_scenario("LV-TIE-1", SCENARIOS, "Las Vegas").title
'Ties cancel: Caesars Palace'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from typing import Any, Generic, TypeVar

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.core.scenario import Scenario
from vegas_tutor.i18n import _

S = TypeVar("S")


def find_scenario(scenario: str | Scenario[S], catalogue: Mapping[str, Scenario[S]], game: str) -> Scenario[S]:
    """A scenario by its catalogue id, or the scenario itself."""
    if isinstance(scenario, Scenario):
        return scenario
    if scenario not in catalogue:
        raise ConfigError(_("no {game} scenario {scenario!r}: choose one of {choices}", game=game, scenario=scenario,
                            choices=", ".join(catalogue)))
    return catalogue[scenario]


class Stepping(Generic[S]):
    """Back / Next / Restart over a scenario's steps; the board subclass draws each step."""

    _scenario: Scenario[S]
    _index: int
    _raise_if_refused: Callable[[dict[str, Any]], None]
    """The board's checked message handling (raises the refusal's error)."""
    show_state: Callable[..., None]
    """The board's way to show a position (``show_state(state, highlight=...)``)."""
    _refresh: Callable[[], None]
    hold_sync: Callable[[], AbstractContextManager[None]]
    stepper: dict[str, Any]
    _quiet: bool

    def _start_at(self, scenario: Scenario[S], start: int) -> None:
        steps = scenario.steps
        if not is_int(start) or not 0 <= start < len(steps):
            raise ConfigError(_("{scenario} has steps 0..{last}, not {start!r}", scenario=scenario.id,
                                last=len(steps) - 1, start=start))
        self._scenario, self._index = scenario, start

    @property
    def scenario(self) -> Scenario[S]:
        return self._scenario

    @property
    def index(self) -> int:
        """The step shown, from 0."""
        return self._index

    def next(self) -> None:
        """Show the next step; raises at the last one."""
        self._raise_if_refused({"type": "step", "to": "next"})

    def back(self) -> None:
        """Show the previous step; raises at the first one."""
        self._raise_if_refused({"type": "step", "to": "back"})

    def restart(self) -> None:
        """Show the first step again."""
        self._raise_if_refused({"type": "step", "to": "restart"})

    def _step(self, to: str) -> None:
        last = len(self._scenario.steps) - 1
        sid = self._scenario.id
        if to == "next":
            if self._index >= last:
                raise IllegalActionError(_("this is the last step of {scenario}: go back or restart", scenario=sid))
            self._index += 1
        elif to == "back":
            if self._index == 0:
                raise IllegalActionError(_("this is the first step of {scenario}: there is nothing before it",
                                           scenario=sid))
            self._index -= 1
        else:
            self._index = 0
        self._show_step()

    def _show_step(self) -> None:
        """Draw the current step on the board, then its narration, in one update."""
        step = self._scenario.steps[self._index]
        previous = self._scenario.steps[self._index - 1].state if self._index else None
        self._quiet = True
        self.show_state(step.state, highlight=step.highlight)
        self._after_step(previous)
        self._quiet = False
        with self.hold_sync():
            self.stepper = self._stepper_view()
            self._refresh()

    def _after_step(self, previous: S | None) -> None:
        """What a game's stepper adds to a step once its position is set (``previous``: the step before)."""

    def _stepper_view(self) -> dict[str, Any]:
        """The synced view of the step shown (a game's stepper may put its texts in the language in force)."""
        step = self._scenario.steps[self._index]
        return {
            "id": self._scenario.id,
            "title": self._scenario.title,
            "index": self._index,
            "count": len(self._scenario.steps),
            "narration": step.narration,
            "highlight": list(step.highlight),
        }
