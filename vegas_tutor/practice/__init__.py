"""Practice from your own mistakes: the costliest decisions of a learner's games come back as exercises,
spaced over days by the FSRS scheduler (issue 25, its engine side).

- :mod:`.exercise`: exercises from a game (each inaccuracy or mistake the coach finds), their themes, the seat's
  view of the position, and an answer judged again by the coach;
- :mod:`.schedule`: one FSRS card per exercise, an answer's rating, what is due, "learned" and the streak;
- :mod:`.deck`: the learner's exercises and cards as one sealed record, checked on load like a saved game;
- :mod:`.starter`: exercises from seeded bot games for a new learner, by theme.

Nothing here loads an engine, a coach or a board until it is used; :mod:`.starter` itself is imported on first
use (so that ``python -m vegas_tutor.practice.starter`` runs it once).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from vegas_tutor.practice.deck import Deck, load_deck, save_deck
from vegas_tutor.practice.exercise import (
    THEMES,
    Exercise,
    Judgement,
    exercises_from_game,
    judge_answer,
    rejudge,
    seat_view,
)
from vegas_tutor.practice.schedule import CardState, Summary, due, new_card, rating, review, summary

__all__ = ["THEMES", "CardState", "Deck", "Exercise", "Judgement", "Summary", "due", "exercises_from_game",
           "judge_answer", "load_deck", "new_card", "rating", "rejudge", "review", "save_deck", "seat_view",
           "starter_exercises", "summary", "theme_counts"]


def __getattr__(name: str) -> Any:
    """``starter_exercises`` and ``theme_counts``, from :mod:`.starter` on first use."""
    if name not in ("starter_exercises", "theme_counts"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module("vegas_tutor.practice.starter"), name)
