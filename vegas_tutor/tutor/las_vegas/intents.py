"""The messages the Las Vegas board's browser side may send, checked before anything is touched.

The browser only sends *intents*; a message is never trusted. ``parse_intent`` turns one into a small frozen
value or raises ``InvalidActionError`` with a plain-words reason (unknown type, missing or extra field,
wrong kind of value). Whether the intent is legal *now* is the widget's and the engine's business.

>>> parse_intent({"type": "place", "face": 3})
PlaceIntent(face=3)
>>> parse_intent({"type": "place", "face": "3"})
Traceback (most recent call last):
...
vegas_tutor.core.errors.InvalidActionError: message 'place': face must be a whole number, got '3'
"""

from __future__ import annotations

from dataclasses import dataclass

from vegas_tutor.las_vegas.policies import POLICIES
from vegas_tutor.tutor.las_vegas.coaching import OPPONENTS
from vegas_tutor.tutor.messages import (
    STEPS,
    NewGameIntent,
    OptionIntent,
    ResetIntent,
    StepIntent,
    UndoIntent,
    message_kind,
    option_intent,
    step_intent,
    whole,
)

__all__ = ["STEPS", "Intent", "NewGameIntent", "OptionIntent", "ResetIntent", "StepIntent", "UndoIntent",
           "parse_intent"]


@dataclass(frozen=True)
class RollIntent:
    """Roll the dice in hand (or the spare white dice)."""


@dataclass(frozen=True)
class PlaceIntent:
    """Place every die of the roll showing ``face`` on casino ``face``."""

    face: int


@dataclass(frozen=True)
class WhatIfIntent:
    """In what-if mode: put ``count`` dice of ``owner`` on ``casino``."""

    casino: int
    owner: int
    count: int


Intent = (RollIntent | PlaceIntent | WhatIfIntent | ResetIntent | NewGameIntent | OptionIntent | StepIntent
          | UndoIntent)

BOOLEAN_OPTIONS = ("show_odds", "what_if", "auto_roll")
ASSUMPTIONS = POLICIES
CHOICE_OPTIONS = {"assumption": ASSUMPTIONS, "bots": OPPONENTS}
"""``assumption``: how the odds assume the others play; ``bots``: how the bot opponents play (a level or a
policy)."""

_FIELDS: dict[str, tuple[str, ...]] = {
    "roll": (),
    "place": ("face",),
    "what_if": ("casino", "owner", "count"),
    "reset": (),
    "new_game": (),
    "undo": (),
    "option": ("name", "value"),
    "step": ("to",),
}


def parse_intent(content: object) -> Intent:
    """Check one message from the browser and return the intent it carries."""
    kind = message_kind(content, _FIELDS)
    assert isinstance(content, dict)
    if kind == "roll":
        return RollIntent()
    if kind == "place":
        return PlaceIntent(whole(kind, content, "face", 1, 6))
    if kind == "what_if":
        return WhatIfIntent(
            whole(kind, content, "casino", 1, 6),
            whole(kind, content, "owner", 0, 5),
            whole(kind, content, "count", 0, 24),
        )
    if kind == "reset":
        return ResetIntent()
    if kind == "new_game":
        return NewGameIntent()
    if kind == "undo":
        return UndoIntent()
    if kind == "step":
        return step_intent(kind, content)
    return option_intent(content, BOOLEAN_OPTIONS, CHOICE_OPTIONS)
