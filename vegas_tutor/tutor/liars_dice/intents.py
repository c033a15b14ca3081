"""The messages the Liar's Dice table's browser side may send, checked before anything is touched.

Same contract as the other boards (each intent's fields say their types and ranges, checked by
:func:`~vegas_tutor.tutor.messages.parse_message`): a message is never trusted;
``parse_intent`` turns it into a small frozen value or raises ``InvalidActionError`` with a plain-words
reason. Whether the intent is legal *now* is for the table and the engine to say.

>>> parse_intent({"type": "bid", "quantity": 5, "face": 5})
BidIntent(quantity=5, face=5)
>>> parse_intent({"type": "show", "faces": [1, "6"]})
Traceback (most recent call last):
...
vegas_tutor.core.errors.InvalidActionError: message 'show': faces must be a list of die faces 1..6, got [1, '6']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from vegas_tutor.liars_dice.engine import MAX_DICE, MAX_PLAYERS
from vegas_tutor.tutor.liars_dice.coaching import OPPONENTS
from vegas_tutor.tutor.messages import (
    STEPS,
    Faces,
    NewGameIntent,
    OneOf,
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

BOOLEAN_OPTIONS = ("show_odds", "bet_mode", "what_if")
BOT_POLICIES = OPPONENTS
SIMULATION_SIZES = (100, 1_000, 10_000)
"""How many rolls one simulate message may ask for (the buttons' choices)."""
MAX_UNKNOWN = MAX_PLAYERS * MAX_DICE


@dataclass(frozen=True)
class BidIntent:
    """Bid (or raise to) ``quantity`` x ``face`` (face 1 = the star)."""

    quantity: Annotated[int, Range(1, 20)]
    face: Annotated[int, Range(1, 6)]


@dataclass(frozen=True)
class ChallengeIntent:
    """Challenge the last bid."""


@dataclass(frozen=True)
class ShowIntent:
    """Right after one's own bid: show these hidden dice and re-roll the rest."""

    faces: Annotated[tuple[int, ...], Faces(MAX_DICE)]


@dataclass(frozen=True)
class KeepIntent:
    """Right after one's own bid: do not show; the next player goes on."""


@dataclass(frozen=True)
class NextRoundIntent:
    """After a challenge: the learner has read the reveal; the bots may play on."""


@dataclass(frozen=True)
class SkipIntent:
    """The learner is out of the game: play the rest to its end without stopping at each reveal."""


@dataclass(frozen=True)
class BetIntent:
    """"Place your bet": the learner's guess whether the current bid is true."""

    guess: bool


@dataclass(frozen=True)
class SimulateIntent:
    """Roll the hidden dice ``n`` more times (seeded) and count, beside the exact odds."""

    n: Annotated[int, OneOf(SIMULATION_SIZES)]


@dataclass(frozen=True)
class WhatIfIntent:
    """Imagine another view: your own dice, how many dice are hidden from you, and the bid."""

    own: Annotated[tuple[int, ...], Faces(MAX_DICE)]
    unknown: Annotated[int, Range(0, MAX_UNKNOWN)]
    quantity: Annotated[int, Range(1, 20)]
    face: Annotated[int, Range(1, 6)]


Intent = (BidIntent | ChallengeIntent | ShowIntent | KeepIntent | NextRoundIntent | BetIntent | SimulateIntent
            | WhatIfIntent | ResetIntent | NewGameIntent | OptionIntent | StepIntent | UndoIntent | SkipIntent)

INTENTS: dict[str, type[Intent]] = {
    "bid": BidIntent,
    "challenge": ChallengeIntent,
    "show": ShowIntent,
    "keep": KeepIntent,
    "next_round": NextRoundIntent,
    "skip": SkipIntent,
    "undo": UndoIntent,
    "bet": BetIntent,
    "simulate": SimulateIntent,
    "what_if": WhatIfIntent,
    "reset": ResetIntent,
    "new_game": NewGameIntent,
    "option": OptionIntent,
    "step": StepIntent,
}
"""The table's messages: their ``type`` and the intent each carries."""
OPTION_RULES = Options(BOOLEAN_OPTIONS, {"bots": BOT_POLICIES})


def parse_intent(content: object) -> Intent:
    """Check one message from the browser and return the intent it carries."""
    return parse_message(content, INTENTS, OPTION_RULES)
