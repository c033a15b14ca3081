"""The tutor's widgets for Liar's Dice: the table (cups, bid track, bids, reveal) with its odds panel, the
scenario stepper and a watched round. Built like the Las Vegas board (:mod:`vegas_tutor.tutor`).

>>> from vegas_tutor.tutor.liars_dice import LiarsDiceStepper, LiarsDiceTable
>>> LiarsDiceStepper("LD-COUNT").stepper["count"]
3
"""

from vegas_tutor.tutor.liars_dice.stepper import LiarsDiceStepper, find_ld_scenario, watch_ld_round
from vegas_tutor.tutor.liars_dice.table import LiarsDiceTable

__all__ = ["LiarsDiceStepper", "LiarsDiceTable", "find_ld_scenario", "watch_ld_round"]
