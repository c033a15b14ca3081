"""The learner is a seat on every board: given as ``learner=`` in the three games, called "You" because of the
seat it is, never found by a seat's name."""

from __future__ import annotations

import pytest

from vegas_tutor.core.errors import ConfigError
from vegas_tutor.i18n import using
from vegas_tutor.las_vegas import new_game as las_vegas_game
from vegas_tutor.liars_dice.scenarios import LEARNER_SEAT, SEAT_NAMES, YOU
from vegas_tutor.tutor.las_vegas import LasVegasBoard
from vegas_tutor.tutor.liars_dice import LiarsDiceBoard, LiarsDiceStepper
from vegas_tutor.tutor.liars_dice.board import default_names
from vegas_tutor.tutor.lords_of_vegas import LordsOfVegasBoard
from vegas_tutor.tutor.practice_views import read_only_board, seat_of


def test_the_three_boards_take_the_learner_by_the_same_name() -> None:
    boards = [LasVegasBoard(players=3, learner=2, seed=1, show_odds=False, interactive=False),
              LiarsDiceBoard(players=3, learner=2, seed=1, show_odds=False, interactive=False),
              LordsOfVegasBoard(players=3, learner=2, seed=1, show_odds=False, interactive=False)]
    assert [board.learner for board in boards] == [2, 2, 2]
    assert boards[0].humans == (2,)


def test_a_las_vegas_seat_is_you_by_its_seat_not_its_name() -> None:
    state = las_vegas_game(2, seed=4, names=["Anna", "Benno"])
    board = LasVegasBoard(state, learner=0, show_odds=False, interactive=False)
    owners = board.board["owners"]
    assert [o["name"] for o in owners] == ["You", "Benno"] and [o["you"] for o in owners] == [True, False]
    assert board.board["describe"] == "Round 1 of 4. Your turn: roll."
    named_you = las_vegas_game(2, seed=4, names=["Benno", "You"])  # a seat called "You" is not the learner's
    other = LasVegasBoard(named_you, learner=0, show_odds=False, interactive=False).board
    assert [o["you"] for o in other["owners"]] == [True, False]
    assert other["owners"][1]["name"] == "You" and other["describe"] == "Round 1 of 4. Your turn: roll."
    hot_seat = LasVegasBoard(state, humans=(0, 1), show_odds=False, interactive=False).board
    assert [o["name"] for o in hot_seat["owners"]] == ["Anna", "Benno"] and hot_seat["turn"]["you"] is False
    assert hot_seat["describe"] == "Round 1 of 4. Anna's turn: roll."


def test_the_learner_is_tu_in_spanish_whatever_the_seat_was_called() -> None:
    state = las_vegas_game(2, seed=4, names=["You", "Benno"])
    with using("es"):
        board = LasVegasBoard(state, learner=0, show_odds=False, interactive=False)
        assert board.board["owners"][0]["name"] == "Tú" and board.board["turn"]["you"] is True


def test_liars_dice_names_the_table_around_the_learners_seat() -> None:
    assert default_names(4, 2) == ("Shane", "Mike", "You", "Mary")
    table = LiarsDiceBoard(players=3, learner=1, seed=2, show_odds=False, interactive=False)
    assert table.names == ("Shane", "You", "Mike") and table.viewer == 1
    cups = table.table["players"]
    assert [c["viewer"] for c in cups] == [False, True, False] and cups[1]["name"] == "You"


def test_the_former_name_viewer_still_works_and_a_conflict_is_refused() -> None:
    assert LiarsDiceBoard(players=3, viewer=1, seed=2, show_odds=False, interactive=False).learner == 1
    with pytest.raises(ConfigError, match="learner's seat once"):
        LiarsDiceBoard(players=3, learner=0, viewer=1, show_odds=False, interactive=False)
    with pytest.raises(ConfigError, match=r"learner must be a seat 0\.\.2, got 3"):
        LiarsDiceBoard(players=3, learner=3, show_odds=False, interactive=False)
    with pytest.raises(ConfigError, match=r"learner must be a seat 0\.\.1, got 2"):
        LasVegasBoard(players=2, learner=2, show_odds=False)
    with pytest.raises(ConfigError, match="not both"):
        LasVegasBoard(players=2, learner=0, humans=(0, 1), show_odds=False)


def test_the_examples_are_told_from_the_learners_seat() -> None:
    assert all(names[LEARNER_SEAT] == YOU for names in SEAT_NAMES.values())
    stepper = LiarsDiceStepper("LD-CHALLENGE-1")
    assert stepper.learner == LEARNER_SEAT
    assert stepper.table["players"][LEARNER_SEAT]["viewer"] is True


@pytest.mark.parametrize("game", ["las_vegas", "liars_dice", "lords_of_vegas"])
def test_a_practice_board_is_drawn_from_the_exercises_seat(game: str) -> None:
    from vegas_tutor.core.games import game as find

    state = find(game).new_game(3, seed=5)
    board = read_only_board(game, state, 1)
    assert seat_of(board) == 1
