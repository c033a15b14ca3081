"""The messages the Las Vegas board's browser side may send, checked before anything is touched.

The browser only sends *intents*; a message is never trusted. ``parse_intent`` turns one into a small frozen
value (its fields' types and ranges are in their annotations, checked by
:func:`~vegas_tutor.tutor.messages.parse_message`) or raises ``InvalidActionError`` with a plain-words reason
(unknown type, missing or extra field, wrong kind of value). Whether the intent is legal *now* is the
widget's and the engine's business.

>>> parse_intent({"type": "place", "face": 3})
PlaceIntent(face=3)
>>> parse_intent({"type": "place", "face": "3"})
Traceback (most recent call last):
...
vegas_tutor.core.errors.InvalidActionError: message 'place': face must be a whole number, got '3'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from vegas_tutor.las_vegas.policies import POLICIES
from vegas_tutor.tutor.las_vegas.coaching import OPPONENTS
from vegas_tutor.tutor.messages import (
    STEPS,
    NewGameIntent,
    OptionIntent,
    Options,
    Range,
    ResetIntent,
    StepIntent,
    UndoIntent,
    parse_message,
)

__all__ = ["STEPS", "Intent", "NewGameIntent", "OptionIntent", "ResetIntent", "StepIntent", "UndoIntent",
           "parse_intent"]


@dataclass(frozen=True)
class RollIntent:
    """Roll the dice in hand (or the spare white dice)."""


@dataclass(frozen=True)
class PlaceIntent:
    """Place every die of the roll showing ``face`` on casino ``face``."""

    face: Annotated[int, Range(1, 6)]


@dataclass(frozen=True)
class WhatIfIntent:
    """In what-if mode: put ``count`` dice of ``owner`` on ``casino``."""

    casino: Annotated[int, Range(1, 6)]
    owner: Annotated[int, Range(0, 5)]
    count: Annotated[int, Range(0, 24)]


Intent = (RollIntent | PlaceIntent | WhatIfIntent | ResetIntent | NewGameIntent | OptionIntent | StepIntent
          | UndoIntent)

BOOLEAN_OPTIONS = ("show_odds", "what_if", "auto_roll")
ASSUMPTIONS = POLICIES
CHOICE_OPTIONS = {"assumption": ASSUMPTIONS, "bots": OPPONENTS}
"""``assumption``: how the odds assume the others play; ``bots``: how the bot opponents play (a level or a
policy)."""

INTENTS: dict[str, type[Intent]] = {
    "roll": RollIntent,
    "place": PlaceIntent,
    "what_if": WhatIfIntent,
    "reset": ResetIntent,
    "new_game": NewGameIntent,
    "undo": UndoIntent,
    "option": OptionIntent,
    "step": StepIntent,
}
"""The board's messages: their ``type`` and the intent each carries."""
OPTION_RULES = Options(BOOLEAN_OPTIONS, CHOICE_OPTIONS)


def parse_intent(content: object) -> Intent:
    """Check one message from the browser and return the intent it carries."""
    return parse_message(content, INTENTS, OPTION_RULES)
