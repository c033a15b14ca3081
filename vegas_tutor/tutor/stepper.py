"""``ScenarioStepper``: a rulebook example played step by step on the board, with Back / Next / Restart.

The narration sits beside the board and the step's change is highlighted. The board only shows the
positions: it takes no moves.

>>> stepper = ScenarioStepper("LV-TIE-1")
>>> stepper.index, stepper.stepper["count"]
(0, 2)
>>> stepper.next(); stepper.index
1
>>> stepper.handle({"type": "step", "to": "next"}), stepper.error
(False, 'this is the last step of LV-TIE-1: go back or restart')
"""

from __future__ import annotations

from typing import Any

from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.core.scenario import Scenario
from vegas_tutor.las_vegas.engine import State
from vegas_tutor.las_vegas.scenarios import SCENARIOS
from vegas_tutor.tutor.board import LasVegasBoard


def find_scenario(scenario: str | Scenario[State]) -> Scenario[State]:
    """A scenario by its catalogue id (``"LV-TIE-1"``), or the scenario itself."""
    if isinstance(scenario, Scenario):
        return scenario
    if scenario not in SCENARIOS:
        raise ConfigError(f"no Las Vegas scenario {scenario!r}: choose one of {', '.join(SCENARIOS)}")
    return SCENARIOS[scenario]


class ScenarioStepper(LasVegasBoard):
    """Plays one ``Scenario`` of Las Vegas states: narration, highlight, Back / Next / Restart."""

    def __init__(self, scenario: str | Scenario[State], *, start: int = 0, **kwargs: Any) -> None:
        self._scenario = find_scenario(scenario)
        steps = self._scenario.steps
        if not isinstance(start, int) or not 0 <= start < len(steps):
            raise ConfigError(f"{self._scenario.id} has steps 0..{len(steps) - 1}, not {start!r}")
        self._index = start
        first = steps[start]
        kwargs.setdefault("show_odds", False)
        super().__init__(first.state, humans=(), interactive=False, **kwargs)
        self._show_step()

    @property
    def scenario(self) -> Scenario[State]:
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
                raise IllegalActionError(f"this is the last step of {sid}: go back or restart")
            self._index += 1
        elif to == "back":
            if self._index == 0:
                raise IllegalActionError(f"this is the first step of {sid}: there is nothing before it")
            self._index -= 1
        else:
            self._index = 0
        self._show_step()

    def _show_step(self) -> None:
        step = self._scenario.steps[self._index]
        previous = self._scenario.steps[self._index - 1].state if self._index else None
        continues = previous is not None and len(previous.log) <= len(step.state.log)
        log_from = len(previous.log) if previous is not None and continues else 0
        self._quiet = True
        self.set_state(step.state, highlight=step.highlight)
        self._log_from = log_from
        self._quiet = False
        with self.hold_sync():
            self.stepper = {
                "id": self._scenario.id,
                "title": self._scenario.title,
                "index": self._index,
                "count": len(self._scenario.steps),
                "narration": step.narration,
                "highlight": list(step.highlight),
            }
            self._refresh()
