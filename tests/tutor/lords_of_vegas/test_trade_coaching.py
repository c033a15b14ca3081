"""The coach on the Lords of Vegas board's trades: advice on an offer and on what to propose, a verdict on each
trade the learner answers, the trades in the end-of-game review, and refusals that change nothing."""

from __future__ import annotations

import json
from typing import Any

from vegas_tutor.lords_of_vegas import State
from vegas_tutor.tutor.lords_of_vegas import LordsOfVegasBoard

BLUE, RED = 0, 2
SELL_CHEAP = "trade red: $0 lots A2 dice - for blue: $10 lots - dice -"


def offered(**kw: Any) -> LordsOfVegasBoard:
    """Red (the learner) at its turn's start; Blue, bossing a casino beside Red's marker on C2, offers $16."""
    s = State.position(4, tiles={"C1": ("gold", BLUE, 5)}, markers={"C2": RED}, money=[30, 10, 10, 10],
                       draws_before_end=20, turn=RED, phase="draw")
    return LordsOfVegasBoard(state=s, learner=RED, pace="all", **kw)


def selling(**kw: Any) -> LordsOfVegasBoard:
    s = State.position(3, markers={"A2": RED}, money=[30, 10, 10], draws_before_end=20, turn=RED, phase="draw")
    return LordsOfVegasBoard(state=s, learner=RED, pace="all", **kw)


def test_the_coach_advises_on_the_offer_and_judges_the_answer() -> None:
    board = offered(coach=True)
    trade = board.board["trade"]
    assert trade["coach"] and trade["advice"] is None
    assert trade["offer"]["words"] == "Blue offers $16 for your lot C2."
    assert board.handle({"type": "trade_hint"}), board.error
    advice = board.board["trade"]["advice"]
    assert advice["accept"] is True and advice["text"].startswith("The coach would accept: you gain about $2")
    assert board.handle({"type": "answer", "accept": False}), board.error
    assert board.board["trade"]["advice"] is None  # the offer it was about is gone
    last = board.coaching["last"]
    assert last["words"] == "refuse the trade (Blue gives $16 for Red's lot C2)"
    assert last["best"] == "accept the trade (Blue gives $16 for Red's lot C2)"
    assert last["verdict"] == "good" and 0 < last["loss"] < 0.5  # a small gain given up
    assert last["text"].startswith("About as good as accepting: you gain about $2")
    assert "a point at $3.33" in last["details"]


def test_a_proposal_accepted_is_judged_and_one_refused_is_not() -> None:
    board = selling(coach=True)
    assert board.handle({"type": "trade_hint"}), board.error
    assert board.board["trade"]["advice"]["proposal"] is None
    assert board.handle({"type": "trade", "trade": "trade red: $0 lots A2 dice - for blue: $30 lots - dice -"})
    assert "Blue refuses" in board.board["trade"]["answer"] and not board.coach.decisions  # nothing happened
    assert board.handle({"type": "trade", "trade": SELL_CHEAP}), board.error
    assert "Blue accepts" in board.board["trade"]["answer"]
    last = board.coaching["last"]
    assert last["words"] == "accept the trade (Red gives lot A2 for Blue's $10)" and last["verdict"] == "inaccuracy"
    assert last["text"] == ("Better to refuse: what you would get is worth $10 to you and what you would give $14: "
                            "you lose about $4 of what you hold.")


def test_undo_takes_back_the_trade_and_its_verdict() -> None:
    board = selling(coach=True)
    assert board.handle({"type": "trade", "trade": SELL_CHEAP}), board.error
    assert len(board.coach.decisions) == 1 and board.board["undo"]["can"]
    assert board.handle({"type": "undo"}), board.error
    assert board.state.marker("A2") == RED and board.coaching["last"] is None


def test_the_review_lists_the_trades_in_game_order() -> None:
    board = selling(coach=True)
    assert board.handle({"type": "act", "action": "draw"}), board.error
    assert board.handle({"type": "trade", "trade": SELL_CHEAP}), board.error
    while not board.state.is_over:
        if board.board["trade"]["offer"]:
            assert board.handle({"type": "answer", "accept": False}), board.error
        elif board.state.current_player == RED:
            assert board.handle({"type": "act", "action": board.board["actions"][-1]["actions"][-1]}), board.error
    rows = board.coaching["review"]["rows"]
    words = [r["words"] for r in rows]
    assert "accept the trade (Red gives lot A2 for Blue's $10)" in words
    at = [d.at for d in board.coach.decisions]
    assert at == sorted(at) and len(rows) == len(board.coach.decisions) >= 2


def test_trade_advice_needs_the_coach_and_a_moment_for_trades() -> None:
    board = offered()
    before = json.dumps(board.board, sort_keys=True)
    assert not board.handle({"type": "trade_hint"}) and "switch the coach on first" in board.error
    assert json.dumps(board.board, sort_keys=True) == before and not board.board["trade"]["coach"]
    assert not board.handle({"type": "trade_hint", "now": True}) and "unexpected fields: now" in board.error
    s = State.position(3, tiles={"C1": ("gold", BLUE, 5)}, money=[30, 10, 10], turn=RED, phase="play",
                       draws_before_end=20)
    rolling = LordsOfVegasBoard(state=s, learner=RED, pace="all", coach=True)
    assert rolling.handle({"type": "act", "action": "gamble $5 at C1"}), rolling.error
    assert rolling.state.phase == "gamble_roll" and not rolling.board["trade"]["dice_ok"]  # (the button is off)
    assert not rolling.handle({"type": "trade_hint"}) and "dice are rolling" in rolling.error
