"""Messages from the browser: every intent parses; every malformed message is refused with a reason."""

from __future__ import annotations

from typing import Any

import pytest

from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.tutor.las_vegas.intents import (
    NewGameIntent,
    OptionIntent,
    PlaceIntent,
    ResetIntent,
    RollIntent,
    StepIntent,
    WhatIfIntent,
    parse_intent,
)


@pytest.mark.parametrize(("message", "intent"), [
    ({"type": "roll"}, RollIntent()),
    ({"type": "place", "face": 6}, PlaceIntent(6)),
    ({"type": "what_if", "casino": 2, "owner": 4, "count": 0}, WhatIfIntent(2, 4, 0)),
    ({"type": "reset"}, ResetIntent()),
    ({"type": "new_game"}, NewGameIntent()),
    ({"type": "option", "name": "show_odds", "value": False}, OptionIntent("show_odds", False)),
    ({"type": "option", "name": "what_if", "value": True}, OptionIntent("what_if", True)),
    ({"type": "option", "name": "auto_roll", "value": True}, OptionIntent("auto_roll", True)),
    ({"type": "option", "name": "assumption", "value": "greedy"}, OptionIntent("assumption", "greedy")),
    ({"type": "step", "to": "restart"}, StepIntent("restart")),
])
def test_every_intent_parses(message: dict[str, Any], intent: object) -> None:
    assert parse_intent(message) == intent


MALFORMED: list[tuple[object, str]] = [
    (None, "must be an object"),
    ("place 3", "must be an object"),
    ([{"type": "roll"}], "must be an object"),
    ({}, "unknown message type None"),
    ({"type": "cheat"}, "unknown message type 'cheat'"),
    ({"type": 3}, "unknown message type 3"),
    ({"type": "place"}, "missing face"),
    ({"type": "place", "face": 3, "player": 1}, "unexpected fields: player"),
    ({"type": "roll", "dice": [6, 6]}, "unexpected fields: dice"),
    ({"type": "place", "face": "3"}, "whole number"),
    ({"type": "place", "face": 3.0}, "whole number"),
    ({"type": "place", "face": True}, "whole number"),
    ({"type": "place", "face": 0}, "between 1 and 6"),
    ({"type": "place", "face": 7}, "between 1 and 6"),
    ({"type": "what_if", "casino": 7, "owner": 0, "count": 1}, "casino must be between 1 and 6"),
    ({"type": "what_if", "casino": 1, "owner": -1, "count": 1}, "owner must be between 0 and 5"),
    ({"type": "what_if", "casino": 1, "owner": 0, "count": -2}, "count must be between 0 and 24"),
    ({"type": "what_if", "casino": 1, "owner": 0}, "missing count"),
    ({"type": "option", "name": "show_odds", "value": "yes"}, "true or false"),
    ({"type": "option", "name": "assumption", "value": "clever"}, "one of random, greedy"),
    ({"type": "option", "name": "speed", "value": 3}, "unknown option 'speed'"),
    ({"type": "step", "to": "forward"}, "back, next, restart"),
]


@pytest.mark.parametrize(("message", "reason"), MALFORMED)
def test_malformed_messages_are_refused_with_a_reason(message: object, reason: str) -> None:
    with pytest.raises(InvalidActionError, match=reason):
        parse_intent(message)
