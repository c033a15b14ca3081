"""The former home of the Lords of Vegas strategy lab, kept for old imports: it lives in
:mod:`vegas_tutor.tutor.lords_of_vegas.lab` now."""

from vegas_tutor.tutor.lords_of_vegas.lab import (
    BETS,
    CHUNK,
    COMPILED,
    DRAWS,
    GAME_LIMITS,
    GAME_SIZES,
    STRATEGIES,
    TABLES,
    convergence_lab,
    convergence_result,
    exact_gain,
    gamble_samples,
    limit,
    match_result,
    play_match,
    signed,
    strategy_lab,
)

__all__ = [
    "BETS", "CHUNK", "COMPILED", "DRAWS", "GAME_LIMITS", "GAME_SIZES", "STRATEGIES", "TABLES", "convergence_lab",
    "convergence_result", "exact_gain", "gamble_samples", "limit", "match_result", "play_match", "signed",
    "strategy_lab",
]
