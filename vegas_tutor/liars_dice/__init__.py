"""Liar's Dice, board edition: the rules engine, exact bid odds, batched simulation and worked examples.

>>> game = new_game(2, dice=3, seed=5)
>>> game.apply(Roll((1, 5, 5))); game.apply(Roll((2, 3, 6)))   # chance is explicit: each cup is a roll
>>> game.apply("three 5s")                                     # seat 0 opens; text parses to Bid(3, 5)
>>> game.apply("no show")                                      # the bidder keeps the cup
>>> bid_odds(3, 5, known=game.observation(1).known, unknown=3).at_least
Fraction(1, 27)
>>> game.apply(Challenge()); game.last_challenge.count, game.dice_counts
(3, (3, 2))

Rules decisions (docs/rules.md §2): the track layout is :data:`TRACK_LAYOUT`; bids may exceed the dice in
play (the track is the only limit); on a perfect bid the bidder wins the challenge and opens next;
losses are capped at the dice held. Right after a bid the bidder decides on a show: ``legal_actions()``
is then :class:`NoShow` and one :class:`Show` per sub-multiset of the bidder's hidden dice (see :mod:`.engine`).
"""

from vegas_tutor.liars_dice.actions import Action, Challenge, NoShow, Roll, Show, parse_action
from vegas_tutor.liars_dice.engine import (
    ChallengeResult,
    Config,
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
    "Config",
    "NoShow",
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
