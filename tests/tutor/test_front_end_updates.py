"""The browser cannot write a widget's synced traits: every front-end ``update`` / ``echo_update`` comm
message is refused by :class:`vegas_tutor.tutor.assets.WordedWidget`, for the boards of the three games,
their steppers, the prediction card, the lab chart and the progress lines; intents still work after it."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from vegas_tutor.tutor.assets import WordedWidget
from vegas_tutor.tutor.lab import Chart
from vegas_tutor.tutor.las_vegas import LasVegasBoard, ScenarioStepper
from vegas_tutor.tutor.liars_dice import LiarsDiceStepper, LiarsDiceTable
from vegas_tutor.tutor.lords_of_vegas import LordsOfVegasBoard
from vegas_tutor.tutor.lords_of_vegas.stepper import LordsOfVegasStepper
from vegas_tutor.tutor.progress import CourseProgress, LessonProgress
from vegas_tutor.tutor.question import Prediction


def _lov_move(board: Any) -> None:
    action = str(board.state.legal_actions()[0])
    assert board.handle({"type": "act", "action": action}), board.error


def _stepper_move(stepper: Any) -> None:
    assert stepper.handle({"type": "step", "to": "next"}), stepper.error


def _prediction() -> Prediction:
    return Prediction("Who takes the $80k?", ["Anna", "Benno", "Nobody"], answer=2, explanation="A tie.")


WIDGETS: dict[str, tuple[Callable[[], Any], Callable[[Any], WordedWidget], Callable[[Any], None]]] = {
    # name: (make the object, its widget, a real move through its intents)
    "las vegas board": (lambda: LasVegasBoard(players=3, seed=1), lambda b: b,
                        lambda b: b.handle({"type": "roll"})),
    "liars dice table": (lambda: LiarsDiceTable(players=3, dice=5, seed=3), lambda b: b,
                         lambda b: b.handle({"type": "bid", "quantity": 2, "face": 3})),
    "lords of vegas board": (lambda: LordsOfVegasBoard(players=3, seed=4), lambda b: b, _lov_move),
    "las vegas stepper": (lambda: ScenarioStepper("LV-TIE-1"), lambda b: b, _stepper_move),
    "liars dice stepper": (lambda: LiarsDiceStepper("LD-COUNT"), lambda b: b, _stepper_move),
    "lords of vegas stepper": (lambda: LordsOfVegasStepper("LOV-BUILD"), lambda b: b, _stepper_move),
    "prediction card": (_prediction, lambda q: q.card, lambda q: q.handle({"type": "choose", "index": 1})),
    "lab chart": (Chart, lambda c: c, lambda c: c.handle({"type": "plotly"})),
    "lesson progress": (lambda: LessonProgress(predictions=2), lambda p: p, lambda p: None),
    "course progress": (lambda: CourseProgress([("01.01-placing-dice.ipynb", "Placing dice", 1)]), lambda p: p,
                        lambda p: None),
}

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def _state_of(obj: Any, widget: WordedWidget) -> str:
    """Every synced trait of the widget, and the game behind it when there is one."""
    traits = json.dumps(widget.get_state(), sort_keys=True, default=repr)
    game = obj.state.to_json() if hasattr(obj, "state") and hasattr(obj.state, "to_json") else ""
    return traits + "\n" + game


def _comm_msg(method: str, state: dict[str, Any]) -> dict[str, Any]:
    """A comm message as the kernel hands it to a widget (ipykernel's shape)."""
    return {"header": {"msg_type": "comm_msg"}, "content": {"comm_id": "x", "data": {"method": method,
            "state": state, "buffer_paths": []}}, "buffers": [], "metadata": {}}


@pytest.mark.parametrize("name", sorted(WIDGETS))
def test_front_end_updates_change_no_trait_and_no_game_and_moves_still_work(
    name: str, caplog: pytest.LogCaptureFixture
) -> None:
    make, widget_of, move = WIDGETS[name]
    obj = make()
    widget = widget_of(obj)
    names = sorted(widget.keys)
    traits = st.dictionaries(st.sampled_from(names) | st.text(max_size=6), JSON, min_size=1, max_size=4)
    before = _state_of(obj, widget)

    @seed(19)
    @settings(max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(method=st.sampled_from(["update", "echo_update"]), state=traits)
    def fuzz(method: str, state: dict[str, Any]) -> None:
        widget._handle_msg(_comm_msg(method, state))
        assert _state_of(obj, widget) == before

    with caplog.at_level(logging.WARNING, logger="vegas_tutor"):
        fuzz()
        # every synced trait, at once, with a value of its own kind that differs
        widget._handle_msg(_comm_msg("update", {n: ("x" if isinstance(getattr(widget, n), str) else 7)
                                                for n in names}))
    assert _state_of(obj, widget) == before
    assert "refused a front-end 'update'" in caplog.text
    # the widget still answers the browser's other messages, and a real move works
    widget._handle_msg({"content": {"data": {"method": "request_state"}}, "buffers": []})
    move(obj)
    if name not in ("lesson progress", "course progress", "lab chart"):
        assert _state_of(obj, widget) != before, "the move changed nothing"


def test_a_custom_message_through_the_comm_path_is_an_intent() -> None:
    board = LasVegasBoard(players=3, seed=1)
    before = board.state.to_json()
    board._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "roll"}}}, "buffers": []})
    assert board.state.to_json() != before  # the roll went through the engine


def test_a_message_without_a_method_is_ignored(caplog: pytest.LogCaptureFixture) -> None:
    board = LasVegasBoard(players=3, seed=1)
    before = board.state.to_json()
    with caplog.at_level(logging.WARNING, logger="vegas_tutor"):
        board._handle_msg({"content": {"data": {"state": {"version": 99}}}, "buffers": []})
        board._handle_msg({"content": None})
    assert board.state.to_json() == before and "refused" in caplog.text
