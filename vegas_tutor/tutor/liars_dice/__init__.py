"""The tutor's widgets for Liar's Dice: the table (cups, bid track, bids, reveal) with its odds panel, the
scenario stepper and a watched round. Built like the other boards (:mod:`vegas_tutor.tutor.las_vegas`);
``LiarsDiceTable`` is the board's former name.

>>> from vegas_tutor.tutor.liars_dice import LiarsDiceBoard, LiarsDiceStepper
>>> LiarsDiceStepper("LD-COUNT").stepper["count"]
3
"""

from vegas_tutor.tutor.liars_dice.board import LiarsDiceBoard, LiarsDiceTable
from vegas_tutor.tutor.liars_dice.stepper import LiarsDiceStepper, find_scenario, watch_round

__all__ = ["LiarsDiceBoard", "LiarsDiceStepper", "LiarsDiceTable", "find_scenario", "watch_round"]
