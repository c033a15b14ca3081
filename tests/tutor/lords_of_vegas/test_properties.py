"""Property tests of the Lords of Vegas board: no message from the browser can break it or change it when
refused, and any run of legal clicks keeps the projection in step with the engine."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from vegas_tutor.tutor.lords_of_vegas import LordsOfVegasBoard

KEYS = st.sampled_from(["type", "action", "name", "value", "to", "extra", "trade", "accept"])
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=True) | st.text(max_size=8)
    | st.sampled_from(["act", "inspect", "new_game", "option", "step", "show_odds", "next", "draw", "roll", "pace",
                       "trade", "answer", "ask_offers", "all", "trade blue: $1 lots - dice - for red: $0 lots - dice -",
                       "end turn", "build gold on A2", "gamble $4 at A1", "reorganize C3", "lay off half"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)
MESSAGES = st.dictionaries(KEYS, VALUES, max_size=4) | VALUES


def _snapshot(board: LordsOfVegasBoard) -> str:
    return board.state.to_json() + json.dumps([board.board, board.odds], sort_keys=True)


@settings(max_examples=60, deadline=None)
@given(messages=st.lists(MESSAGES, min_size=1, max_size=5))
def test_any_message_is_answered_and_a_refused_one_changes_nothing(messages: list[Any]) -> None:
    board = LordsOfVegasBoard(players=3, seed=5)
    for message in messages:
        before = _snapshot(board)
        accepted = board.handle(message)
        assert isinstance(accepted, bool)
        if not accepted:
            assert board.error and _snapshot(board) == before
        else:
            assert board.error == ""
        json.dumps([board.board, board.odds])


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=30))
def test_legal_clicks_keep_the_projection_in_step(seed: int, choices: list[int]) -> None:
    board = LordsOfVegasBoard(players=4, seed=seed, show_odds=False, pace="all")
    for choice in choices:
        offered = [text for group in board.board["actions"] for text in group["actions"]]
        if board.board["trade"]["offer"]:
            # a bot offers the learner a trade: on the bot's own turn the board waits for the answer; at the
            # start of the learner's turn the learner's moves are offered beside it
            assert not offered or board.state.current_player == 0
            assert board.handle({"type": "answer", "accept": choice % 2 == 0}), board.error
        elif not offered:
            assert board.state.is_over
            break
        else:
            assert board.handle({"type": "act", "action": offered[choice % len(offered)]}), board.error
        state, view = board.state, board.board
        assert view["phase"] == state.phase and view["players"][0]["money"] == state.money(0)
        assert [c["lots"] for c in view["casinos"]] == [list(c.lots) for c in state.casinos()]
        # the bots always hand back to the learner, or wait for the answer to an offer
        assert state.is_over or state.current_player == 0 or view["trade"]["offer"]
