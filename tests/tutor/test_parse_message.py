"""The one message checker: every board's intents are frozen dataclasses whose fields carry their type and
range, and :func:`parse_message` refuses whatever does not fit, before anything is touched."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated, Any

import pytest

from vegas_tutor.core.checks import is_int
from vegas_tutor.core.errors import InvalidActionError
from vegas_tutor.tutor import coaching, messages, question
from vegas_tutor.tutor.las_vegas import intents as lv
from vegas_tutor.tutor.liars_dice import intents as ld
from vegas_tutor.tutor.lords_of_vegas import intents as lov
from vegas_tutor.tutor.messages import OneOf, OptionIntent, Options, Range, parse_message

TABLES: list[dict[str, Any]] = [lv.INTENTS, ld.INTENTS, lov.INTENTS, messages.SHARED_INTENTS,
                                coaching.COACH_MESSAGES, question.MESSAGES]


@dataclass(frozen=True)
class Move:
    steps: Annotated[int, Range(1, 3)]
    fast: bool
    speed: Annotated[int, OneOf((10, 20))]


MOVES = {"move": Move}


def test_is_int_refuses_booleans_and_floats() -> None:
    assert is_int(0) and is_int(-7) and not is_int(True) and not is_int(1.0) and not is_int("1")


@pytest.mark.parametrize("table", TABLES)
def test_every_intent_of_every_board_is_a_frozen_dataclass_the_checker_can_read(table: dict[str, Any]) -> None:
    for intent in table.values():
        assert dataclasses.is_dataclass(intent) and intent.__dataclass_params__.frozen
        if intent is not OptionIntent:
            messages._fields(intent)  # a field whose type no rule checks raises TypeError here


def test_a_message_of_the_right_shape_is_read() -> None:
    assert parse_message({"type": "move", "steps": 2, "fast": False, "speed": 20}, MOVES) == Move(2, False, 20)


@pytest.mark.parametrize(("message", "reason"), [
    ({"type": "move", "steps": 2, "fast": False}, "missing speed"),
    ({"type": "move", "steps": 2, "fast": False, "speed": 10, "seat": 0}, "unexpected fields: seat"),
    ({"type": "move", "steps": True, "fast": False, "speed": 10}, "steps must be a whole number, got True"),
    ({"type": "move", "steps": 4, "fast": False, "speed": 10}, "steps must be between 1 and 3, got 4"),
    ({"type": "move", "steps": 1, "fast": 1, "speed": 10}, "fast must be true or false, got 1"),
    ({"type": "move", "steps": 1, "fast": True, "speed": 10.0}, "speed must be one of 10, 20, got 10.0"),
    ({"type": "move", "steps": 1, "fast": True, "speed": True}, "speed must be one of 10, 20, got True"),
    ({"type": ["move"]}, r"unknown message type \['move'\]: expected one of move"),
])
def test_a_malformed_message_is_refused_with_a_reason(message: object, reason: str) -> None:
    with pytest.raises(InvalidActionError, match=reason):
        parse_message(message, MOVES)


def test_a_field_no_rule_can_check_is_refused_when_first_read() -> None:
    @dataclass(frozen=True)
    class Loose:
        text: str

    with pytest.raises(TypeError, match="needs a rule"):
        parse_message({"type": "loose", "text": "x"}, {"loose": Loose})


def test_options_are_checked_by_the_boards_rules() -> None:
    rules = Options(("sound",), {"speed": ("slow", "fast")})
    table = {"option": OptionIntent}
    assert parse_message({"type": "option", "name": "speed", "value": "fast"}, table, rules) == OptionIntent(
        "speed", "fast")
    with pytest.raises(InvalidActionError, match="must be true or false"):
        parse_message({"type": "option", "name": "sound", "value": "on"}, table, rules)
    with pytest.raises(TypeError, match="needs the board's options"):
        parse_message({"type": "option", "name": "sound", "value": True}, table)


def test_every_board_refuses_a_message_type_that_is_no_text() -> None:
    for parse in (lv.parse_intent, ld.parse_intent, lov.parse_intent):
        with pytest.raises(InvalidActionError, match="unknown message type"):
            parse({"type": {"nested": 1}})
    assert coaching.coach_intent({"type": ["coach"]}) is None and messages.shared_intent({"type": [1]}) is None
