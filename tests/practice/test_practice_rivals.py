"""An exercise keeps the level its rivals played at, when its game's coach reads rivals by level (Liar's Dice), so
that Practice judges it as the table judged it; decks from before, without the level, still load."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from functools import cache
from typing import Any

import pytest
from table_play import play_to_end

from vegas_tutor.core.errors import RecordError
from vegas_tutor.core.record import dump_record, load_record
from vegas_tutor.i18n import using
from vegas_tutor.practice.deck import DECK_ID, DECK_VERSION, Deck, check_exercise, load_deck, save_deck
from vegas_tutor.practice.exercise import Exercise, exercises_from_game, judge_answer, rejudge
from vegas_tutor.practice.starter import bot_game
from vegas_tutor.tutor.liars_dice import LiarsDiceTable
from vegas_tutor.tutor.liars_dice.coaching import LIARS_DICE_COACH, review_among
from vegas_tutor.tutor.practice_views import decision_view

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


@cache
def _at_level(level: str) -> tuple[Exercise, ...]:
    """Seat 0's exercises of two Liar's Dice bot games, its rivals read at ``level``."""
    return tuple(e for k in range(2) for e in exercises_from_game(bot_game("liars_dice", 7, k), 0, rivals=level))


def test_a_liars_dice_exercise_keeps_its_rivals_level_and_is_judged_at_it() -> None:
    exercises = _at_level("medium")
    assert exercises and all(e.rivals == "medium" for e in exercises)
    for e in exercises:
        at_level = review_among(e.state(), e.choice, "medium")
        assert (e.best, e.loss) == (str(at_level.best), pytest.approx(float(at_level.loss)))
        judged = judge_answer(e, e.choice)
        assert judged.loss == pytest.approx(float(at_level.loss)) and judged.best == str(at_level.best)
        assert rejudge(e) == e


def test_the_level_changes_verdicts_so_it_is_worth_keeping() -> None:
    alike = {(e.record, e.choice): e for k in range(2) for e in exercises_from_game(bot_game("liars_dice", 7, k), 0)}
    by_level = {(e.record, e.choice): e for e in _at_level("easy")}
    assert set(alike) != set(by_level) or any(alike[key].loss != pytest.approx(by_level[key].loss) for key in alike)
    for key, e in by_level.items():  # the same position and choice make the same exercise id, whatever the level
        if key in alike:
            assert alike[key].id == e.id and alike[key].rivals == ""


def test_a_coach_that_reads_no_level_and_a_policy_that_is_no_level_keep_none() -> None:
    assert LIARS_DICE_COACH.rival_levels == ("easy", "medium", "hard")
    state = bot_game("liars_dice", 7, 0)
    assert exercises_from_game(state, 0, rivals="odds") == exercises_from_game(state, 0)  # read alike
    las_vegas = exercises_from_game(bot_game("las_vegas", 7, 0), 0, rivals="easy")  # its coach reads no level
    assert las_vegas and all(e.rivals == "" and "rivals" not in e.to_dict() for e in las_vegas)


def test_a_deck_keeps_the_level_and_an_entry_from_before_loads_without_it() -> None:
    e = _at_level("hard")[0]
    loaded = load_deck(save_deck(Deck().add([e], START)))
    assert loaded.exercises == (e,) and loaded.exercises[0].rivals == "hard"
    raw = e.to_dict()
    assert raw["rivals"] == "hard"
    older = {k: v for k, v in raw.items() if k != "rivals"}  # a deck written before levels were kept
    assert check_exercise(older) == replace(e, rivals="")


@pytest.mark.parametrize("rivals", ["expert", "", 2, None])
def test_an_unknown_level_refuses_the_deck_and_changes_nothing(rivals: Any) -> None:
    e = _at_level("medium")[0]
    text = save_deck(Deck().add([e], START))
    body = load_record(text, DECK_ID, DECK_VERSION)
    body["exercises"][0]["rivals"] = rivals
    edited = dump_record(DECK_ID, DECK_VERSION, body)
    with pytest.raises(RecordError, match="rivals"):
        load_deck(edited)
    assert json.loads(text) == json.loads(save_deck(Deck().add([e], START)))


def test_a_level_on_a_game_whose_coach_reads_none_is_refused() -> None:
    raw = dict(exercises_from_game(bot_game("las_vegas", 7, 0), 0)[0].to_dict(), rivals="easy")
    with pytest.raises(RecordError, match="rivals"):
        check_exercise(raw)


def test_the_table_hands_its_level_to_the_exercises_it_makes() -> None:
    table = LiarsDiceTable(players=3, dice=2, seed=11, bots="medium")
    table.collect_exercises = True
    play_to_end(table, raise_to=lambda t: t["raises"][-1],  # the highest bid: a mistake
                challenges=lambda t: t["bid"]["quantity"] >= 3)
    exercises = table.practice_found["exercises"]
    assert exercises and {raw["rivals"] for raw in exercises} == {"medium"}
    assert all(check_exercise(raw).rivals == "medium" for raw in exercises)


def test_the_practice_panel_says_how_the_rivals_are_read_in_both_languages() -> None:
    e = _at_level("medium")[0]
    assert decision_view(e)["rivals"] == "your rivals played at level medium, and the coach judges as they play"
    with using("es"):
        words = decision_view(e)["rivals"]
    assert words == "tus rivales jugaban en nivel medio, y el entrenador juzga según cómo juegan"
    assert decision_view(replace(e, rivals=""))["rivals"] == ""
