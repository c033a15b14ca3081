"""Property tests: no message from the browser can break the board or change it when refused."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from vegas_tutor.tutor import LasVegasBoard

KEYS = st.sampled_from(["type", "face", "casino", "owner", "count", "name", "value", "to", "extra"])
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=True) | st.text(max_size=8)
    | st.sampled_from(["roll", "place", "what_if", "reset", "new_game", "option", "step", "show_odds",
                       "what_if", "assumption", "bots", "greedy", "random", "next", "back"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)
MESSAGES = st.dictionaries(KEYS, VALUES, max_size=5) | VALUES


def _snapshot(board: LasVegasBoard) -> str:
    return board.state.to_json() + board.shown_state.to_json() + json.dumps(board.board, sort_keys=True)


@settings(max_examples=80, deadline=None)
@given(messages=st.lists(MESSAGES, min_size=1, max_size=6))
def test_any_message_is_answered_and_a_refused_one_changes_nothing(messages: list[Any]) -> None:
    board = LasVegasBoard(players=3, seed=5, show_odds=False)
    for message in messages:
        before = _snapshot(board)
        accepted = board.handle(message)
        assert isinstance(accepted, bool)
        if not accepted:
            assert board.error and _snapshot(board) == before
        else:
            assert board.error == ""
        json.dumps(board.board)
        json.dumps(board.outlook)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), choices=st.lists(st.integers(0, 5), min_size=1, max_size=40))
def test_any_sequence_of_legal_clicks_keeps_the_projection_consistent(seed: int, choices: list[int]) -> None:
    board = LasVegasBoard(players=4, seed=seed, bots="greedy", show_odds=False)
    for choice in choices:
        if board.board["is_over"]:
            break
        assert board.handle({"type": "roll"})
        groups = board.board["roll"]["groups"]
        assert board.handle({"type": "place", "face": groups[choice % len(groups)]["face"]})
        state = board.state
        view = board.board
        assert view["round"] == state.round and view["phase"] == state.phase
        assert [c["dice"] for c in view["casinos"]] == [list(state.placed_on(c)) for c in range(1, 7)]
        assert [h["own"] for h in view["hands"]] == [state.in_hand(s) for s in range(4)]
        assert view["turn"]["seat"] in (0, None)  # the bots always hand back to the learner
