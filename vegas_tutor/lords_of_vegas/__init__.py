"""Lords of Vegas (Mayfair 2010): the real board, the complete rules engine, exact odds, worked examples.

>>> from vegas_tutor.lords_of_vegas import new_game, LOTS
>>> LOTS["A2"].cost
6
>>> new_game(3, seed=7).phase
'deal'
"""

from vegas_tutor.lords_of_vegas.actions import (
    Action,
    Build,
    DrawCard,
    EndTurn,
    Gamble,
    LayOff,
    MoveDie,
    PlaceDie,
    Remodel,
    Reorganize,
    RollDice,
    Sprawl,
    parse_action,
)
from vegas_tutor.lords_of_vegas.board import (
    COLOURS,
    GAME_END,
    LOT_IDS,
    LOTS,
    SCORE_TRACK,
    STRIP,
    Lot,
    advance_score,
)
from vegas_tutor.lords_of_vegas.casinos import Casino
from vegas_tutor.lords_of_vegas.engine import State, new_game
from vegas_tutor.lords_of_vegas.rules import DICE_PER_PLAYER, MARKERS_PER_PLAYER, PLAYER_NAMES
from vegas_tutor.lords_of_vegas.trades import Offer, Trade, parse_trade

__all__ = [
    "COLOURS",
    "DICE_PER_PLAYER",
    "GAME_END",
    "LOTS",
    "LOT_IDS",
    "MARKERS_PER_PLAYER",
    "PLAYER_NAMES",
    "SCORE_TRACK",
    "STRIP",
    "Action",
    "Build",
    "Casino",
    "DrawCard",
    "EndTurn",
    "Gamble",
    "LayOff",
    "Lot",
    "MoveDie",
    "Offer",
    "PlaceDie",
    "Remodel",
    "Reorganize",
    "RollDice",
    "Sprawl",
    "State",
    "Trade",
    "advance_score",
    "new_game",
    "parse_action",
    "parse_trade",
]
