"""The Practice page's widget on a fake clock: starters for a new learner, answers judged by the coach and
scheduled by FSRS, the deck kept by the page (a reload, a new kernel or a restarted server loses nothing due),
a tampered deck or inbox entry refused, malformed messages changing nothing, and the boards' exercises of a
finished game arriving through the inbox."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from functools import cache

import pytest

from vegas_tutor.core.errors import IllegalActionError, RecordError
from vegas_tutor.i18n import using
from vegas_tutor.las_vegas.actions import Place
from vegas_tutor.practice.deck import load_deck
from vegas_tutor.practice.exercise import judge_answer, rejudge
from vegas_tutor.practice.question import QuestionBook, prediction_calls, prediction_key
from vegas_tutor.practice.starter import SHIPPED, by_theme, shipped_starters, starter_pool
from vegas_tutor.resources import lessons_dir
from vegas_tutor.tutor.las_vegas.board import LasVegasBoard
from vegas_tutor.tutor.practice import Practice

START = datetime(2026, 3, 2, 9, tzinfo=UTC)


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def reloaded(page: Practice, clock: Clock, inbox: list[dict] | None = None, lessons: object = ".") -> Practice:
    """The page opened again (a reload, a new kernel, a restarted server): a new widget, sent the kept deck."""
    again = Practice(clock=clock, lessons=lessons)  # type: ignore[arg-type]
    assert again.handle({"type": "load", "deck": page.panel.saved or None, "inbox": inbox or []})
    return again


@cache
def finished_game_exercises() -> tuple[dict, ...]:
    """The exercises a Las Vegas board makes when a game of the learner (always the highest face) ends."""
    board = LasVegasBoard(players=3, seed=5, bots="easy", show_odds=False, auto_roll=True)
    board.collect_exercises = True
    while not board.state.is_over:
        state = board.state
        if state.phase in ("roll", "spare"):
            board.roll()
            continue
        board.place(max(a.face for a in state.legal_actions() if isinstance(a, Place)))
    found = board.practice_found
    assert found["moves"] == len(board.state.history)
    return tuple(found["exercises"])


# ---------------------------------------------------------------------------------------------- a new learner
def test_a_new_learner_meets_one_theme_of_each_game_in_turn() -> None:
    page = Practice(clock=Clock())
    met = []
    for _k in range(6):
        exercise = page.current
        assert exercise is not None and exercise.source == "starter" and page.panel.exercise["id"] == exercise.id
        met.append((exercise.game, exercise.theme))
        page.answer(exercise.best)
        page.next()
    assert met == [("las_vegas", "tie"), ("liars_dice", "challenge"), ("lords_of_vegas", "reorganize"),
                   ("las_vegas", "big_bill"), ("liars_dice", "stars"), ("lords_of_vegas", "sprawl")]
    assert page.panel.summary["fresh"] == len(shipped_starters()) - 6
    assert page.panel.summary["total"] == 6  # a starter joins the deck when answered


def test_the_game_chooser_keeps_to_one_game() -> None:
    page = Practice(clock=Clock())
    assert page.handle({"type": "game", "game": "lords_of_vegas"})
    for _k in range(3):
        assert page.current is not None and page.current.game == "lords_of_vegas"
        assert type(page.board).__name__ == "LordsOfVegasBoard"
        page.answer(page.current.choice)
        page.next()
    chooser = {g["id"]: g["chosen"] for g in page.panel.games}
    assert chooser == {"": False, "las_vegas": False, "liars_dice": False, "lords_of_vegas": True}


def test_the_board_shows_the_position_read_only_from_the_learners_seat() -> None:
    page = Practice(clock=Clock())
    page.handle({"type": "game", "game": "liars_dice"})
    exercise, board = page.current, page.board
    assert exercise is not None and not board.interactive and not board.show_odds
    players = board.table["players"]
    assert [p["viewer"] for p in players] == [s == exercise.seat for s in range(len(players))]
    for p in players:
        assert (p["own"] is None) != p["viewer"]  # only the learner's own cup has faces
    assert board.handle({"type": "challenge"}) is False  # the board takes no move: the choice is the panel's
    sent = json.dumps(page.panel.exercise)
    assert exercise.record not in sent and '"record"' not in sent
    texts = [c["text"] for g in page.panel.exercise["groups"] for c in g["choices"]]
    assert exercise.choice in texts and exercise.best in texts and len(texts) == page.panel.exercise["count"]


# ---------------------------------------------------------------------------------------------- answers
def test_an_answer_is_judged_by_the_coach_and_a_bad_one_comes_back_sooner() -> None:
    clock = Clock()
    page = Practice(clock=clock)
    first = page.current
    assert first is not None
    result = page.answer(first.choice)  # the easy opponent's mistake, made again
    assert result["answer"] == "mistake" and result["then_verdict"] == "mistake"
    assert result["missed"] == judge_answer(first, first.choice).missed == result["then_missed"]
    assert result["why"] and result["best"] != result["yours"] and result["again"] == "in 1 minute"
    casino = re.search(r"on casino (\d)", first.best)
    assert casino and page.board.board["highlight"] == [f"casino:{casino[1]}"]  # the coach's casino marked
    page.next()
    second = page.current
    assert second is not None and second.id != first.id
    clock.advance(seconds=30)  # within QUICK_SECONDS: the coach's choice, found quickly, is Easy
    best = page.answer(second.best)
    assert best["answer"] == "best"
    assert best["then_missed"] == (second.verdict == "mistake" and judge_answer(second, second.choice).missed)
    bad, good = page.deck.card(first.id).card.due, page.deck.card(second.id).card.due
    assert bad < good
    clock.advance(minutes=2)
    page.next()
    assert page.current is not None and page.current.id == first.id  # due again: due ones come first
    assert page.panel.summary["due_now"] == 1


def test_an_illegal_or_stale_answer_is_refused_and_changes_nothing() -> None:
    page = Practice(clock=Clock())
    exercise = page.current
    assert exercise is not None
    before = (page.panel.saved, dict(page.panel.exercise), page.deck)
    for message, words in [
        ({"type": "answer", "id": exercise.id, "choice": "place 7"}, "not one of this exercise's choices"),
        ({"type": "answer", "id": "0" * 16, "choice": exercise.choice}, "no longer asked"),
        ({"type": "answer", "id": exercise.id[:8], "choice": exercise.choice}, "id is malformed"),
        ({"type": "answer", "id": exercise.id, "choice": "<script>"}, "choice is malformed"),
        ({"type": "answer", "id": exercise.id}, "missing choice"),
        ({"type": "next"}, "answer this exercise first"),
        ({"type": "game", "game": "chess"}, "game must be one of"),
        ({"type": "load", "deck": 7, "inbox": []}, "must be a kept deck's text"),
        ({"type": "load", "deck": None, "inbox": [1]}, "must be a list of exercises"),
        ({"type": "load", "deck": None, "inbox": [{}] * 201}, "at most 200 exercises"),
        ({"type": "fly"}, "unknown message type"),
        ("answer", "must be an object"),
    ]:
        assert page.handle(message) is False, message
        assert words in page.panel.error, (message, page.panel.error)
        assert (page.panel.saved, dict(page.panel.exercise), page.deck) == before
    sent: list[dict] = []
    page.panel.send = sent.append  # type: ignore[method-assign]
    assert page.handle({"type": "ping", "n": 4}) and sent == [{"type": "pong", "n": 4}]  # the page's watch
    assert page.handle({"type": "ping", "n": -1}) is False and "n must be between" in page.panel.error
    assert (page.panel.saved, dict(page.panel.exercise), page.deck) == before
    page.answer(exercise.choice)
    assert sent[-1]["type"] == "busy" and "judging" in sent[-1]["what"]  # said before the coach's rollouts
    assert page.handle({"type": "answer", "id": exercise.id, "choice": exercise.best}) is False
    assert "answered: press Next" in page.panel.error
    with pytest.raises(IllegalActionError, match="answered"):
        page.answer(exercise.best)


# ---------------------------------------------------------------------------------------------- kept by the page
def test_nothing_due_is_lost_when_the_page_is_opened_again() -> None:
    clock = Clock()
    page = Practice(clock=clock)
    page.handle({"type": "load", "deck": None, "inbox": []})
    answered = []
    for _k in range(4):
        exercise = page.current
        assert exercise is not None
        page.answer(exercise.choice if len(answered) % 2 else exercise.best)
        answered.append(exercise.id)
        page.next()
    clock.advance(minutes=15)
    again = reloaded(page, clock)
    assert again.deck == page.deck
    assert [e.id for e in again.deck.due(clock.now)] == [e.id for e in page.deck.due(clock.now)]
    assert again.current is not None and again.current.id in answered  # due exercises first, as before
    page.handle({"type": "game", "game": ""})  # the first page drawn again at the same time
    assert again.panel.summary == page.panel.summary and again.panel.summary["due_now"] == 2
    assert again.panel.notice == ""


def test_a_tampered_deck_is_refused_dropped_and_said() -> None:
    clock = Clock()
    page = Practice(clock=clock)
    page.answer(page.current.choice)  # type: ignore[union-attr]
    tampered = page.panel.saved.replace('"verdict": "mistake"', '"verdict": "inaccuracy"', 1)
    assert tampered != page.panel.saved
    again = Practice(clock=clock)
    assert again.handle({"type": "load", "deck": tampered, "inbox": []})
    assert "kept exercises were refused" in again.panel.notice and "checksum" in again.panel.notice
    assert again.deck.exercises == () and load_deck(again.panel.saved).exercises == ()  # the page keeps a fresh one
    assert again.current is not None and again.current.source == "starter"


def test_the_exercises_of_a_finished_game_arrive_through_the_inbox() -> None:
    found = finished_game_exercises()
    assert found and all(e["source"] == "game" and e["verdict"] in ("inaccuracy", "mistake") for e in found)
    clock = Clock()
    page = Practice(clock=clock)
    bad = {**found[0], "loss": 0.0}  # edited: its verdict no longer matches its loss
    junk = {"id": "nonsense"}
    assert page.handle({"type": "load", "deck": None, "inbox": [*found[1:], bad, junk]})
    assert [e.id for e in page.deck.exercises] == [e["id"] for e in found[1:]]
    assert sorted(page.panel.taken) == sorted([*(e["id"] for e in found), "nonsense"])  # the page drops them all
    n = len(found) - 1
    assert page.panel.notice == (f"{n} new exercise{'s' if n > 1 else ''} from your games and lessons. "
                                 "2 exercises from your games and lessons were refused and dropped.")
    assert page.current is not None and page.current.source == "game"  # the learner's own come first
    assert page.panel.summary["due_now"] == n
    again = reloaded(page, clock, inbox=list(found[1:]))  # sent twice: each exercise is kept once
    assert len(again.deck.exercises) == n and again.panel.notice == ""


def test_a_deck_too_big_for_the_browser_lets_the_learned_and_latest_go_first(monkeypatch: pytest.MonkeyPatch) -> None:
    from vegas_tutor.tutor import practice

    clock = Clock()
    page = Practice(clock=clock)
    for k in range(6):
        exercise = page.current
        assert exercise is not None
        page.answer(exercise.best if k < 3 else exercise.choice)  # three learned soon, three due in a minute
        page.next()
    full = len(page.panel.saved)
    learned = {e.id for e, c in zip(page.deck.exercises, page.deck.cards, strict=True) if c.card.stability > 7}
    monkeypatch.setattr(practice, "MAX_DECK_CHARS", int(full * 0.8))
    page.answer(page.current.best)  # type: ignore[union-attr]
    assert len(page.panel.saved) <= practice.MAX_DECK_CHARS and "let go" in page.panel.notice
    kept = {e.id for e in page.deck.exercises}
    assert learned and not learned <= kept  # a learned one went first
    assert load_deck(page.panel.saved) == page.deck


def test_a_board_makes_no_exercises_outside_a_kernel_unless_asked() -> None:
    board = LasVegasBoard(players=3, seed=5, bots="easy", show_odds=False, auto_roll=True)
    assert LasVegasBoard.collect_exercises is None and board.learner_seat() == 0
    assert LasVegasBoard(players=3, seed=5, humans=(0, 1)).learner_seat() is None  # a hot-seat game
    while not board.state.is_over:
        if board.state.phase in ("roll", "spare"):
            board.roll()
        else:
            board.place(next(a.face for a in board.state.legal_actions() if isinstance(a, Place)))
    assert board.practice_found == {}


# ---------------------------------------------------------------------------------------------- lesson questions
PAYOUTS = "01.02-payouts-and-ties.ipynb"


def payouts_questions() -> list:
    notebook = json.loads((lessons_dir() / PAYOUTS).read_text(encoding="utf-8"))
    return [call for call in prediction_calls(notebook) if call.question is not None]


def test_a_lesson_question_answered_wrong_comes_back_read_from_its_lesson() -> None:
    clock = Clock()
    call = payouts_questions()[0]
    key = prediction_key(call.question)
    page = Practice(lessons=lessons_dir(), clock=clock)
    entry = {"kind": "question", "id": f"q:{PAYOUTS}:{key}", "page": PAYOUTS, "key": key}
    forged = {**entry, "key": "0" * 12}  # no question of the lesson has this key
    odd = {**entry, "answer": 0}  # the browser never says the answer
    assert page.handle({"type": "load", "deck": None, "inbox": [entry, forged, odd]})
    assert "1 new exercise" in page.panel.notice and "2 exercises" in page.panel.notice
    question = page.current
    assert question is not None and question.source == "lesson" and question.game == "las_vegas"
    view = page.panel.exercise
    assert view["question"] == call.question and view["lesson"] == "Payouts and ties" and page.board is None
    assert [c["words"] for c in view["groups"][0]["choices"]] == list(call.choices)
    wrong = next(k for k in range(len(call.choices)) if k != call.answer)
    result = page.answer(str(wrong))
    assert result["answer"] == "mistake" and result["best"] == call.choices[call.answer]
    assert result["why"] == call.explanation
    clock.advance(minutes=2)
    again = reloaded(page, clock, lessons=lessons_dir())
    assert again.current is not None and again.current.id == question.id  # due again, read again from the lesson
    assert again.answer(str(call.answer))["answer"] == "best"
    assert again.handle({"type": "next"}) and again.handle({"type": "answer", "id": again.current.id,
                                                            "choice": "99"}) is False


def test_a_question_its_lesson_no_longer_asks_is_left_out(tmp_path) -> None:
    clock = Clock()
    (tmp_path / PAYOUTS).write_text((lessons_dir() / PAYOUTS).read_text(encoding="utf-8"), encoding="utf-8")
    key = prediction_key(payouts_questions()[1].question)
    page = Practice(lessons=tmp_path, clock=clock)
    page.handle({"type": "load", "deck": None, "inbox": [{"kind": "question", "id": "q", "page": PAYOUTS,
                                                           "key": key}]})
    page.answer("0")
    (tmp_path / PAYOUTS).write_text('{"cells": [], "nbformat": 4}', encoding="utf-8")  # the teacher rewrote it
    again = reloaded(page, clock, lessons=tmp_path)
    assert again.deck.exercises == () and "no longer asked by its lesson" in again.panel.notice
    with pytest.raises(RecordError, match="lesson's file name"):
        QuestionBook(tmp_path).find("../secret.ipynb", key)


# ---------------------------------------------------------------------------------------------- words, starters
def test_the_panel_speaks_spanish() -> None:
    with using("es"):
        page = Practice(clock=Clock())
        result = page.answer(page.current.choice)  # type: ignore[union-attr]
    assert page.panel.lang == "es" and page.panel.exercise["theme"] == "los empates que se anulan"
    assert page.panel.games[0]["title"] == "Todos los juegos"
    assert result["again"] == "dentro de 1 minuto" and result["best"].startswith("colocar")
    assert page.panel.strings["Next exercise"] == "Siguiente ejercicio"


def test_the_shipped_starters_are_what_the_generator_makes_and_the_coach_agrees() -> None:
    made = json.loads(SHIPPED.read_text(encoding="utf-8"))
    shipped = shipped_starters()
    assert len(shipped) == len(made["exercises"]) >= 30
    assert all(rejudge(e) == e for e in shipped)  # every stored best answer re-checked by the coach
    liars = by_theme(starter_pool("liars_dice", made["games"], made["seed"]), "liars_dice", made["per_theme"])
    assert [e for e in shipped if e.game == "liars_dice"] == [e for group in liars.values() for e in group]
    themes = {game: sorted({e.theme for e in shipped if e.game == game}) for game in made_games(shipped)}
    assert themes == {"las_vegas": ["big_bill", "placement", "tie"],
                      "liars_dice": ["bid", "challenge", "show", "stars"],
                      "lords_of_vegas": ["build", "other", "reorganize", "sprawl"]}


def made_games(exercises: tuple) -> list[str]:
    return sorted({e.game for e in exercises})
