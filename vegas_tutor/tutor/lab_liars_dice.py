"""The former home of the Liar's Dice strategy lab, kept for old imports: it lives in
:mod:`vegas_tutor.tutor.liars_dice.lab` now."""

from vegas_tutor.tutor.liars_dice.lab import (
    BID,
    DICE,
    DRAWS,
    GAME_LIMITS,
    GAME_SIZES,
    HAND,
    LEVELS,
    STRATEGIES,
    TABLES,
    bid_samples,
    convergence_lab,
    convergence_result,
    exact_chance,
    limit,
    match_result,
    play_match,
    strategy_lab,
)

__all__ = [
    "BID", "DICE", "DRAWS", "GAME_LIMITS", "GAME_SIZES", "HAND", "LEVELS", "STRATEGIES", "TABLES", "bid_samples",
    "convergence_lab", "convergence_result", "exact_chance", "limit", "match_result", "play_match", "strategy_lab",
]
