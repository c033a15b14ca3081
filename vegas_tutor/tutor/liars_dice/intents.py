"""The messages the Liar's Dice table's browser side may send, checked before anything is touched.

Same contract as the other boards (the envelope, options and stepper moves are checked by
:mod:`vegas_tutor.tutor.messages`): a message is never trusted;
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

from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.i18n import _
from vegas_tutor.liars_dice.engine import MAX_DICE, MAX_PLAYERS
from vegas_tutor.tutor.liars_dice.coaching import OPPONENTS
from vegas_tutor.tutor.messages import (
    STEPS,
    NewGameIntent,
    OptionIntent,
    ResetIntent,
    StepIntent,
    UndoIntent,
    echo,
    message_kind,
    option_intent,
    step_intent,
    whole,
)

__all__ = ["STEPS", "Intent", "NewGameIntent", "OptionIntent", "ResetIntent", "StepIntent", "UndoIntent",
           "parse_intent"]


@dataclass(frozen=True)
class BidIntent:
    """Bid (or raise to) ``quantity`` x ``face`` (face 1 = the star)."""

    quantity: int
    face: int


@dataclass(frozen=True)
class ChallengeIntent:
    """Challenge the last bid."""


@dataclass(frozen=True)
class ShowIntent:
    """Right after one's own bid: show these hidden dice and re-roll the rest."""

    faces: tuple[int, ...]


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

    n: int


@dataclass(frozen=True)
class WhatIfIntent:
    """Imagine another view: your own dice, how many dice are hidden from you, and the bid."""

    own: tuple[int, ...]
    unknown: int
    quantity: int
    face: int


Intent = (BidIntent | ChallengeIntent | ShowIntent | KeepIntent | NextRoundIntent | BetIntent | SimulateIntent
            | WhatIfIntent | ResetIntent | NewGameIntent | OptionIntent | StepIntent | UndoIntent | SkipIntent)

BOOLEAN_OPTIONS = ("show_odds", "bet_mode", "what_if")
BOT_POLICIES = OPPONENTS
SIMULATION_SIZES = (100, 1_000, 10_000)
"""How many rolls one simulate message may ask for (the buttons' choices)."""
MAX_UNKNOWN = MAX_PLAYERS * MAX_DICE

_FIELDS: dict[str, tuple[str, ...]] = {
    "bid": ("quantity", "face"),
    "challenge": (),
    "show": ("faces",),
    "keep": (),
    "next_round": (),
    "skip": (),
    "undo": (),
    "bet": ("guess",),
    "simulate": ("n",),
    "what_if": ("own", "unknown", "quantity", "face"),
    "reset": (),
    "new_game": (),
    "option": ("name", "value"),
    "step": ("to",),
}


def _faces(kind: str, value: object, most: int) -> tuple[int, ...]:
    if not isinstance(value, list) or any(
        not isinstance(f, int) or isinstance(f, bool) or not 1 <= f <= 6 for f in value
    ):
        raise InvalidActionError(_("message {kind!r}: faces must be a list of die faces 1..6, got {value}", kind=kind,
                                   value=echo(value)))
    if len(value) > most:
        raise InvalidActionError(_("message {kind!r}: at most {most} dice, got {n}", kind=kind, most=most,
                                   n=len(value)))
    return tuple(sorted(value))


def parse_intent(content: object) -> Intent:
    """Check one message from the browser and return the intent it carries."""
    kind = message_kind(content, _FIELDS)
    assert isinstance(content, dict)
    simple: dict[str, Intent] = {
        "challenge": ChallengeIntent(), "keep": KeepIntent(), "next_round": NextRoundIntent(),
        "reset": ResetIntent(), "new_game": NewGameIntent(), "undo": UndoIntent(), "skip": SkipIntent(),
    }
    if kind in simple:
        return simple[kind]
    if kind == "bid":
        return BidIntent(whole(kind, content, "quantity", 1, 20), whole(kind, content, "face", 1, 6))
    if kind == "show":
        return ShowIntent(_faces(kind, content["faces"], MAX_DICE))
    if kind == "bet":
        if not isinstance(content["guess"], bool):
            raise InvalidActionError(_("message 'bet': guess must be true or false, got {value}",
                                       value=echo(content["guess"])))
        return BetIntent(content["guess"])
    if kind == "simulate":
        n = content["n"]
        if not isinstance(n, int) or isinstance(n, bool) or n not in SIMULATION_SIZES:
            sizes = ", ".join(map(str, SIMULATION_SIZES))
            raise InvalidActionError(_("message 'simulate': n must be one of {sizes}, got {value}", sizes=sizes,
                                       value=echo(n)))
        return SimulateIntent(n)
    if kind == "what_if":
        return WhatIfIntent(
            _faces(kind, content["own"], MAX_DICE),
            whole(kind, content, "unknown", 0, MAX_UNKNOWN),
            whole(kind, content, "quantity", 1, 20),
            whole(kind, content, "face", 1, 6),
        )
    if kind == "step":
        return step_intent(kind, content)
    return option_intent(content, BOOLEAN_OPTIONS, {"bots": BOT_POLICIES})
