"""The coach on the Lords of Vegas board's trades: advice on an offer and on what to propose, a verdict on each
trade the learner answers, the trades in the end-of-game review, refusals that change nothing, and a trade
answered badly coming back on the Practice page."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from vegas_tutor.core.errors import VegasTutorError
from vegas_tutor.lords_of_vegas import State
from vegas_tutor.practice.deck import check_exercise
from vegas_tutor.practice.exercise import make_exercise, rejudge
from vegas_tutor.tutor import coaching
from vegas_tutor.tutor.lords_of_vegas import LordsOfVegasBoard
from vegas_tutor.tutor.practice import Practice

BLUE, RED = 0, 2


@pytest.fixture(autouse=True)
def reviews_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reviews computed at once, as in ``tests/tutor/test_coaching.py`` (a browser test run earlier in the session
    leaves Playwright's event loop in this thread, which would never run the worker's callbacks)."""
    monkeypatch.setattr(coaching, "running_loop", lambda: None)
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
    assert last["verdict"] == "good" and 0 <= last["loss"] < 0.02  # a small gain given up: little chance of winning
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


# ----------------------------------------------------------------------------------------- practice (issue 25)
def play_to_the_end(board: LordsOfVegasBoard) -> None:
    """Refuse every offer, take the last action offered (the end of the turn) otherwise."""
    while not board.state.is_over:
        if board.board["trade"]["offer"]:
            assert board.handle({"type": "answer", "accept": False}), board.error
        else:
            assert board.handle({"type": "act", "action": board.board["actions"][-1]["actions"][-1]}), board.error


def test_a_trade_answered_badly_comes_back_on_the_practice_page() -> None:
    board = selling()
    board.collect_exercises = True
    assert board.handle({"type": "trade", "trade": SELL_CHEAP}), board.error  # coach off: still an exercise
    play_to_the_end(board)
    trades = [e for e in board.practice_found["exercises"] if e["theme"] == "trade"]
    assert [e["choice"] for e in trades] == [f"red accepts {SELL_CHEAP}"]
    exercise = trades[0]
    assert exercise["best"] == f"red refuses {SELL_CHEAP}" and exercise["verdict"] == "inaccuracy"
    assert exercise["seat"] == RED

    page = Practice(clock=lambda: datetime(2026, 3, 2, 9, tzinfo=UTC))
    assert page.handle({"type": "load", "deck": None, "inbox": trades}), page.panel.error
    page.handle({"type": "game", "game": "lords_of_vegas"})
    assert page.current is not None and page.current.id == exercise["id"]
    view = page.panel.exercise
    assert [g["label"] for g in view["groups"]] == ["Answer the trade"]
    assert [c["words"] for c in view["groups"][0]["choices"]] == [
        "accept the trade (Red gives lot A2 for Blue's $10)", "refuse the trade (Red gives lot A2 for Blue's $10)"]
    assert page.board.state.marker("A2") == RED  # the position before the trade, read-only
    result = page.answer(exercise["best"])
    assert result["answer"] == "best" and result["then"] == "accept the trade (Red gives lot A2 for Blue's $10)"
    assert result["why"].startswith("Refusing was right")


@pytest.mark.parametrize(("field", "value"), [("best", "red ignores " + SELL_CHEAP), ("seat", BLUE),
                                              ("choice", "blue refuses " + SELL_CHEAP),
                                              ("choice", "red accepts trade red: $0 lots A3 dice - for blue: $10 "
                                                         "lots - dice -")])
def test_a_tampered_trade_exercise_is_refused(field: str, value: object) -> None:
    board = selling()
    board.collect_exercises = True
    assert board.handle({"type": "trade", "trade": SELL_CHEAP}), board.error
    play_to_the_end(board)
    raw = next(e for e in board.practice_found["exercises"] if e["theme"] == "trade")
    assert check_exercise(raw).choice == raw["choice"]
    with pytest.raises(VegasTutorError):
        check_exercise({**raw, field: value})


def test_easy_opponents_answer_as_beginners_and_say_so() -> None:
    said = set()
    for seed in range(12):
        s = State.position(3, markers={"A2": BLUE}, money=[30, 10, 10], draws_before_end=20, turn=RED, phase="draw")
        board = LordsOfVegasBoard(state=s, learner=RED, pace="all", bots="easy", seed=seed)
        assert board.handle({"type": "trade", "trade": "trade red: $7 lots - dice - for blue: $0 lots A2 dice -"})
        said.add(board.board["trade"]["answer"])
    assert "Blue accepts: by the board's printed prices it gets $7 for $6." in said  # most of the time
    assert any(a.startswith("Blue refuses: by its count it would lose") for a in said)  # now and then by value


def test_an_offer_answered_off_ones_turn_is_the_answering_seats_exercise_made_again_alike() -> None:
    s = State.position(4, tiles={"C1": ("gold", BLUE, 5)}, markers={"C2": RED}, money=[30, 10, 10, 10],
                       draws_before_end=20, turn=BLUE, phase="draw")  # Blue's turn: Red answers off its own
    offer = "trade blue: $2 lots - dice - for red: $0 lots C2 dice -"  # the lot for $2: 5 points of winning chance
    exercise = make_exercise(s, f"red accepts {offer}")
    assert exercise is not None and exercise.seat == RED and s.current_player == BLUE
    assert rejudge(exercise) == exercise and check_exercise(exercise.to_dict()) == exercise
