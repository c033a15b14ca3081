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

from vegas_tutor.core.scenario import Scenario
from vegas_tutor.las_vegas.engine import State
from vegas_tutor.las_vegas.scenarios import SCENARIOS
from vegas_tutor.tutor.board import LasVegasBoard
from vegas_tutor.tutor.stepping import Stepping
from vegas_tutor.tutor.stepping import find_scenario as find_in


def find_scenario(scenario: str | Scenario[State]) -> Scenario[State]:
    """A scenario by its catalogue id (``"LV-TIE-1"``), or the scenario itself."""
    return find_in(scenario, SCENARIOS, "Las Vegas")


class ScenarioStepper(Stepping[State], LasVegasBoard):
    """Plays one ``Scenario`` of Las Vegas states: narration, highlight, Back / Next / Restart."""

    def __init__(self, scenario: str | Scenario[State], *, start: int = 0, **kwargs: Any) -> None:
        self._start_at(find_scenario(scenario), start)
        kwargs.setdefault("show_odds", False)
        super().__init__(self._scenario.steps[start].state, humans=(), interactive=False, **kwargs)
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
            self.stepper = self._stepper_view()
            self._refresh()
