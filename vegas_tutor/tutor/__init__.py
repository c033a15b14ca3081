"""The tutor's widgets for Las Vegas: the board (with its odds panel and what-if mode), the scenario
stepper, a watched round, and prediction questions for the lessons.

>>> from vegas_tutor.tutor import LasVegasBoard
>>> board = LasVegasBoard(players=2, seed=1)
>>> board.board["turn"]["name"], board.odds["status"]
('You', 'waiting')
"""

from vegas_tutor.tutor.board import LasVegasBoard
from vegas_tutor.tutor.question import Prediction
from vegas_tutor.tutor.stepper import ScenarioStepper, find_scenario
from vegas_tutor.tutor.walkthrough import watch_round

__all__ = ["LasVegasBoard", "Prediction", "ScenarioStepper", "find_scenario", "watch_round"]
