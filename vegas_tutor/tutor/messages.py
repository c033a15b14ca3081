"""What every board's message checking shares: the envelope, whole numbers, options and stepper moves.

Each game's ``intents`` module names its message types and fields and builds its own intents; the checks
common to all of them live here, so that every board answers a malformed message in the same words.

>>> message_kind({"type": "step", "to": "next"}, {"step": ("to",)})
'step'
>>> step_intent("step", {"to": "sideways"})
Traceback (most recent call last):
...
vegas_tutor.core.errors.InvalidActionError: message 'step': to must be one of back, next, restart, got 'sideways'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vegas_tutor.core.errors import InvalidActionError

STEPS = ("back", "next", "restart")


@dataclass(frozen=True)
class StepIntent:
    """Move a scenario stepper: ``back``, ``next`` or ``restart``."""

    to: str


@dataclass(frozen=True)
class OptionIntent:
    """Switch one of a board's options to ``value``."""

    name: str
    value: bool | str


@dataclass(frozen=True)
class ResetIntent:
    """Drop the what-if changes: back to the real game."""


@dataclass(frozen=True)
class NewGameIntent:
    """Start a new game with the same seats."""


def message_kind(content: object, fields: Mapping[str, Sequence[str]]) -> str:
    """Check a message's envelope: an object whose ``type`` is known, with exactly that type's fields."""
    if not isinstance(content, dict):
        raise InvalidActionError(f"a message must be an object with a 'type', got {type(content).__name__}")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in fields:
        raise InvalidActionError(f"unknown message type {kind!r}: expected one of {', '.join(fields)}")
    expected = set(fields[kind])
    given = set(content) - {"type"}
    if missing := sorted(expected - given):
        raise InvalidActionError(f"message {kind!r} is missing {', '.join(missing)}")
    if extra := sorted(given - expected, key=str):
        raise InvalidActionError(f"message {kind!r} has unexpected fields: {', '.join(map(str, extra))}")
    return kind


def whole(kind: str, content: Mapping[str, Any], name: str, low: int, high: int) -> int:
    """The field ``name`` as a whole number in ``low..high`` (booleans refused)."""
    value = content[name]
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidActionError(f"message {kind!r}: {name} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise InvalidActionError(f"message {kind!r}: {name} must be between {low} and {high}, got {value}")
    return value


def step_intent(kind: str, content: Mapping[str, Any]) -> StepIntent:
    to = content["to"]
    if to not in STEPS:
        raise InvalidActionError(f"message {kind!r}: to must be one of {', '.join(STEPS)}, got {to!r}")
    return StepIntent(to)


def option_intent(
    content: Mapping[str, Any], booleans: Sequence[str], choices: Mapping[str, Sequence[str]]
) -> OptionIntent:
    """An option message: a boolean option set true or false, or a choice option set to one of its choices."""
    name, value = content["name"], content["value"]
    if name in booleans:
        if not isinstance(value, bool):
            raise InvalidActionError(f"option {name!r} must be true or false, got {value!r}")
        return OptionIntent(name, value)
    if name in choices:
        if value not in choices[name]:
            raise InvalidActionError(f"option {name!r} must be one of {', '.join(choices[name])}, got {value!r}")
        return OptionIntent(name, value)
    known = ", ".join((*booleans, *choices))
    raise InvalidActionError(f"unknown option {name!r}: expected one of {known}")
