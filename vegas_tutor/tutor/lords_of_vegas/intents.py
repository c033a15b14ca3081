"""The messages the Lords of Vegas board's browser side may send, checked before anything is touched.

Same contract as the other boards (the envelope, options and stepper moves are checked by
:mod:`vegas_tutor.tutor.messages`): a message is never trusted; :func:`parse_intent` turns it into a
small frozen value or raises ``InvalidActionError`` with a plain-words reason. An action travels as its
rulebook text (``"build gold on A2"``) and is read back by the engine's own parser; whether it is legal
*now* is for the board and the engine to say.

>>> parse_intent({"type": "act", "action": "build gold on A2"})
ActIntent(action=Build(lot='A2', colour='gold', move_from=None))
>>> parse_intent({"type": "act", "action": 7})
Traceback (most recent call last):
...
vegas_tutor.core.errors.InvalidActionError: message 'act': action must be an action's text, got 7
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.lords_of_vegas.actions import Action, parse_action
from vegas_tutor.tutor.messages import (
    NewGameIntent,
    OptionIntent,
    StepIntent,
    echo,
    message_kind,
    option_intent,
    step_intent,
)

__all__ = ["ActIntent", "InspectIntent", "Intent", "NewGameIntent", "OptionIntent", "StepIntent", "parse_intent"]

MAX_ACTION_TEXT = 80


@dataclass(frozen=True)
class ActIntent:
    """Play ``action`` for the learner (a draw or a roll included)."""

    action: Action


@dataclass(frozen=True)
class InspectIntent:
    """Show the odds of ``action`` (a gamble) in the odds panel, without playing it."""

    action: Action


Intent = ActIntent | InspectIntent | NewGameIntent | OptionIntent | StepIntent

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
        raise InvalidActionError(f"message {kind!r}: action must be an action's text, got {echo(value)}")
    try:
        return parse_action(value)
    except InvalidActionError as exc:
        raise InvalidActionError(f"message {kind!r}: {exc}") from None


def parse_intent(content: object) -> Intent:
    """Check one message from the browser and return the intent it carries."""
    kind = message_kind(content, _FIELDS)
    assert isinstance(content, dict)
    fields: dict[str, Any] = content
    if kind == "act":
        return ActIntent(_action(kind, fields["action"]))
    if kind == "inspect":
        return InspectIntent(_action(kind, fields["action"]))
    if kind == "new_game":
        return NewGameIntent()
    if kind == "step":
        return step_intent(kind, fields)
    return option_intent(fields, OPTIONS, {})
