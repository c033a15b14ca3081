"""``LasVegasBoard`` without a browser: every intent, refusals that change nothing, bots, what-if mode."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from unittest import mock

import pytest

from vegas_tutor.core.errors import ConfigError, IllegalActionError
from vegas_tutor.las_vegas import State, new_game
from vegas_tutor.las_vegas.odds import bills_now
from vegas_tutor.tutor import LasVegasBoard, event_loop
from vegas_tutor.tutor.las_vegas.board import default_names

SYNCED = ("board", "odds", "outlook", "stepper", "error", "show_odds", "assumption", "what_if", "auto_roll",
          "interactive")


def run_in_own_loop(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run a coroutine on a fresh event loop in a thread of its own, standing for a lesson kernel's loop (the
    browser tests' Playwright session keeps an event loop running in the main thread for the rest of the run)."""
    with ThreadPoolExecutor(max_workers=1) as pool, mock.patch.object(event_loop, "in_kernel", return_value=True):
        pool.submit(asyncio.run, coroutine).result()


def snapshot(board: LasVegasBoard) -> tuple[str, str, str]:
    """Everything a refused intent must leave alone: the real game, the shown game and the synced views."""
    views = json.dumps({name: getattr(board, name) for name in SYNCED if name != "error"}, sort_keys=True)
    return board.state.to_json(), board.shown_state.to_json(), views


def refused(board: LasVegasBoard, message: object, reason: str) -> None:
    before = snapshot(board)
    version = board.version
    assert board.handle(message) is False
    assert reason in board.error
    assert snapshot(board) == before
    assert board.version == version + 1  # the browser is told, even when the same reason repeats


@pytest.fixture
def board() -> LasVegasBoard:
    return LasVegasBoard(players=4, seed=11, bots="greedy", show_odds=False)


def test_a_new_board_waits_for_the_learner_to_roll(board: LasVegasBoard) -> None:
    assert board.board["turn"] == {"seat": 0, "name": "You", "human": True, "you": True}
    assert [o["name"] for o in board.board["owners"]] == ["You", "Benno", "Carla", "Denny"]
    assert [o["player"] for o in board.board["owners"]] == ["you", "bot", "bot", "bot"]
    assert board.board["phase"] == "roll" and board.error == ""
    assert board.odds == {"status": "off", "reason": "The odds are hidden."}
    json.dumps(board.board)


def test_roll_then_place_lets_the_bots_play_until_the_learner_is_back(board: LasVegasBoard) -> None:
    assert board.handle({"type": "roll"})
    roll = board.board["roll"]
    assert board.board["phase"] == "place" and sum(roll["own"]) == 8
    face = roll["groups"][0]["face"]
    dice = roll["groups"][0]["own"]
    assert board.handle({"type": "place", "face": face})
    state = board.state
    assert state.placed_on(face)[0] == dice and state.in_hand(0) == 8 - dice
    assert state.current_player == 0 and state.phase == "roll"  # three bots have played in between
    assert all(state.in_hand(s) < 8 for s in (1, 2, 3))
    log = board.board["log"]
    assert log[0].startswith(f"You place {dice} {'die' if dice == 1 else 'dice'} on casino {face}")
    assert any(line.startswith("Benno places") for line in log)
    assert board.board["highlight"] == [f"casino:{face}"]


def test_python_side_roll_and_place_raise_when_refused(board: LasVegasBoard) -> None:
    with pytest.raises(IllegalActionError, match="roll first"):
        board.place(3)
    board.roll()
    with pytest.raises(IllegalActionError, match="rolled already"):
        board.roll()


def test_placing_a_face_not_rolled_is_refused_with_the_engines_reason(board: LasVegasBoard) -> None:
    board.handle({"type": "roll"})
    own, _ = board.state.current_roll  # type: ignore[misc]
    missing = next(f for f in range(1, 7) if own[f - 1] == 0)
    refused(board, {"type": "place", "face": missing}, f"no die of the roll shows {missing}")


@pytest.mark.parametrize(("message", "reason"), [
    ({"type": "place", "face": 3}, "roll first"),
    ({"type": "place", "face": "3"}, "whole number"),
    ({"type": "teleport"}, "unknown message type"),
    ("roll", "must be an object"),
    ({"type": "roll", "seat": 2}, "unexpected fields"),
    ({"type": "what_if", "casino": 1, "owner": 0, "count": 2}, "switch on what-if mode first"),
    ({"type": "reset"}, "nothing to reset"),
    ({"type": "step", "to": "next"}, "not playing an example"),
    ({"type": "option", "name": "assumption", "value": "psychic"}, "one of random, greedy"),
])
def test_malformed_or_untimely_messages_change_nothing(
    board: LasVegasBoard, message: dict[str, Any], reason: str
) -> None:
    refused(board, message, reason)


def test_rolling_twice_is_refused(board: LasVegasBoard) -> None:
    board.handle({"type": "roll"})
    refused(board, {"type": "roll"}, "you have rolled already")


def test_out_of_turn_moves_are_refused() -> None:
    bills = [[60_000], [50_000], [50_000], [90_000], [50_000], [70_000]]
    state = State.position(3, casino_bills=bills, turn=1)
    board = LasVegasBoard(state, humans=(0,), interactive=False)
    refused(board, {"type": "roll"}, "this board shows a position")
    board.interactive = True  # a board handed over mid-turn: Benno (a bot) has not moved yet
    refused(board, {"type": "roll"}, "it is Benno's turn, not yours")


def test_an_accepted_intent_clears_the_last_error(board: LasVegasBoard) -> None:
    board.handle({"type": "place", "face": 1})
    assert board.error
    assert board.handle({"type": "roll"}) and board.error == ""


def test_messages_arrive_through_the_widget_channel(board: LasVegasBoard) -> None:
    board._on_msg(board, {"type": "roll"}, [])
    assert board.board["phase"] == "place"
    board._on_msg(board, {"type": "roll", "extra": 1}, [])
    assert "unexpected fields" in board.error


def test_odds_follow_the_roll_and_the_assumption() -> None:
    board = LasVegasBoard(players=3, seed=2)
    assert board.odds["status"] == "waiting" and "Roll your dice" in board.odds["reason"]
    board.handle({"type": "roll"})
    faces = [g["face"] for g in board.board["roll"]["groups"]]
    assert board.odds["status"] == "ready" and board.odds["assumption"] == "random"
    assert [f["face"] for f in board.odds["faces"]] == faces
    assert all(f["stderr"] <= 1_500 for f in board.odds["faces"])
    random_odds = board.odds
    assert board.handle({"type": "option", "name": "assumption", "value": "greedy"})
    assert board.assumption == "greedy" and board.odds["assumption"] == "greedy"
    assert board.odds != random_odds
    assert board.handle({"type": "option", "name": "show_odds", "value": False})
    assert board.odds["status"] == "off"
    board.show_odds = True  # the Python side switches too (a lesson's code)
    assert board.odds["status"] == "ready"


def test_auto_roll_rolls_the_learners_dice() -> None:
    board = LasVegasBoard(players=2, seed=5, show_odds=False)
    assert board.handle({"type": "option", "name": "auto_roll", "value": True})
    assert board.board["phase"] == "place" and board.board["turn"]["human"]
    board.handle({"type": "place", "face": board.board["roll"]["groups"][0]["face"]})
    assert board.board["phase"] == "place" and board.board["turn"]["seat"] == 0


def test_what_if_mode_moves_dice_freely_and_resets_to_the_real_game(board: LasVegasBoard) -> None:
    board.handle({"type": "roll"})
    real = board.state.to_json()
    assert board.handle({"type": "option", "name": "what_if", "value": True})
    assert board.outlook["status"] == "ready"
    assert board.handle({"type": "what_if", "casino": 4, "owner": 2, "count": 5})
    shown = board.shown_state
    assert shown.placed_on(4)[2] == 5 and shown.in_hand(2) == 3
    assert board.state.to_json() == real  # the real game is untouched
    assert board.board["what_if"] and board.board["explored"]
    assert board.board["casinos"][3]["dice"][2] == 5
    assert [row["now"] for row in board.outlook["rows"]] == [list(r) for r in bills_now(shown)]
    assert board.outlook["rows"][3]["now"][2] == board.board["casinos"][3]["bills"][0]
    refused(board, {"type": "what_if", "casino": 4, "owner": 2, "count": 9}, "has only 3 dice in hand")
    refused(board, {"type": "what_if", "casino": 4, "owner": 4, "count": 1}, "no owner 4")
    refused(board, {"type": "place", "face": 1}, "leave what-if mode to play")
    assert board.handle({"type": "reset"})
    assert board.shown_state.to_json() == real and not board.board["explored"]
    assert board.handle({"type": "what_if", "casino": 1, "owner": 0, "count": 2})
    assert board.handle({"type": "option", "name": "what_if", "value": False})
    assert board.shown_state.to_json() == real and board.outlook["status"] == "off"


def test_new_game_starts_over_with_the_same_players(board: LasVegasBoard) -> None:
    board.handle({"type": "roll"})
    board.handle({"type": "place", "face": board.board["roll"]["groups"][0]["face"]})
    assert board.handle({"type": "new_game"})
    state = board.state
    assert state.round == 1 and state.history == () and state.names == ("You", "Benno", "Carla", "Denny")


def play_out(board: LasVegasBoard) -> int:
    """The learner places the highest face each time until the game ends; returns their moves."""
    moves = 0
    while not board.board["is_over"]:
        assert board.handle({"type": "roll"}), board.error
        assert board.handle({"type": "place", "face": board.board["roll"]["groups"][-1]["face"]}), board.error
        moves += 1
    return moves


@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_a_whole_game_against_bots(bots: str) -> None:
    board = LasVegasBoard(players=3, seed=21, bots=bots, show_odds=False)
    moves = play_out(board)
    state = board.state
    assert state.is_over and 4 <= moves <= 32
    assert board.board["winners"] == state.winners and board.board["winners"]
    assert board.board["describe"].startswith("The game is over:")
    assert board.odds["status"] == "off"
    board.show_odds = True
    assert board.odds == {"status": "waiting", "reason": "The game is over."}
    refused(board, {"type": "roll"}, "the game is over")
    assert len(board.board["last_payout"]["casinos"]) == 6


def test_the_bots_are_told_who_plays_how_the_learner_unknown() -> None:
    # The hard level plays out rivals the table knows by their own rule: the board says the others are bots of
    # its level and the learner's seat is a person's.
    from vegas_tutor.tutor.las_vegas import coaching

    told = []
    real = coaching.choose_action

    def spy(state: State, level: str, **kw: Any) -> Any:
        told.append(kw.get("seats"))
        return real(state, level, **kw)

    with mock.patch.object(coaching, "choose_action", spy):
        board = LasVegasBoard(players=3, seed=21, bots="medium", show_odds=False)
        assert board.handle({"type": "roll"}), board.error
        assert board.handle({"type": "place", "face": board.board["roll"]["groups"][-1]["face"]}), board.error
    assert told and all(seats == [None, "medium", "medium"] for seats in told)


def test_the_same_seed_plays_the_same_game() -> None:
    games = []
    for _ in range(2):
        board = LasVegasBoard(players=4, seed=8, bots="random", show_odds=False)
        play_out(board)
        games.append(board.state.log)
    assert games[0] == games[1]


def test_neutral_three_player_game_starts_with_the_spare_roll() -> None:
    board = LasVegasBoard(players=3, neutral=True, seed=4, show_odds=False)
    assert board.board["phase"] == "spare"
    assert board.board["describe"].endswith("roll the 2 spare white dice.")
    assert board.handle({"type": "roll"})
    assert board.board["phase"] == "roll"
    assert sum(c["dice"][3] for c in board.board["casinos"]) == 2


def test_a_given_position_is_shown_and_bots_continue_from_it() -> None:
    state = new_game(2, seed=9)
    state.apply("roll")
    state.apply(state.legal_actions()[0])  # now the bot (seat 1) is to roll
    board = LasVegasBoard(state, show_odds=False)
    assert board.state.current_player == 0 and len(board.state.history) >= 4


def test_configuration_errors() -> None:
    with pytest.raises(ConfigError, match="unknown policy"):
        LasVegasBoard(bots="clever")
    with pytest.raises(ConfigError, match="humans must be seats"):
        LasVegasBoard(players=2, humans=(0, 5))
    with pytest.raises(ConfigError, match="unknown policy"):
        LasVegasBoard(assumption="psychic")


def test_default_names_call_a_single_learner_you() -> None:
    assert default_names(3, (1,)) == ("Anna", "You", "Carla")
    assert default_names(2, (0, 1)) == ("Anna", "Benno")


def test_hot_seat_board_lets_the_learner_play_every_seat() -> None:
    board = LasVegasBoard(players=2, seed=1, humans=(0, 1), show_odds=False)
    board.handle({"type": "roll"})
    board.handle({"type": "place", "face": board.board["roll"]["groups"][0]["face"]})
    assert board.board["turn"] == {"seat": 1, "name": "Benno", "human": True, "you": False}


def test_the_opponents_policy_can_be_switched() -> None:
    board = LasVegasBoard(players=3, seed=3, show_odds=False)
    assert board.handle({"type": "option", "name": "bots", "value": "greedy"})
    assert board.bots == "greedy" and board.board["bots"] == "greedy"
    refused(board, {"type": "option", "name": "bots", "value": "smart"}, "one of random, greedy")


def _late_board() -> LasVegasBoard:
    """You hold 3 dice and Benno 2: placing one face leaves 3 or 4 dice, an exact count of many cases."""
    bills = [[60_000], [70_000, 30_000], [90_000, 20_000], [50_000], [40_000, 10_000], [80_000]]
    state = State.position(2, names=["You", "Benno"], casino_bills=bills, turn=0, seed=3,
                           placed={1: [2, 1], 2: [1, 3], 3: [2, 2]})
    state.apply("roll 3 5 6")
    return LasVegasBoard(state, humans=(0,), show_odds=True)


def test_slow_exact_odds_are_computed_in_the_background_inside_an_event_loop() -> None:
    async def play() -> None:
        board = _late_board()
        await board.answered()  # the odds follow the board's answer (answer first)
        first = board.odds  # with the simulated figures at once
        assert first["status"] == "ready" and first["exact_pending"]
        assert all(face["exact"] is None for face in first["faces"])
        version = board.version
        await board.settled()
        final = board.odds
        assert final["status"] == "ready" and "exact_pending" not in final and board.version > version
        assert all(face["exact"] is not None for face in final["faces"])
        for before, after in zip(first["faces"], final["faces"], strict=True):  # the same simulation
            assert (before["face"], before["expected"], before["stderr"]) == (
                after["face"], after["expected"], after["stderr"])
        # the same position asked again comes from the cache, at once
        board.handle({"type": "option", "name": "show_odds", "value": False})
        board.handle({"type": "option", "name": "show_odds", "value": True})
        await board.answered()
        assert board.odds == final

    run_in_own_loop(play())

    def without_a_loop() -> None:  # a script, a test: computed on the spot, same numbers
        synchronous = _late_board()
        assert synchronous.odds["status"] == "ready"
        assert all(face["exact"] is not None for face in synchronous.odds["faces"])

    with ThreadPoolExecutor(max_workers=1) as pool:  # a thread of its own: no event loop runs there
        pool.submit(without_a_loop).result()


def test_a_slow_what_if_outlook_follows_in_the_background() -> None:
    async def play() -> None:
        board = _late_board()
        await board.settled()
        board.handle({"type": "option", "name": "what_if", "value": True})
        await board.answered()
        assert board.outlook["status"] == "ready"  # 5 dice left: simulated only, right after the answer
        board.handle({"type": "what_if", "casino": 4, "owner": 1, "count": 1})  # 4 left: counted exactly
        await board.answered()
        assert board.outlook["status"] == "ready" and board.outlook["exact_pending"]  # simulated figures first
        assert all(row["exact"] is None for row in board.outlook["rows"])
        await board.settled()
        assert board.outlook["status"] == "ready" and not board.outlook.get("exact_pending")
        assert all(row["exact"] is not None for row in board.outlook["rows"])

    run_in_own_loop(play())


def test_a_background_result_for_an_old_position_is_not_shown() -> None:
    async def play() -> None:
        board = _late_board()
        await board.answered()
        assert board.odds["exact_pending"]
        board.handle({"type": "place", "face": 6})  # move on before the count is done
        await board.settled()
        assert board.state.phase == "roll" and board.state.current_player == 0  # Benno (a bot) has played
        assert board.odds == {"status": "waiting", "reason": "Roll your dice to see what each choice is worth."}

    run_in_own_loop(play())
