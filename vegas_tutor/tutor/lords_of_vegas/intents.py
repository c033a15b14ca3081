"""The messages the Lords of Vegas board's browser side may send, checked before anything is touched.

Same contract as the other boards (each intent's fields say their types and ranges, checked by
:func:`~vegas_tutor.tutor.messages.parse_message`): a message is never trusted; :func:`parse_intent` turns it into a
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
from typing import Annotated

from vegas_tutor.i18n import N_
from vegas_tutor.lords_of_vegas.actions import Action, parse_action
from vegas_tutor.lords_of_vegas.trades import Trade, parse_trade
from vegas_tutor.tutor.messages import (
    NewGameIntent,
    OptionIntent,
    Options,
    StepIntent,
    Text,
    UndoIntent,
    parse_message,
)

__all__ = ["ActIntent", "AnswerIntent", "AskIntent", "InspectIntent", "Intent", "NewGameIntent", "NextIntent",
           "OptionIntent", "StepIntent", "TradeHintIntent", "TradeIntent", "UndoIntent", "parse_intent"]

MAX_ACTION_TEXT = 80
MAX_TRADE_TEXT = 300
PACES = ("next", "pause", "all")
"""How the other players' turns are shown: one half-turn a press of Next, one after a short pause, or all at
once until the learner must act."""
OPPONENTS = ("random", "easy", "medium", "hard")
"""How the other players may play (see :mod:`vegas_tutor.tutor.lords_of_vegas.coaching`)."""
ACTION_TEXT = Text(MAX_ACTION_TEXT, parse_action, N_("message {kind!r}: action must be an action's text, got {value}"))
TRADE_TEXT = Text(MAX_TRADE_TEXT, parse_trade, N_("message 'trade': trade must be a trade's text, got {value}"))


@dataclass(frozen=True)
class ActIntent:
    """Play ``action`` for the learner (a draw or a roll included)."""

    action: Annotated[Action, ACTION_TEXT]


@dataclass(frozen=True)
class InspectIntent:
    """Show the odds of ``action`` (a gamble) in the odds panel, without playing it."""

    action: Annotated[Action, ACTION_TEXT]


@dataclass(frozen=True)
class TradeIntent:
    """Propose ``trade`` (its first party is the learner) to the player it names; the engine checks it."""

    trade: Annotated[Trade, TRADE_TEXT]


@dataclass(frozen=True)
class AnswerIntent:
    """Accept or refuse the trade another player offers the learner."""

    accept: bool


@dataclass(frozen=True)
class AskIntent:
    """Ask the other players whether they have a trade to offer the learner."""


@dataclass(frozen=True)
class TradeHintIntent:
    """Ask the coach about trades now: how to answer the offer waiting, or what to propose."""


@dataclass(frozen=True)
class NextIntent:
    """Play the next part of the other players' turns (the board waits for it at the "next" pace)."""


Intent = (ActIntent | AnswerIntent | AskIntent | InspectIntent | NewGameIntent | NextIntent | OptionIntent
          | StepIntent | TradeHintIntent | TradeIntent | UndoIntent)

OPTIONS = ("show_odds", "short_game")
INTENTS: dict[str, type[Intent]] = {
    "act": ActIntent,
    "inspect": InspectIntent,
    "new_game": NewGameIntent,
    "option": OptionIntent,
    "step": StepIntent,
    "trade": TradeIntent,
    "answer": AnswerIntent,
    "ask_offers": AskIntent,
    "trade_hint": TradeHintIntent,
    "next": NextIntent,
    "undo": UndoIntent,
}
"""The board's messages: their ``type`` and the intent each carries."""
OPTION_RULES = Options(OPTIONS, {"pace": PACES, "bots": OPPONENTS})


def parse_intent(content: object) -> Intent:
    """Check one message from the browser and return the intent it carries."""
    return parse_message(content, INTENTS, OPTION_RULES)
