"""Las Vegas (Rüdiger Dorn): the rules engine, its fast simulator, live odds and the rulebook's examples.

>>> state = new_game(players=3, seed=7)
>>> state.apply("roll"); state.apply(state.legal_actions()[0])
>>> state.current_player
1
"""

from vegas_tutor.core.errors import (
    ConfigError,
    IllegalActionError,
    InvalidActionError,
    RecordError,
    VegasTutorError,
)
from vegas_tutor.las_vegas.actions import Action, Place, Roll, parse_action
from vegas_tutor.las_vegas.engine import CasinoPayout, State, new_game
from vegas_tutor.las_vegas.rules import BILLS, CASINO_NAMES, CASINOS, WHITE, settle_casino
from vegas_tutor.las_vegas.simulate import simulate_games

__all__ = [
    "BILLS",
    "CASINOS",
    "CASINO_NAMES",
    "WHITE",
    "Action",
    "CasinoPayout",
    "ConfigError",
    "IllegalActionError",
    "InvalidActionError",
    "Place",
    "RecordError",
    "Roll",
    "State",
    "VegasTutorError",
    "new_game",
    "parse_action",
    "settle_casino",
    "simulate_games",
]
