"""The tutor's widgets for Lords of Vegas: the board (48 lots, casinos, dice, players, score track, the
last card, the learner's actions) with its odds panel, the scenario stepper and a watched turn. Built like
the other boards (:mod:`vegas_tutor.tutor.las_vegas`, :mod:`vegas_tutor.tutor.liars_dice`).

The widgets load on first use, so that a page importing only :mod:`vegas_tutor.tutor.lords_of_vegas.lab` does
not load the board and its compiled coach (numba).

>>> from vegas_tutor.tutor.lords_of_vegas import LordsOfVegasStepper
>>> LordsOfVegasStepper("LOV-REORG").stepper["count"]
4
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from vegas_tutor.tutor.lords_of_vegas.odds_panel import odds_panel  # (light; and its name is its module's)

if TYPE_CHECKING:
    from vegas_tutor.tutor.lords_of_vegas.board import LordsOfVegasBoard
    from vegas_tutor.tutor.lords_of_vegas.stepper import LordsOfVegasStepper, find_scenario, watch_turn

_HOMES = {"LordsOfVegasBoard": "board", "LordsOfVegasStepper": "stepper", "find_scenario": "stepper",
          "watch_turn": "stepper"}

__all__ = ["LordsOfVegasBoard", "LordsOfVegasStepper", "find_scenario", "odds_panel", "watch_turn"]


def __getattr__(name: str) -> Any:
    """A widget's name, imported from its module the first time it is asked for."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value
