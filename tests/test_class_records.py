"""The class records' SQLite store and the kernel's side of them: schema versions and migrations, one record
per idempotency key, transactions, refusals that change nothing, the export, and nothing recorded outside
class mode."""

from __future__ import annotations

import csv
import io
import json
import os
import random
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from vegas_tutor import class_records
from vegas_tutor.class_records import (
    MAX_BODY,
    MIGRATIONS,
    ClassRecords,
    RecordRefused,
    SchemaTooNew,
    kernel_key,
    sign_record,
    valid_name,
)
from vegas_tutor.class_teacher import lesson_title, teacher_view
from vegas_tutor.i18n import using
from vegas_tutor.tutor import class_relay
from vegas_tutor.tutor.class_relay import ENV_KERNEL, ENV_KEY, Recorder
from vegas_tutor.tutor.question import Prediction

ANNA, BENNO = "client-anna-0123456789", "client-benno-012345678"
LESSON = "01.01-placing-dice.ipynb"
QUESTION = {"question": "a1b2c3d4e5f6", "text": "Who takes the $80k?", "choices": ["Anna", "Benno", "Carla"],
            "choice": 1, "answer": 0, "attempt": 1}


def _store(tmp_path: Path) -> ClassRecords:
    store = ClassRecords(tmp_path / "class.sqlite")
    store.opened("kernel-a", ANNA, LESSON)
    store.opened("kernel-b", BENNO, LESSON)
    return store


def _signed(store: ClassRecords, kernel: str, seq: int, kind: str = "answer", **data: Any) -> tuple[str, str]:
    return sign_record(kernel_key(store.secret, kernel), kernel, seq, kind, {**QUESTION, **data} if kind == "answer"
                       else data)


def _count(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT COUNT(*) FROM records").fetchone()[0])


def test_a_new_file_is_at_the_latest_version_in_wal_mode_and_readable_by_its_owner_only(tmp_path: Path) -> None:
    store = ClassRecords(tmp_path / "class.sqlite")
    assert store.version == len(MIGRATIONS) == 2
    with sqlite3.connect(tmp_path / "class.sqlite") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")} >= {
            "session", "learners", "kernels", "records"}
    assert stat.S_IMODE((tmp_path / "class.sqlite").stat().st_mode) & 0o077 == 0
    secret = store.secret
    store.close()
    assert ClassRecords(tmp_path / "class.sqlite").secret == secret  # one session, kept across restarts


def test_a_version_1_file_is_migrated_and_keeps_its_records(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    old = ClassRecords(path, migrations=MIGRATIONS[:1])
    assert old.version == 1
    old.opened("kernel-a", ANNA, LESSON)
    assert old.add(*_signed(old, "kernel-a", 1), ANNA)
    old.close()
    with sqlite3.connect(path) as db:
        assert "renamed" not in {row[1] for row in db.execute("PRAGMA table_info(learners)")}
    store = ClassRecords(path)
    assert store.version == 2
    assert [r["data"]["choice"] for r in store.records()] == [1]
    assert store.rename(ANNA, "Anna").name == "Anna"  # the column version 2 added is written


def test_a_file_from_a_newer_vegas_tutor_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    ClassRecords(path).close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 9")
    with pytest.raises(SchemaTooNew, match="schema version 9"):
        ClassRecords(path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 9


def test_a_failing_migration_is_rolled_back_whole(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    ClassRecords(path, migrations=MIGRATIONS[:1]).close()
    broken = (*MIGRATIONS[:1], "ALTER TABLE learners ADD COLUMN renamed REAL; CREATE INDEX x ON nowhere (y)")
    with pytest.raises(sqlite3.OperationalError):
        ClassRecords(path, migrations=broken)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1
        assert "renamed" not in {row[1] for row in db.execute("PRAGMA table_info(learners)")}


def test_a_retried_record_is_kept_once(tmp_path: Path) -> None:
    store = _store(tmp_path)
    body, sig = _signed(store, "kernel-a", 1)
    assert store.add(body, sig, ANNA) is True
    assert store.add(body, sig, ANNA) is False
    assert store.add(*_signed(store, "kernel-a", 2, attempt=2, choice=0), ANNA) is True
    assert [(r["key"], r["data"]["attempt"]) for r in store.records()] == [("kernel-a:1", 1), ("kernel-a:2", 2)]


@pytest.mark.parametrize("change", ["sig", "body", "learner", "unknown kernel", "long", "kind", "choice", "fields"])
def test_a_bad_record_is_refused_with_a_reason_and_changes_nothing(tmp_path: Path, change: str) -> None:
    store = _store(tmp_path)
    assert store.add(*_signed(store, "kernel-a", 1), ANNA)
    body, sig = _signed(store, "kernel-a", 2)
    client, status = ANNA, 400
    if change == "sig":
        sig, status = "0" * 64, 403
    elif change == "body":
        body, status = body.replace('"choice":1', '"choice":0'), 403  # the page made it right: not the kernel's
    elif change == "learner":
        client, status = BENNO, 403  # Anna's lesson's record sent by Benno
    elif change == "unknown kernel":
        body, sig = _signed(store, "kernel-z", 1)
        status = 403
    elif change == "long":
        body, sig = _signed(store, "kernel-a", 2, text="x" * MAX_BODY)
        status = 413
    elif change == "kind":
        body, sig = _signed(store, "kernel-a", 2, kind="delete_everything", predictions=1)
    elif change == "choice":
        body, sig = _signed(store, "kernel-a", 2, choice=7)
    else:
        body, sig = _signed(store, "kernel-a", 2, "game", game="las_vegas", result="won", level="easy", moves=-1,
                            coach=None)
    before = store.changes
    with pytest.raises(RecordRefused) as refused:
        store.add(body, sig, client)
    assert refused.value.status == status and str(refused.value)
    assert store.changes == before and _count(tmp_path / "class.sqlite") == 1


def test_refusals_speak_the_language_in_force(tmp_path: Path) -> None:
    store = _store(tmp_path)
    with using("es"), pytest.raises(RecordRefused, match="es de la lección de otro estudiante"):
        store.add(*_signed(store, "kernel-a", 1), BENNO)
    with using("es"), pytest.raises(RecordRefused, match="como mucho 40 caracteres"):
        valid_name("x" * 41)


def test_a_write_interrupted_inside_its_transaction_leaves_nothing(tmp_path: Path) -> None:
    store = _store(tmp_path)
    with pytest.raises(RuntimeError), store._write() as db:
        db.execute("DELETE FROM learners")
        raise RuntimeError("the server stops halfway")
    assert len(store.learners()) == 2


def test_a_record_committed_survives_a_process_killed_right_after(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    store = _store(tmp_path)
    body, sig = _signed(store, "kernel-a", 1)
    store.close()
    script = ("import os, sys; from vegas_tutor.class_records import ClassRecords; "
              "s = ClassRecords(sys.argv[1]); print(s.add(sys.argv[2], sys.argv[3], sys.argv[4]), flush=True); "
              "os._exit(9)")  # no close, no checkpoint: the WAL alone holds it
    run = subprocess.run([sys.executable, "-c", script, str(path), body, sig, ANNA], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 9 and run.stdout.strip() == "True", run.stderr
    assert [r["key"] for r in ClassRecords(path).records()] == ["kernel-a:1"]


def test_names_are_checked_trimmed_and_changeable(tmp_path: Path) -> None:
    store = _store(tmp_path)
    assert valid_name("  Anna   María ") == "Anna María"
    for bad in ("", "   ", "x" * 41, "Anna\x07", 42):
        with pytest.raises(RecordRefused):
            valid_name(bad)
    assert store.rename(ANNA, "Ana").name == "Ana" and store.rename(ANNA, "Anna").name == "Anna"
    with pytest.raises(RecordRefused):
        store.rename(BENNO, "\n")
    learners = {learner.client: learner for learner in store.learners()}
    assert learners[BENNO].name == "" and learners[BENNO].shown(False) == "Learner 2"
    assert learners[ANNA].shown(True) == "Learner 1" and learners[ANNA].shown(False) == "Anna"


def test_the_export_has_a_line_per_lesson_opened_and_per_record(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.rename(ANNA, "Anna, \"the\" first")
    store.add(*_signed(store, "kernel-a", 1, choice=0), ANNA)
    store.add(*_signed(store, "kernel-b", 1), BENNO)
    store.add(*_signed(store, "kernel-b", 2, "game", game="las_vegas", result="lost", level="hard", moves=88,
                       coach={"decisions": 9, "inaccuracies": 2, "mistakes": 1}), BENNO)
    rows = list(csv.DictReader(io.StringIO(store.export_csv())))
    assert [(r["learner"], r["kind"]) for r in rows] == [("1", "opened"), ("2", "opened"), ("1", "answer"),
                                                          ("2", "answer"), ("2", "game")]
    assert rows[2]["name"] == "Anna, \"the\" first" and rows[2]["choice"] == "Anna" and rows[2]["right"] == "1"
    assert rows[3]["choice"] == "Benno" and rows[3]["answer"] == "Anna" and rows[3]["right"] == "0"
    assert (rows[4]["result"], rows[4]["level"], rows[4]["mistakes"], rows[4]["moves"]) == ("lost", "hard", "1", "88")
    assert all(r["at_utc"].endswith("Z") for r in rows)


def test_delete_removes_every_learner_and_record_of_the_session(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.add(*_signed(store, "kernel-a", 1), ANNA)
    store.set_anonymize(True)
    store.delete_all()
    assert store.learners() == [] and store.records() == [] and store.lessons_opened() == []
    assert not store.anonymize
    assert store.export_csv().count("\n") == 1  # the header only


def test_the_teacher_view_counts_first_answers_names_who_has_not_answered_and_sums_the_games(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.opened("kernel-c", "client-carla-012345678", LESSON)
    store.rename(ANNA, "Zoë")
    store.add(*_signed(store, "kernel-a", 1, choice=0), ANNA)
    store.add(*_signed(store, "kernel-a", 2, choice=2, attempt=2), ANNA)  # a second try is not counted
    store.add(*_signed(store, "kernel-b", 1, choice=1), BENNO)
    store.add(*_signed(store, "kernel-b", 2, "finished", predictions=1), BENNO)
    store.add(*_signed(store, "kernel-b", 3, "game", game="las_vegas", result="won", level="easy", moves=80,
                       coach={"decisions": 8, "inaccuracies": 1, "mistakes": 2}), BENNO)
    view = teacher_view(store)
    question = view["questions"][0]
    assert question["counts"] == [1, 1, 0] and question["total"] == 2 and question["waiting"] == ["Learner 3"]
    assert view["cells"]["1"][LESSON] == {"answered": 1, "right": 1, "finished": False}
    assert view["cells"]["2"][LESSON]["finished"] and view["cells"]["2"][LESSON]["games"] == 1
    assert view["games"][0] | {"players": None} == {
        "game": "las_vegas", "finished": 1, "won": 1, "coached": 1, "decisions": 8, "mistakes": 2,
        "inaccuracies": 1, "levels": {"easy": 1}, "players": None}
    assert [learner["name"] for learner in view["learners"]] == ["Zoë", "Learner 2", "Learner 3"]
    store.set_anonymize(True)
    assert "Zoë" not in json.dumps(teacher_view(store), ensure_ascii=False)
    assert view["lessons"] == [{"lesson": LESSON, "title": "01.01 Placing dice"}]
    assert lesson_title("es/02.03-desafios.ipynb") == "02.03 Desafios"


# ---------------------------------------------------------------------------------------------- the kernel's side
def _recorder(tmp_path: Path) -> tuple[Recorder, ClassRecords]:
    store = _store(tmp_path)
    return Recorder(environ={ENV_KERNEL: "kernel-a", ENV_KEY: kernel_key(store.secret, "kernel-a")}), store


def test_outside_class_mode_the_kernel_records_nothing_and_shows_no_relay() -> None:
    assert ENV_KEY not in os.environ and not class_relay.recorder.active
    question = Prediction("Who takes the $80k?", ["Anna", "Benno"], answer=0, explanation="Anna has the most dice.")
    question.choose("Benno")
    assert question.reveal()
    class_relay.recorder.lesson(2)
    class_relay.recorder.reached_end()
    assert class_relay.recorder.kept == [] and class_relay.recorder.relay is None


def test_the_lesson_progress_line_knows_class_mode(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from vegas_tutor.tutor import progress

    assert progress.LessonProgress(predictions=2).class_mode is False  # outside: the answers stay in the browser
    recorder, _ = _recorder(tmp_path)
    recorder.show = lambda: None  # type: ignore[method-assign]  # no relay widget outside a kernel
    monkeypatch.setattr(progress, "recorder", recorder)
    line = progress.LessonProgress(predictions=2)
    assert line.class_mode is True and recorder.predictions == 2  # the page must not say "in this browser only"


def test_the_kernel_signs_answers_the_store_accepts_and_the_browser_cannot_change(tmp_path: Path) -> None:
    recorder, store = _recorder(tmp_path)
    recorder.predictions = 2
    recorder.prediction("a1b2c3d4e5f6", "Who takes the $80k?", ["Anna", "Benno"], 1, 0)
    recorder.prediction("a1b2c3d4e5f6", "Who takes the $80k?", ["Anna", "Benno"], 0, 0)
    first, second = recorder.kept
    assert (first["key"], second["key"]) == ("kernel-a:1", "kernel-a:2")
    assert store.add(first["body"], first["sig"], ANNA) and store.add(second["body"], second["sig"], ANNA)
    assert [(r["data"]["choice"], r["data"]["attempt"]) for r in store.records()] == [(1, 1), (0, 2)]
    forged = json.loads(first["body"])
    forged["data"]["choice"], forged["seq"] = 0, 9
    with pytest.raises(RecordRefused, match="not made by a lesson"):
        store.add(json.dumps(forged), first["sig"], ANNA)


def test_a_lesson_is_finished_once_every_prediction_is_answered_and_its_end_was_reached(tmp_path: Path) -> None:
    recorder, store = _recorder(tmp_path)
    recorder.predictions = 2
    recorder.reached_end()
    recorder.prediction("aaaaaaaaaaaa", "One?", ["a", "b"], 0, 0)
    assert [json.loads(k["body"])["kind"] for k in recorder.kept] == ["answer"]
    recorder.prediction("bbbbbbbbbbbb", "Two?", ["a", "b"], 1, 0)
    recorder.prediction("bbbbbbbbbbbb", "Two?", ["a", "b"], 0, 0)
    kinds = [json.loads(k["body"])["kind"] for k in recorder.kept]
    assert kinds == ["answer", "answer", "finished", "answer"]
    for kept in recorder.kept:
        store.add(kept["body"], kept["sig"], ANNA)
    assert [r["kind"] for r in store.records()] == kinds


def _board(winners: list[int], coach: Any = None) -> Any:
    state = SimpleNamespace(players=3, GAME_ID="las_vegas", history=[0] * 42, winners=winners)
    return SimpleNamespace(_state=state, _is_learner=lambda seat: seat == 0, _opponents=lambda: "medium",
                           _coach=coach)


def test_a_game_played_to_the_end_records_result_level_and_the_coachs_summary(tmp_path: Path) -> None:
    recorder, store = _recorder(tmp_path)
    recorder.game_over(_board([0]))
    recorder.game_over(_board([0, 2]))
    review = SimpleNamespace
    verdict = SimpleNamespace(verdict=lambda loss: "good" if loss < 1 else "inaccuracy" if loss < 5 else "mistake")
    coach = SimpleNamespace(on=True, sync=lambda state, learner: None, game=verdict,
                            decisions=[review(review=review(loss=0.2)), review(review=review(loss=7.0)),
                                       review(review=review(loss=3.0)), review(review=None)])
    recorder.game_over(_board([1], coach))
    games = [json.loads(k["body"])["data"] for k in recorder.kept]
    assert [(g["result"], g["level"], g["moves"]) for g in games] == [("won", "medium", 42), ("shared", "medium", 42),
                                                                      ("lost", "medium", 42)]
    assert games[0]["coach"] is None and games[2]["coach"] == {"decisions": 4, "inaccuracies": 1, "mistakes": 1}
    for kept in recorder.kept:
        assert store.add(kept["body"], kept["sig"], ANNA)


@pytest.mark.parametrize("coach", [False, True])
def test_a_real_board_played_to_the_end_records_its_game_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             coach: bool) -> None:
    from vegas_tutor.tutor.las_vegas.board import LasVegasBoard

    store = _store(tmp_path)
    live = class_relay.recorder
    monkeypatch.setattr(live, "kernel", "kernel-a")
    monkeypatch.setattr(live, "key", kernel_key(store.secret, "kernel-a"))
    monkeypatch.setattr(live, "kept", [])
    board = LasVegasBoard(seed=3, coach=coach, bots="easy")
    pick = random.Random(1)
    while not board.board["is_over"]:
        shown = board.board
        groups = (shown.get("roll") or {}).get("groups") or []
        assert board.handle({"type": "roll"} if shown["phase"] in ("roll", "spare")
                            else {"type": "place", "face": pick.choice(groups)["face"]}), board.error
    board.handle({"type": "new_game"})
    games = [json.loads(kept["body"]) for kept in live.kept]
    assert [game["kind"] for game in games] == ["game"]
    data = games[0]["data"]
    assert data["result"] in ("won", "shared", "lost") and data["level"] == "easy" and data["moves"] > 40
    if coach:
        assert data["coach"]["decisions"] >= 8 and data["coach"]["mistakes"] >= 0
    else:
        assert data["coach"] is None
    assert store.add(live.kept[0]["body"], live.kept[0]["sig"], ANNA)


def test_practice_answers_reach_the_teacher_by_theme_the_most_missed_first(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from vegas_tutor.tutor.practice import Practice

    store = _store(tmp_path)
    store.opened("kernel-p", ANNA, "practice.ipynb")
    live = class_relay.recorder
    monkeypatch.setattr(live, "kernel", "kernel-p")
    monkeypatch.setattr(live, "key", kernel_key(store.secret, "kernel-p"))
    monkeypatch.setattr(live, "kept", [])
    monkeypatch.setattr(live, "show", lambda: None)  # no relay widget outside a kernel
    page = Practice()
    judged = []
    for k in range(4):  # the easy opponent's own choice (a mistake) twice, the coach's twice
        exercise = page.current
        assert exercise is not None
        result = page.answer(exercise.choice if k < 2 else exercise.best)
        judged.append((exercise.game, exercise.theme, result["answer"]))
        page.next()
    for kept in live.kept:
        assert store.add(kept["body"], kept["sig"], ANNA)
    assert [(r["data"]["game"], r["data"]["theme"], r["data"]["answer"]) for r in store.records(kind="practice")] \
        == judged
    store.add(*_signed(store, "kernel-b", 1, "practice", game="las_vegas", theme="tie", source="game",
                       answer="inaccuracy"), BENNO)
    rows = teacher_view(store)["practice"]
    tie = next(row for row in rows if row["theme"] == "tie")
    assert tie | {"words": None} == {"game": "las_vegas", "theme": "tie", "words": None, "answers": 2, "missed": 2,
                                      "learners": 2, "missing": 2}
    assert tie["words"] == "ties that cancel" and rows[0]["missed"] == rows[0]["answers"]
    assert [row["missed"] / row["answers"] for row in rows] == sorted((r["missed"] / r["answers"] for r in rows),
                                                                      reverse=True)
    with using("es"):
        assert teacher_view(store)["practice"][0]["words"] == "los empates que se anulan"


@pytest.mark.parametrize("change", [{"game": "chess"}, {"theme": "stars"}, {"source": "friend"}, {"answer": "right"}])
def test_a_practice_record_with_a_bad_field_is_refused(tmp_path: Path, change: dict[str, str]) -> None:
    store = _store(tmp_path)
    data = {"game": "las_vegas", "theme": "tie", "source": "starter", "answer": "mistake", **change}
    with pytest.raises(RecordRefused, match=f"{next(iter(change))} must be one of"):
        store.add(*_signed(store, "kernel-a", 1, "practice", **data), ANNA)
    assert store.records() == []


def test_the_store_module_names_the_default_file_in_the_working_folder() -> None:
    assert class_records.DEFAULT_FILE == "vegas-tutor-class.sqlite"
