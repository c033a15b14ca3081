"""The board's public projection of a position (formerly ``State.view``, now the tutor's)."""

from __future__ import annotations

import json

from vegas_tutor.lords_of_vegas.engine import State
from vegas_tutor.tutor.lords_of_vegas.projection import board_view, public_view

BLUE, GREEN, RED, YELLOW = range(4)


def test_public_view_is_json_and_matches_the_state() -> None:
    s = State.position(4, tiles={"A2": ("gold", RED, 2)}, markers={"A3": YELLOW}, turn=RED, money=[50, 50, 50, 50])
    view = json.loads(json.dumps(public_view(s)))
    assert view["lots"]["A2"] == {"marker": None, "tile": "gold", "die": {"owner": RED, "value": 2}, "in_play": True}
    assert view["lots"]["A3"]["marker"] == YELLOW and view["casinos"][0]["boss"] == RED
    assert view["money"] == [50, 50, 50, 50] and view["current_player"] == RED and view["phase"] == "play"
    assert public_view(State.position(2))["lots"]["F1"]["in_play"] is False
    assert not hasattr(State, "view")  # (one home: the projection)


def test_the_board_is_built_on_it() -> None:
    s = State.position(2, tiles={"B1": ("aqua", GREEN, 4)}, turn=BLUE)
    view, board = public_view(s), board_view(s, learner=BLUE)
    assert {k: {x: board["lots"][k][x] for x in view["lots"][k]} for k in view["lots"]} == view["lots"]
    assert board["events"] == view["events"] and board["deck_left"] == view["deck_left"]
