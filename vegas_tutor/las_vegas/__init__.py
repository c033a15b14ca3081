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
from vegas_tutor.las_vegas.engine import CasinoPayout, Config, State, new_game
from vegas_tutor.las_vegas.rules import BILLS, CASINO_NAMES, CASINOS, WHITE, settle_casino

TYPE_CHECKING = False
if TYPE_CHECKING:
    from vegas_tutor.las_vegas.simulate import simulate_games


def __getattr__(name: str) -> object:
    """``simulate_games`` loads the compiled simulator (numba) only when first asked for."""
    if name == "simulate_games":
        from vegas_tutor.las_vegas.simulate import simulate_games

        return simulate_games
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "BILLS",
    "CASINOS",
    "CASINO_NAMES",
    "WHITE",
    "Action",
    "CasinoPayout",
    "Config",
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
