"""The Python side of the lessons' widgets: one subpackage per game, of the same shape
(``board``, ``intents``, ``projection``, ``stepper``, ``odds_panel``), on shared pieces (``widget``,
``messages``, ``stepping``, ``question``, ``notebook``, ``assets``, ``lab``).

The Las Vegas widgets and the prediction question are importable from here, as the lessons use them. They
are imported on first use: a page that needs only a progress line or a question does not load the boards
(and their compiled simulator). The three games' boards and steppers are named alike (``LasVegasBoard``,
``LasVegasStepper``...; ``ScenarioStepper`` and ``LiarsDiceTable`` are kept as their former names), and
:mod:`vegas_tutor.core.games` lists them with the rest of each game.

>>> from vegas_tutor.tutor import LasVegasStepper
>>> LasVegasStepper("LV-TIE-1").stepper["id"]
'LV-TIE-1'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vegas_tutor.tutor.las_vegas import (
        LasVegasBoard,
        LasVegasStepper,
        ScenarioStepper,
        find_scenario,
        watch_round,
    )
    from vegas_tutor.tutor.question import Prediction

__all__ = ["LasVegasBoard", "LasVegasStepper", "Prediction", "ScenarioStepper", "find_scenario", "watch_round"]

_HOMES = {"Prediction": "vegas_tutor.tutor.question", "LasVegasBoard": "vegas_tutor.tutor.las_vegas",
          "LasVegasStepper": "vegas_tutor.tutor.las_vegas", "ScenarioStepper": "vegas_tutor.tutor.las_vegas",
          "find_scenario": "vegas_tutor.tutor.las_vegas", "watch_round": "vegas_tutor.tutor.las_vegas"}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
