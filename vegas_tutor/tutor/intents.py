"""The messages a board's browser side may send, checked before anything is touched.

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
from typing import Any

from vegas_tutor.core.errors import InvalidActionError


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


@dataclass(frozen=True)
class ResetIntent:
    """Drop the what-if changes: back to the real game."""


@dataclass(frozen=True)
class NewGameIntent:
    """Start a new game with the same players."""


@dataclass(frozen=True)
class OptionIntent:
    """Switch an option: ``show_odds``, ``what_if``, ``auto_roll`` (booleans), ``assumption`` (how the odds
    assume the others play) or ``bots`` (how the bot opponents play): ``random`` or ``greedy``."""

    name: str
    value: bool | str


@dataclass(frozen=True)
class StepIntent:
    """Move a scenario stepper: ``back``, ``next`` or ``restart``."""

    to: str


Intent = RollIntent | PlaceIntent | WhatIfIntent | ResetIntent | NewGameIntent | OptionIntent | StepIntent

BOOLEAN_OPTIONS = ("show_odds", "what_if", "auto_roll")
ASSUMPTIONS = ("random", "greedy")
STEPS = ("back", "next", "restart")

_FIELDS: dict[str, tuple[str, ...]] = {
    "roll": (),
    "place": ("face",),
    "what_if": ("casino", "owner", "count"),
    "reset": (),
    "new_game": (),
    "option": ("name", "value"),
    "step": ("to",),
}


def _whole(kind: str, content: dict[str, Any], name: str, low: int, high: int) -> int:
    value = content[name]
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidActionError(f"message {kind!r}: {name} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise InvalidActionError(f"message {kind!r}: {name} must be between {low} and {high}, got {value}")
    return value


def parse_intent(content: object) -> Intent:
    """Check one message from the browser and return the intent it carries."""
    if not isinstance(content, dict):
        raise InvalidActionError(f"a message must be an object with a 'type', got {type(content).__name__}")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise InvalidActionError(f"unknown message type {kind!r}: expected one of {', '.join(_FIELDS)}")
    expected = set(_FIELDS[kind])
    given = set(content) - {"type"}
    if missing := sorted(expected - given):
        raise InvalidActionError(f"message {kind!r} is missing {', '.join(missing)}")
    if extra := sorted(given - expected, key=str):
        raise InvalidActionError(f"message {kind!r} has unexpected fields: {', '.join(map(str, extra))}")
    if kind == "roll":
        return RollIntent()
    if kind == "place":
        return PlaceIntent(_whole(kind, content, "face", 1, 6))
    if kind == "what_if":
        return WhatIfIntent(
            _whole(kind, content, "casino", 1, 6),
            _whole(kind, content, "owner", 0, 5),
            _whole(kind, content, "count", 0, 24),
        )
    if kind == "reset":
        return ResetIntent()
    if kind == "new_game":
        return NewGameIntent()
    if kind == "step":
        to = content["to"]
        if to not in STEPS:
            raise InvalidActionError(f"message 'step': to must be one of {', '.join(STEPS)}, got {to!r}")
        return StepIntent(to)
    name, value = content["name"], content["value"]
    if name in BOOLEAN_OPTIONS:
        if not isinstance(value, bool):
            raise InvalidActionError(f"option {name!r} must be true or false, got {value!r}")
        return OptionIntent(name, value)
    if name in ("assumption", "bots"):
        if value not in ASSUMPTIONS:
            choices = ", ".join(ASSUMPTIONS)
            raise InvalidActionError(f"option {name!r} must be one of {choices}, got {value!r}")
        return OptionIntent(name, value)
    known = ", ".join((*BOOLEAN_OPTIONS, "assumption", "bots"))
    raise InvalidActionError(f"unknown option {name!r}: expected one of {known}")
