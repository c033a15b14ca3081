"""What every board shares, checked on all three: the game kept as a sealed record after every accepted move,
resumed through the engine's ``from_json`` (a tampered record refused with its reason, and a new game), the
ping answered without touching the board, a standard ipywidgets update that leaves the game alone, and
refusals that never echo more than a short piece of the offending value."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from vegas_tutor.tutor.las_vegas import LasVegasBoard, ScenarioStepper
from vegas_tutor.tutor.liars_dice import LiarsDiceTable
from vegas_tutor.tutor.lords_of_vegas import LordsOfVegasBoard
from vegas_tutor.tutor.messages import ECHO_LIMIT, MAX_RECORD_CHARS
from vegas_tutor.tutor.widget import MAX_ERROR_CHARS, TutorWidget


def _lv() -> LasVegasBoard:
    return LasVegasBoard(players=3, seed=5, bots="random", show_odds=False)


def _ld() -> LiarsDiceTable:
    return LiarsDiceTable(players=3, dice=3, seed=7, bots="random", show_odds=False)


def _lov() -> LordsOfVegasBoard:
    return LordsOfVegasBoard(players=3, seed=9, show_odds=False, pace="all")


def _lv_move(board: Any) -> dict[str, Any]:
    if board.board["roll"] is None:
        return {"type": "roll"}
    return {"type": "place", "face": board.board["roll"]["groups"][0]["face"]}


def _ld_move(board: Any) -> dict[str, Any]:
    table = board.table
    if table["awaiting_show"]:
        return {"type": "keep"}
    if table["paused"]:
        return {"type": "next_round"}
    if not table["raises"]:
        return {"type": "challenge"}
    lowest = table["raises"][0]
    return {"type": "bid", "quantity": lowest["quantity"], "face": lowest["face"]}


def _lov_move(board: Any) -> dict[str, Any]:
    return {"type": "act", "action": board.board["actions"][0]["actions"][0]}


BOARDS: list[tuple[str, Callable[[], TutorWidget], Callable[[Any], dict[str, Any]]]] = [
    ("las_vegas", _lv, _lv_move),
    ("liars_dice", _ld, _ld_move),
    ("lords_of_vegas", _lov, _lov_move),
]
IDS = [name for name, _, _ in BOARDS]


def _play(board: Any, move: Callable[[Any], dict[str, Any]], accepted: int) -> None:
    """Play ``accepted`` of the learner's moves (a refused one fails the test with its reason)."""
    for _ in range(accepted):
        assert board.handle(move(board)), board.error


@pytest.mark.parametrize(("game", "make", "move"), BOARDS, ids=IDS)
def test_every_accepted_move_saves_the_game(game: str, make: Callable[[], Any], move: Any) -> None:
    board = make()
    assert board.board_id.startswith(f"{game}-") and board.saved["game"] == game
    first = board.saved
    assert json.loads(first["record"])["game"] == game and first["moves"] == len(board.state.history)
    _play(board, move, 3)
    assert board.saved["moves"] > first["moves"]
    assert board.saved["record"] == board.state.to_json()
    before = board.saved
    assert not board.handle({"type": "new_game", "extra": 1})  # a refusal saves nothing new
    assert board.saved == before


@pytest.mark.parametrize(("game", "make", "move"), BOARDS, ids=IDS)
def test_a_saved_game_resumes_at_the_same_move(game: str, make: Callable[[], Any], move: Any) -> None:
    played = make()
    _play(played, move, 4)
    saved = played.saved
    fresh = make()
    assert fresh.saved["record"] != saved["record"]
    assert fresh.handle({"type": "resume", "record": saved["record"]}), fresh.error
    assert fresh.saved == saved and fresh.error == ""
    assert fresh.state.history == played.state.history
    assert fresh.handle(move(fresh)), fresh.error  # and the game goes on


@pytest.mark.parametrize(("game", "make", "move"), BOARDS, ids=IDS)
def test_the_kept_options_sent_before_the_game_come_back_with_it(game: str, make: Callable[[], Any],
                                                                 move: Any) -> None:
    """What the page sends on Resume (widgets/shared.js): the kept options first, then the record; the
    opponents play on at the kept level and the coach is on from the first resumed move."""
    played = make()
    assert played.handle({"type": "option", "name": "bots", "value": "easy"}), played.error
    assert played.handle({"type": "coach", "on": True}), played.error
    _play(played, move, 2)
    saved = played.saved
    assert saved["options"]["bots"] == "easy" and saved["options"]["coach"] is True
    fresh = make()
    assert fresh.saved["options"] != saved["options"]
    for name, value in saved["options"].items():
        option = {"type": "option", "name": name, "value": value}
        assert fresh.handle({"type": "coach", "on": value} if name == "coach" else option), fresh.error
    assert fresh.handle({"type": "resume", "record": saved["record"]}), fresh.error
    assert fresh.saved == saved and fresh.state.history == played.state.history
    assert fresh.handle(move(fresh)), fresh.error
    assert fresh.saved["options"] == saved["options"]


@pytest.mark.parametrize(("game", "make", "move"), BOARDS, ids=IDS)
def test_a_tampered_record_is_refused_with_its_reason_and_a_new_game_starts(
    game: str, make: Callable[[], Any], move: Any
) -> None:
    played = make()
    _play(played, move, 3)
    envelope = json.loads(played.saved["record"])
    envelope["body"]["history"] = envelope["body"]["history"][:-1]  # an edit the checksum no longer fits
    board = make()
    _play(board, move, 1)
    played_before = board.state.history
    assert not board.handle({"type": "resume", "record": json.dumps(envelope)})
    assert "your saved game was refused" in board.error and "checksum" in board.error
    assert "a new game has started" in board.error
    assert board.saved["refused"] == "saved game failed its checksum: it was corrupted or edited"
    assert board.state.history != played_before and board.saved["record"] == board.state.to_json()
    _play(board, move, 1)
    assert "refused" not in board.saved


@pytest.mark.parametrize(("game", "make", "move"), BOARDS, ids=IDS)
def test_records_of_other_games_or_other_tables_are_refused(game: str, make: Callable[[], Any], move: Any) -> None:
    board = make()
    others = [b() for name, b, _ in BOARDS if name != game]
    for other in others:
        assert not board.handle({"type": "resume", "record": other.saved["record"]})
        assert f"record, not '{game}'" in board.error
    bigger = type(board)(players=4, seed=1)
    assert not board.handle({"type": "resume", "record": bigger.saved["record"]})
    assert "it is a 4-player game" in board.error
    for bad in ("", "not json", "[]", '{"game": 1}'):
        assert not board.handle({"type": "resume", "record": bad})
        assert board.error.startswith("your saved game was refused (saved game")


def test_resume_messages_are_checked() -> None:
    board = _lv()
    assert not board.handle({"type": "resume", "record": ["x"]})
    assert board.error == "message 'resume': record must be a saved game's text, got ['x']"
    assert not board.handle({"type": "resume", "record": "x" * (MAX_RECORD_CHARS + 1)})
    assert "the saved game is too long (1,000,001 characters" in board.error
    assert not board.handle({"type": "resume"})
    assert board.error == "message 'resume' is missing record"
    stepper = ScenarioStepper("LV-TIE-1")
    assert stepper.saved == {} and stepper.board_id == ""
    assert not stepper.handle({"type": "resume", "record": board.saved["record"]})
    assert stepper.error == "this board shows a position: there is no game to resume"


def test_a_game_too_long_for_the_browser_is_said_so(monkeypatch: pytest.MonkeyPatch) -> None:
    import vegas_tutor.tutor.widget as widget

    monkeypatch.setattr(widget, "MAX_RECORD_CHARS", 100)
    board = _lv()
    assert "record" not in board.saved and board.saved["too_long"] == len(board.state.to_json())


@pytest.mark.parametrize(("game", "make", "move"), BOARDS, ids=IDS)
def test_a_ping_is_answered_and_changes_nothing(game: str, make: Callable[[], Any], move: Any) -> None:
    board = make()
    sent: list[Any] = []
    board.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    assert not board.handle({"type": "option", "name": "nope", "value": True})
    error, version, saved = board.error, board.version, board.saved
    assert board.handle({"type": "ping", "n": 41})
    assert sent == [{"type": "pong", "n": 41}]
    assert (board.error, board.version, board.saved) == (error, version, saved)
    assert not board.handle({"type": "ping", "n": "x"}) and "n must be a whole number" in board.error


@pytest.mark.parametrize(("game", "make", "move"), BOARDS, ids=IDS)
def test_a_standard_ipywidgets_update_leaves_the_game_alone(game: str, make: Callable[[], Any], move: Any) -> None:
    board = make()
    state = board.state
    board.set_state({"show_odds": True})  # what ipywidgets calls on an "update" message from the page
    assert board.show_odds is True and board.odds.get("status") != "off"
    assert board.state.history == state.history and board.handle(move(board)), board.error
    # the same through the comm's message handler, as a page would send it: refused, the game goes on
    update = {"method": "update", "state": {"show_odds": False}, "buffer_paths": []}
    board._handle_msg({"content": {"data": update}, "buffers": []})
    assert board.show_odds is True and board.handle(move(board)), board.error


@pytest.mark.parametrize(("game", "make", "move"), BOARDS, ids=IDS)
def test_refusals_stay_short(game: str, make: Callable[[], Any], move: Any) -> None:
    board = make()
    huge = "x" * 10_000_000
    messages: list[object] = [
        {"type": huge},
        {"type": "option", "name": huge, "value": True},
        {"type": "option", "name": ["show_odds"], "value": True},
        {"type": "option", "name": {"a": 1}, "value": True},
        {"type": "option", "name": "show_odds", "value": huge},
        {"type": "step", "to": huge},
        {"type": "new_game", huge: 1},
        {"type": "resume", "record": [huge]},
        {"type": "ping", "n": huge},
    ]
    version = board.version
    for message in messages:
        assert not board.handle(message)
        assert 0 < len(board.error) <= MAX_ERROR_CHARS + 1, board.error[:200]
        assert "x" * (ECHO_LIMIT + 1) not in board.error
    assert board.version == version + len(messages)


@pytest.mark.parametrize(("game", "make", "move"), BOARDS, ids=IDS)
def test_an_option_name_that_is_a_list_is_a_clear_refusal(game: str, make: Callable[[], Any], move: Any) -> None:
    board = make()
    assert not board.handle({"type": "option", "name": ["show_odds"], "value": True})
    assert board.error.startswith("an option's name is text (one of show_odds")
    assert board.error.endswith("got ['show_odds']")


def test_board_ids_count_the_playable_boards_of_each_game() -> None:
    first, second = _lv(), _lv()
    assert int(second.board_id.rsplit("-", 1)[1]) == int(first.board_id.rsplit("-", 1)[1]) + 1
    assert LasVegasBoard(players=2, seed=1, board_id="mine").board_id == "mine"
