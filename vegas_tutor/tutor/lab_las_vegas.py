"""The former home of the Las Vegas strategy lab, kept for old imports: it lives in
:mod:`vegas_tutor.tutor.las_vegas.lab` now."""

from vegas_tutor.tutor.las_vegas.lab import (
    ENDINGS,
    GAME_LIMITS,
    GAME_SIZES,
    LEVELS,
    PLAYERS,
    STRATEGIES,
    STRATEGY_NAMES,
    bill_samples,
    convergence_lab,
    convergence_result,
    dollars,
    exact_bill,
    lesson_position,
    limit,
    match_result,
    play_match,
    strategy_lab,
    strategy_name,
)

__all__ = [
    "ENDINGS", "GAME_LIMITS", "GAME_SIZES", "LEVELS", "PLAYERS", "STRATEGIES", "STRATEGY_NAMES", "bill_samples",
    "convergence_lab", "convergence_result", "dollars", "exact_bill", "lesson_position", "limit", "match_result",
    "play_match", "strategy_lab", "strategy_name",
]
