"""The tutor's widgets for Las Vegas: the board (with its odds panel and what-if mode), the scenario stepper
and a watched round. ``ScenarioStepper`` is the stepper's former name.

>>> from vegas_tutor.tutor.las_vegas import LasVegasBoard
>>> board = LasVegasBoard(players=2, seed=1)
>>> board.board["turn"]["name"], board.odds["status"]
('You', 'waiting')
"""

from vegas_tutor.tutor.las_vegas.board import LasVegasBoard
from vegas_tutor.tutor.las_vegas.stepper import LasVegasStepper, ScenarioStepper, find_scenario, watch_round

__all__ = ["LasVegasBoard", "LasVegasStepper", "ScenarioStepper", "find_scenario", "watch_round"]
