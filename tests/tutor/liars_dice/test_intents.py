"""Messages from the Liar's Dice table's browser side: every intent parses; every malformed one is refused."""

from __future__ import annotations

from typing import Any

import pytest

from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.tutor.liars_dice.intents import (
    BetIntent,
    BidIntent,
    ChallengeIntent,
    KeepIntent,
    NewGameIntent,
    NextRoundIntent,
    OptionIntent,
    ResetIntent,
    ShowIntent,
    SimulateIntent,
    StepIntent,
    WhatIfIntent,
    parse_intent,
)


@pytest.mark.parametrize(("message", "intent"), [
    ({"type": "bid", "quantity": 5, "face": 5}, BidIntent(5, 5)),
    ({"type": "bid", "quantity": 3, "face": 1}, BidIntent(3, 1)),
    ({"type": "challenge"}, ChallengeIntent()),
    ({"type": "show", "faces": [6, 1]}, ShowIntent((1, 6))),
    ({"type": "keep"}, KeepIntent()),
    ({"type": "next_round"}, NextRoundIntent()),
    ({"type": "bet", "guess": False}, BetIntent(False)),
    ({"type": "simulate", "n": 1000}, SimulateIntent(1000)),
    ({"type": "what_if", "own": [5, 2], "unknown": 12, "quantity": 4, "face": 5}, WhatIfIntent((2, 5), 12, 4, 5)),
    ({"type": "reset"}, ResetIntent()),
    ({"type": "new_game"}, NewGameIntent()),
    ({"type": "option", "name": "bet_mode", "value": True}, OptionIntent("bet_mode", True)),
    ({"type": "option", "name": "bots", "value": "random"}, OptionIntent("bots", "random")),
    ({"type": "step", "to": "back"}, StepIntent("back")),
])
def test_every_intent_parses(message: dict[str, Any], intent: object) -> None:
    assert parse_intent(message) == intent


MALFORMED: list[tuple[object, str]] = [
    (None, "must be an object"),
    ("challenge", "must be an object"),
    ({"type": "place", "face": 3}, "unknown message type 'place'"),
    ({"type": "bid", "quantity": 5}, "missing face"),
    ({"type": "bid", "quantity": 5, "face": 5, "seat": 2}, "unexpected fields: seat"),
    ({"type": "bid", "quantity": "5", "face": 5}, "whole number"),
    ({"type": "bid", "quantity": 5, "face": 5.0}, "whole number"),
    ({"type": "bid", "quantity": True, "face": 5}, "whole number"),
    ({"type": "bid", "quantity": 21, "face": 5}, "between 1 and 20"),
    ({"type": "bid", "quantity": 5, "face": 0}, "between 1 and 6"),
    ({"type": "challenge", "bid": "five 5s"}, "unexpected fields: bid"),
    ({"type": "show", "faces": "1 6"}, "list of die faces"),
    ({"type": "show", "faces": [1, 7]}, "list of die faces"),
    ({"type": "show", "faces": [True]}, "list of die faces"),
    ({"type": "show", "faces": [2] * 11}, "at most 10 dice"),
    ({"type": "bet", "guess": "true"}, "true or false"),
    ({"type": "simulate", "n": 5}, "one of 100, 1000, 10000"),
    ({"type": "simulate", "n": 100.0}, "one of 100, 1000, 10000"),
    ({"type": "what_if", "own": [], "unknown": 41, "quantity": 1, "face": 2}, "between 0 and 40"),
    ({"type": "what_if", "own": [9], "unknown": 3, "quantity": 1, "face": 2}, "list of die faces"),
    ({"type": "option", "name": "show_odds", "value": 1}, "true or false"),
    ({"type": "option", "name": "bots", "value": "greedy"}, "one of random, odds"),
    ({"type": "option", "name": "speed", "value": 3}, "unknown option 'speed'"),
    ({"type": "step", "to": "forward"}, "back, next, restart"),
]


@pytest.mark.parametrize(("message", "reason"), MALFORMED)
def test_malformed_messages_are_refused_with_a_reason(message: object, reason: str) -> None:
    with pytest.raises(InvalidActionError, match=reason.replace("(", r"\(")):
        parse_intent(message)
