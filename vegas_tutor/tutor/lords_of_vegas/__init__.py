"""The tutor's widgets for Lords of Vegas: the board (48 lots, casinos, dice, players, score track, the
last card, the learner's actions) with its odds panel, the scenario stepper and a watched turn. Built like
the other boards (:mod:`vegas_tutor.tutor.las_vegas`, :mod:`vegas_tutor.tutor.liars_dice`).

>>> from vegas_tutor.tutor.lords_of_vegas import LordsOfVegasStepper
>>> LordsOfVegasStepper("LOV-REORG").stepper["count"]
4
"""

from vegas_tutor.tutor.lords_of_vegas.board import LordsOfVegasBoard
from vegas_tutor.tutor.lords_of_vegas.odds_panel import odds_panel
from vegas_tutor.tutor.lords_of_vegas.stepper import LordsOfVegasStepper, find_scenario, watch_turn

__all__ = ["LordsOfVegasBoard", "LordsOfVegasStepper", "find_scenario", "odds_panel", "watch_turn"]
