"""The Python side of the lessons' widgets: one subpackage per game, of the same shape
(``board``, ``intents``, ``projection``, ``stepper``, ``odds_panel``), on shared pieces (``widget``,
``messages``, ``stepping``, ``question``, ``notebook``, ``assets``).

The Las Vegas widgets and the prediction question are importable from here, as the lessons use them:

>>> from vegas_tutor.tutor import ScenarioStepper
>>> ScenarioStepper("LV-TIE-1").stepper["id"]
'LV-TIE-1'
"""

from vegas_tutor.tutor.las_vegas import LasVegasBoard, ScenarioStepper, find_scenario, watch_round
from vegas_tutor.tutor.question import Prediction

__all__ = ["LasVegasBoard", "Prediction", "ScenarioStepper", "find_scenario", "watch_round"]
