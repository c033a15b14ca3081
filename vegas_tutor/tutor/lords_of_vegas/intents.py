"""The messages the Lords of Vegas board's browser side may send, checked before anything is touched.

Same contract as the other boards (the envelope, options and stepper moves are checked by
:mod:`vegas_tutor.tutor.messages`): a message is never trusted; :func:`parse_intent` turns it into a
small frozen value or raises ``InvalidActionError`` with a plain-words reason. An action travels as its
rulebook text (``"build gold on A2"``) and is read back by the engine's own parser; whether it is legal
*now* is for the board and the engine to say.

>>> parse_intent({"type": "act", "action": "build gold on A2"})
ActIntent(action=Build(lot='A2', colour='gold', move_from=None))
>>> parse_intent({"type": "trade", "trade": "trade blue: $5 lots - dice - for red: $0 lots A2 dice -"}).trade.second
2
>>> parse_intent({"type": "act", "action": 7})
Traceback (most recent call last):
...
vegas_tutor.core.errors.InvalidActionError: message 'act': action must be an action's text, got 7
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.i18n import _
from vegas_tutor.lords_of_vegas.actions import Action, parse_action
from vegas_tutor.lords_of_vegas.trades import Trade, parse_trade
from vegas_tutor.tutor.messages import (
    NewGameIntent,
    OptionIntent,
    StepIntent,
    UndoIntent,
    echo,
    message_kind,
    option_intent,
    step_intent,
)

__all__ = ["ActIntent", "AnswerIntent", "AskIntent", "InspectIntent", "Intent", "NewGameIntent", "NextIntent",
           "OptionIntent", "StepIntent", "TradeIntent", "UndoIntent", "parse_intent"]

MAX_ACTION_TEXT = 80
MAX_TRADE_TEXT = 300
PACES = ("next", "pause", "all")
OPPONENTS = ("random", "easy", "medium", "hard")
"""How the other players may play (see :mod:`vegas_tutor.tutor.lords_of_vegas.coaching`)."""
"""How the other players' turns are shown: one half-turn a press of Next, one after a short pause, or all at
once until the learner must act."""


@dataclass(frozen=True)
class ActIntent:
    """Play ``action`` for the learner (a draw or a roll included)."""

    action: Action


@dataclass(frozen=True)
class InspectIntent:
    """Show the odds of ``action`` (a gamble) in the odds panel, without playing it."""

    action: Action


@dataclass(frozen=True)
class TradeIntent:
    """Propose ``trade`` (its first party is the learner) to the player it names; the engine checks it."""

    trade: Trade


@dataclass(frozen=True)
class AnswerIntent:
    """Accept or refuse the trade another player offers the learner."""

    accept: bool


@dataclass(frozen=True)
class AskIntent:
    """Ask the other players whether they have a trade to offer the learner."""


@dataclass(frozen=True)
class NextIntent:
    """Play the next part of the other players' turns (the board waits for it at the "next" pace)."""


Intent = (ActIntent | AnswerIntent | AskIntent | InspectIntent | NewGameIntent | NextIntent | OptionIntent
          | StepIntent | TradeIntent | UndoIntent)

OPTIONS = ("show_odds", "short_game")
_FIELDS: dict[str, tuple[str, ...]] = {
    "act": ("action",),
    "inspect": ("action",),
    "new_game": (),
    "option": ("name", "value"),
    "step": ("to",),
    "trade": ("trade",),
    "answer": ("accept",),
    "ask_offers": (),
    "next": (),
    "undo": (),
}


def _action(kind: str, value: object) -> Action:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_ACTION_TEXT:
        raise InvalidActionError(_("message {kind}: action must be an action's text, got {value}", kind=repr(kind),
                                   value=echo(value)))
    try:
        return parse_action(value)
    except InvalidActionError as exc:
        raise InvalidActionError(_("message {kind}: {why}", kind=repr(kind), why=str(exc))) from None


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
    if kind == "trade":
        text = fields["trade"]
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_TRADE_TEXT:
            raise InvalidActionError(_("message 'trade': trade must be a trade's text, got {value}", value=echo(text)))
        try:
            return TradeIntent(parse_trade(text))
        except InvalidActionError as exc:
            raise InvalidActionError(_("message 'trade': {why}", why=str(exc))) from None
    if kind == "answer":
        if not isinstance(fields["accept"], bool):
            raise InvalidActionError(_("message 'answer': accept must be true or false, got {value}",
                                       value=echo(fields["accept"])))
        return AnswerIntent(fields["accept"])
    if kind == "ask_offers":
        return AskIntent()
    if kind == "next":
        return NextIntent()
    if kind == "undo":
        return UndoIntent()
    return option_intent(fields, OPTIONS, {"pace": PACES, "bots": OPPONENTS})
