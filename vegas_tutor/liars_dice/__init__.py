"""Liar's Dice, board edition: the rules engine, exact bid odds, batched simulation and worked examples."""

from vegas_tutor.liars_dice.actions import Action, Challenge, Roll, Show, parse_action
from vegas_tutor.liars_dice.engine import (
    ChallengeResult,
    Observation,
    State,
    challenge_losses,
    count_matches,
    new_game,
)
from vegas_tutor.liars_dice.track import ALL_BIDS, STAR, TRACK, TRACK_LAYOUT, Bid, Space

__all__ = [
    "ALL_BIDS",
    "STAR",
    "TRACK",
    "TRACK_LAYOUT",
    "Action",
    "Bid",
    "Challenge",
    "ChallengeResult",
    "Observation",
    "Roll",
    "Show",
    "Space",
    "State",
    "challenge_losses",
    "count_matches",
    "new_game",
    "parse_action",
]
