"""Undo on the Las Vegas board and the Liar's Dice table: the learner's last decision is taken back with the
bots' moves after it, never a roll; the flag that makes New game and leaving the page ask first; malformed
or untimely undo and skip messages refused without a change; the Liar's Dice learner knocked out sees their
reveal, then watches or skips the rest; "place your bet" only on others' bids; the what-if editor's start."""

from __future__ import annotations

import json
from typing import Any

import pytest

from vegas_tutor.las_vegas.actions import Place
from vegas_tutor.liars_dice import Bid, Challenge, NoShow, Roll, State
from vegas_tutor.tutor.las_vegas import LasVegasBoard, ScenarioStepper
from vegas_tutor.tutor.liars_dice import LiarsDiceTable


def snapshot(widget: Any, traits: tuple[str, ...]) -> str:
    state = widget.get_state()
    return json.dumps({k: state[k] for k in traits}, sort_keys=True, default=str) + repr(widget.state.history)


def refused(widget: Any, message: object, reason: str, traits: tuple[str, ...]) -> None:
    before = snapshot(widget, traits)
    assert widget.handle(message) is False
    assert reason in widget.error, widget.error
    assert snapshot(widget, traits) == before


LV = ("board", "odds", "outlook", "stepper")
LD = ("table", "odds", "simulation", "bet", "what_if_view")


# ------------------------------------------------------------------------------------------ Las Vegas
def rolled_board(seed: int = 4, **kwargs: Any) -> LasVegasBoard:
    board = LasVegasBoard(players=3, seed=seed, bots="greedy", show_odds=False, **kwargs)  # no odds: fast
    board.roll()
    return board


def test_las_vegas_undo_takes_back_the_placement_and_the_bots_moves_but_keeps_the_roll() -> None:
    board = rolled_board()
    roll, history = board.state.current_roll, board.state.history
    assert not board.board["undo"]["can"] and "never taken back" in board.board["undo"]["reason"]
    face = board.board["roll"]["groups"][0]["face"]
    board.place(face)
    assert len(board.state.history) > len(history) + 1  # the bots played after the placement
    assert board.board["undo"] == {"can": True, "what": f"your placement of the {face}s", "reason": "",
                                   "in_progress": True}
    assert board.handle({"type": "undo"}), board.error
    assert board.state.history == history and board.state.current_roll == roll and board.board["phase"] == "place"
    assert board.board["highlight"] == [f"casino:{face}"]
    refused(board, {"type": "undo"}, "a roll is never taken back", LV)  # the roll stays: no re-rolling


@pytest.mark.parametrize("seed", range(5))
def test_las_vegas_undo_never_rerolls_over_many_placements(seed: int) -> None:
    """Place, undo, place another face: the learner's dice are the same every time, and the game goes on
    exactly as the engine plays it."""
    board = rolled_board(seed)
    for _ in range(12):
        if board.state.is_over:
            break
        if board.board["phase"] != "place":
            board.roll()
        roll = board.state.current_roll
        faces = [g["face"] for g in board.board["roll"]["groups"]]
        for face in faces:
            board.place(face)
            assert board.handle({"type": "undo"}), board.error
            assert board.state.current_roll == roll
        board.place(faces[-1])
    assert all(isinstance(a, Place) or str(a).startswith("roll") for a in board.state.history)


def test_las_vegas_undo_is_refused_with_auto_roll_on_a_stepper_and_in_what_if_mode() -> None:
    board = LasVegasBoard(players=3, seed=4, bots="greedy", auto_roll=True, show_odds=False)
    board.place(board.board["roll"]["groups"][0]["face"])
    assert not board.board["undo"]["can"] and "Roll my dice for me" in board.board["undo"]["reason"]
    refused(board, {"type": "undo"}, "never taken back", LV)
    stepper = ScenarioStepper("LV-TIE-1")
    refused(stepper, {"type": "undo"}, "shows a position", LV)
    manual = rolled_board()
    manual.place(manual.board["roll"]["groups"][0]["face"])
    assert manual.handle({"type": "option", "name": "what_if", "value": True})
    refused(manual, {"type": "undo"}, "leave what-if mode", LV)


@pytest.mark.parametrize("message", [{"type": "undo", "steps": 2}, {"type": "undo", "face": 3}, ["undo"],
                                     {"type": "Undo"}])
def test_malformed_undo_messages_are_refused(message: object) -> None:
    board = rolled_board()
    board.place(board.board["roll"]["groups"][0]["face"])
    refused(board, message, "", LV)
    assert board.error


def test_las_vegas_a_game_is_in_progress_from_the_first_decision_until_new_game() -> None:
    board = LasVegasBoard(players=3, seed=4, bots="greedy")
    assert board.board["undo"]["in_progress"] is False  # nothing to lose: New game does not ask
    board.roll()
    assert board.board["undo"]["in_progress"] is True
    assert board.handle({"type": "new_game"})
    assert board.board["undo"]["in_progress"] is False and board.board["undo"]["can"] is False
    resumed = LasVegasBoard(players=3, seed=9)
    assert resumed.handle({"type": "resume", "record": board.saved["record"]})
    assert resumed.board["undo"]["in_progress"] is False  # the kept game had no move of the learner's
    board.roll()
    assert resumed.handle({"type": "resume", "record": board.saved["record"]})
    assert resumed.board["undo"]["in_progress"] is True


def test_las_vegas_a_finished_game_is_not_in_progress() -> None:
    board = LasVegasBoard(players=3, seed=2, bots="greedy", auto_roll=True, show_odds=False)
    for _ in range(200):
        if board.state.is_over:
            break
        board.place(board.board["roll"]["groups"][0]["face"])
    assert board.state.is_over and board.board["undo"]["in_progress"] is False


# ------------------------------------------------------------------------------------------ Liar's Dice
def table_at(own: tuple[int, ...] = (3, 3, 5), seed: int = 1, counts: tuple[int, ...] = (3, 3, 3)) -> LiarsDiceTable:
    state = State.start(list(counts), opener=0, seed=0)
    state.apply(Roll(own))
    for seat in range(1, len(counts)):
        state.apply(Roll(tuple([2, 4, 6, 6, 5][:counts[seat]])))
    return LiarsDiceTable(state, names=("You", "Shane", "Mike", "Mary")[:len(counts)], seed=seed, bots="random")


def test_liars_dice_undo_takes_back_keep_then_the_bid() -> None:
    table = table_at()
    start = table.state.history
    assert table.table["undo"]["can"] is False and table.table["undo"]["in_progress"] is False
    table.bid("two 3s")
    table.keep()
    after_keep = table.state.history
    assert table.table["reveal"] is None  # the seeded bot raises: the round goes on
    assert table.table["undo"]["what"] == "keeping your cup"
    assert table.handle({"type": "undo"}), table.error
    assert isinstance(table.state.history[-1], Bid) and table.table["awaiting_show"]
    assert len(table.state.history) < len(after_keep)
    assert table.table["undo"]["what"] == "your bid two 3s"
    assert table.handle({"type": "undo"}) and table.state.history == start and table.table["learner_to_act"]


def test_liars_dice_undo_never_crosses_a_show_and_its_reroll() -> None:
    table = table_at()
    table.bid("two 3s")
    table.show([3, 3])
    reroll = table.state.history[len(table.state.history) - 1]
    assert table.table["undo"]["can"] is False or table.table["reveal"] is not None
    before = table.state.history
    if table.table["reveal"] is None:
        refused(table, {"type": "undo"}, "a roll is never taken back", LD)
        assert table.state.history == before and reroll in before


def test_liars_dice_undo_never_crosses_a_challenge() -> None:
    table = table_at(own=(2, 2, 2))
    state = table.state
    state.apply(Bid(1, 6))
    state.apply(NoShow())
    table = LiarsDiceTable(state, names=("You", "Shane", "Mike"), seed=3, bots="odds")  # Shane bid; Mike acts
    while not table.table["paused"] and not table.table["is_over"]:
        if table.table["awaiting_show"]:
            table.keep()
        elif table.table["can_challenge"]:
            table.challenge()
        else:
            table.bid(Bid(table.table["raises"][0]["quantity"], table.table["raises"][0]["face"]))
    assert any(isinstance(a, Challenge) for a in table.state.history)
    if not table.table["is_over"]:
        refused(table, {"type": "undo"}, "the cups were lifted", LD)


def test_liars_dice_a_knocked_out_learner_sees_their_reveal_then_watches_or_skips() -> None:
    state = State.start([1, 2, 2, 2], opener=0, seed=0)
    for faces in [(3,), (2, 2), (4, 4), (5, 5)]:
        state.apply(Roll(faces))
    table = LiarsDiceTable(state, names=("You", "Shane", "Mike", "Mary"), seed=1, bots="odds")
    assert table.handle({"type": "bid", "quantity": 4, "face": 6})  # no 6 anywhere: the bid is false
    t = table.table
    assert t["paused"] and t["out"] and not t["is_over"]
    assert t["reveal"]["losses"][0] == 1 and t["reveal"]["bidder"] == 0
    assert "Out of the game: You" in t["reveal"]["words"]
    assert t["describe"].startswith("You are out of the game")
    assert t["undo"]["in_progress"] is False  # out: New game does not ask
    refused(table, {"type": "bid", "quantity": 5, "face": 5}, "press 'Next round'", LD)
    assert table.handle({"type": "next_round"})  # watch: the bots play one round and stop at its reveal
    t = table.table
    assert t["is_over"] or (t["paused"] and t["reveal"]["bidder"] != 0)
    if not t["is_over"]:
        assert table.handle({"type": "skip"}) and table.table["is_over"]


def test_liars_dice_skip_is_refused_while_the_learner_is_still_in() -> None:
    state = State.start([3, 3, 3], opener=0, seed=0)
    for faces in [(2, 2, 2), (3, 4, 5), (3, 4, 6)]:
        state.apply(Roll(faces))
    state.apply("one 6")
    table = LiarsDiceTable(state, names=("Shane", "You", "Mike"), viewer=1, seed=3, bots="odds")
    refused(table, {"type": "skip"}, "no reveal to leave", LD)
    table.challenge()
    refused(table, {"type": "skip"}, "you are still in the game", LD)
    refused(table, {"type": "skip", "now": True}, "unexpected fields", LD)


def test_place_your_bet_asks_only_about_the_others_bids() -> None:
    table = table_at()
    assert table.handle({"type": "option", "name": "bet_mode", "value": True})
    table.bid("two 3s")
    assert table.table["awaiting_show"] and table.odds["status"] == "ready"  # your own bid: no bet asked
    refused(table, {"type": "bet", "guess": True}, "your own", LD)


def test_the_what_if_editor_starts_from_the_real_view_with_a_bid_to_change() -> None:
    table = table_at(own=(1, 4, 4))
    assert table.handle({"type": "option", "name": "what_if", "value": True})
    v = table.what_if_view
    assert v["own"] == [1, 4, 4] and v["unknown"] == 6 and not v["explored"] and v["real_bid"] is False
    assert v["bid"] == {"quantity": 5, "face": 4, "text": "five 4s"}  # 3 of yours + 6 hidden / 3
    table.bid("two 3s")
    assert table.what_if_view["bid"]["text"] == "two 3s" and table.what_if_view["real_bid"] is True
