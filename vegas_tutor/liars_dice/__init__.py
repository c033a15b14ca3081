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
from vegas_tutor.liars_dice.odds import ActionOdds, BidOdds, action_odds, bid_odds, odds_table
from vegas_tutor.liars_dice.policies import POLICIES, odds_policy, random_policy
from vegas_tutor.liars_dice.simulate import RoundResults, simulate_rounds
from vegas_tutor.liars_dice.track import ALL_BIDS, STAR, TRACK, TRACK_LAYOUT, Bid, Space

__all__ = [
    "ALL_BIDS",
    "POLICIES",
    "STAR",
    "TRACK",
    "TRACK_LAYOUT",
    "Action",
    "ActionOdds",
    "Bid",
    "BidOdds",
    "Challenge",
    "ChallengeResult",
    "Observation",
    "Roll",
    "RoundResults",
    "Show",
    "Space",
    "State",
    "action_odds",
    "bid_odds",
    "challenge_losses",
    "count_matches",
    "new_game",
    "odds_policy",
    "odds_table",
    "parse_action",
    "random_policy",
    "simulate_rounds",
]
