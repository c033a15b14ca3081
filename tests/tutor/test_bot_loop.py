"""The others' turns, written once (``TutorWidget._play_others``): each board plays its automatic moves up to
its game's ``MAX_MOVES``, which bounds every game of that game (the games' table: :mod:`vegas_tutor.core.games`)."""

from __future__ import annotations

import random

import pytest

from vegas_tutor.core import games
from vegas_tutor.las_vegas.rules import DICE_PER_PLAYER, ROUNDS, neutral_dice_per_player, spare_neutral_dice
from vegas_tutor.tutor.las_vegas import LasVegasBoard
from vegas_tutor.tutor.widget import TutorWidget


def test_an_all_bots_five_player_las_vegas_board_plays_a_whole_game() -> None:
    board = LasVegasBoard(players=5, humans=(), seed=1, bots="random", show_odds=False)
    state = board.state
    assert state.is_over and len(state.history) > 200  # (more than the old bound of 200 moves)
    assert board.error == "" and board.saved["over"]


@pytest.mark.parametrize("game", sorted(games.GAMES))
def test_each_board_bounds_its_automatic_moves_by_its_game(game: str) -> None:
    entry = games.game(game)
    assert entry.board.MAX_MOVES == entry.stepper.MAX_MOVES == entry.max_moves == entry.engine.MAX_MOVES
    assert entry.board._play_others is TutorWidget._play_others  # the loop lives once
    assert game == entry.state_class.GAME_ID


def test_the_bounds_are_per_game_and_above_the_longest_games() -> None:
    bounds = {game: entry.max_moves for game, entry in games.GAMES.items()}
    assert len(set(bounds.values())) == 3
    longest_las_vegas = ROUNDS * max(  # a roll and a placement of at least one die a turn, the spare roll
        spare_neutral_dice(p) // 2 + p * (DICE_PER_PLAYER + neutral_dice_per_player(p)) * 2 for p in range(2, 6))
    assert bounds["las_vegas"] >= longest_las_vegas == 320
    for game, settings in (("las_vegas", {"players": 5}), ("liars_dice", {"players": 4, "dice": 10}),
                           ("lords_of_vegas", {"players": 4})):
        for seed in range(3):
            pick = random.Random(seed)
            players = settings["players"]
            options = {k: v for k, v in settings.items() if k != "players"}
            state = games.game(game).new_game(players, seed=seed, **options)
            while not state.is_over:
                state.apply(pick.choice(state.legal_actions()))
            assert len(state.history) < bounds[game]


class _Endless(LasVegasBoard):
    MAX_MOVES = 5

    def _auto_move(self) -> bool:
        return True


def test_a_board_whose_automatic_moves_never_stop_raises_at_its_bound() -> None:
    with pytest.raises(RuntimeError, match="made 5 moves in a row"):
        _Endless(players=2, seed=1, bots="random", show_odds=False)
