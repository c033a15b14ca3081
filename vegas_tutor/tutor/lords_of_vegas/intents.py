"""The messages the Lords of Vegas board's browser side may send, checked before anything is touched.

Same contract as the other boards: a message is never trusted; :func:`parse_lov_intent` turns it into a
small frozen value or raises ``InvalidActionError`` with a plain-words reason. An action travels as its
rulebook text (``"build gold on A2"``) and is read back by the engine's own parser; whether it is legal
*now* is for the board and the engine to say.

>>> parse_lov_intent({"type": "act", "action": "build gold on A2"})
ActIntent(action=Build(lot='A2', colour='gold', move_from=None))
>>> parse_lov_intent({"type": "act", "action": 7})
Traceback (most recent call last):
...
vegas_tutor.core.errors.InvalidActionError: message 'act': action must be an action's text, got 7
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.lords_of_vegas.actions import Action, parse_action

MAX_ACTION_TEXT = 80


@dataclass(frozen=True)
class ActIntent:
    """Play ``action`` for the learner (a draw or a roll included)."""

    action: Action


@dataclass(frozen=True)
class InspectIntent:
    """Show the odds of ``action`` (a gamble) in the odds panel, without playing it."""

    action: Action


@dataclass(frozen=True)
class NewGameIntent:
    """Start a new game with the same seats."""


@dataclass(frozen=True)
class OptionIntent:
    """Switch an option: ``show_odds`` (a boolean)."""

    name: str
    value: bool


@dataclass(frozen=True)
class StepIntent:
    """Move a scenario stepper: ``back``, ``next`` or ``restart``."""

    to: str


LOVIntent = ActIntent | InspectIntent | NewGameIntent | OptionIntent | StepIntent

STEPS = ("back", "next", "restart")
OPTIONS = ("show_odds",)
_FIELDS: dict[str, tuple[str, ...]] = {
    "act": ("action",),
    "inspect": ("action",),
    "new_game": (),
    "option": ("name", "value"),
    "step": ("to",),
}


def _action(kind: str, value: object) -> Action:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_ACTION_TEXT:
        raise InvalidActionError(f"message {kind!r}: action must be an action's text, got {value!r}")
    try:
        return parse_action(value)
    except InvalidActionError as exc:
        raise InvalidActionError(f"message {kind!r}: {exc}") from None


def parse_lov_intent(content: object) -> LOVIntent:
    """Check one message from the browser and return the intent it carries."""
    if not isinstance(content, dict):
        raise InvalidActionError(f"a message must be an object with a 'type', got {type(content).__name__}")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise InvalidActionError(f"unknown message type {kind!r}: expected one of {', '.join(_FIELDS)}")
    fields: dict[str, Any] = content
    given = set(fields) - {"type"}
    if missing := sorted(set(_FIELDS[kind]) - given):
        raise InvalidActionError(f"message {kind!r} is missing {', '.join(missing)}")
    if extra := sorted(given - set(_FIELDS[kind]), key=str):
        raise InvalidActionError(f"message {kind!r} has unexpected fields: {', '.join(map(str, extra))}")
    if kind == "act":
        return ActIntent(_action(kind, fields["action"]))
    if kind == "inspect":
        return InspectIntent(_action(kind, fields["action"]))
    if kind == "new_game":
        return NewGameIntent()
    if kind == "step":
        to = fields["to"]
        if to not in STEPS:
            raise InvalidActionError(f"message 'step': to must be one of {', '.join(STEPS)}, got {to!r}")
        return StepIntent(to)
    name, value = fields["name"], fields["value"]
    if name not in OPTIONS:
        raise InvalidActionError(f"unknown option {name!r}: expected one of {', '.join(OPTIONS)}")
    if not isinstance(value, bool):
        raise InvalidActionError(f"option {name!r} must be true or false, got {value!r}")
    return OptionIntent(name, value)
